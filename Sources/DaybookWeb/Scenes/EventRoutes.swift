import DaybookCore
import Hummingbird
import ServiceLifecycle

/// `/events`: server-sent events telling every open page what changed (`timer`, `tasks`, `settings`).
struct EventRoutes {
    let services: AppServices

    func register(on router: Router<DaybookRequestContext>) {
        router.get("/events") { _, _ in
            let stream = await services.events.subscribe()
            let body = ResponseBody { writer in
                // Browsers reconnect by themselves after `retry` milliseconds.
                try await writer.write(ByteBuffer(string: "retry: 2000\n: connected\n\n"))
                for await event in stream.cancelOnGracefulShutdown() {
                    try await writer.write(ByteBuffer(string: "event: \(event.rawValue)\ndata: {}\n\n"))
                }
                try await writer.finish(nil)
            }
            return Response(
                status: .ok,
                headers: [.contentType: "text/event-stream", .cacheControl: "no-store"],
                body: body)
        }
    }
}
