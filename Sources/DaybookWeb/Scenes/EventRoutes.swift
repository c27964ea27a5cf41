import DaybookCore
import DaybookFeatures
import Hummingbird
import ServiceLifecycle

/// `/events`: server-sent events telling every open page what changed (`timer`, `tasks`, `settings`).
///
/// A stream opened with a login session or a token ends when that no longer lets it in: at sign-out, when its
/// device is ended, its token revoked or the passphrase changed (each publishes `access`, and the stream checks).
struct EventRoutes {
    let services: AppServices

    func register(on router: Router<DaybookRequestContext>) {
        router.get("/events") { _, context in
            let stream = await services.events.subscribe()
            let stillAllowed = credentialCheck(context)
            let body = ResponseBody { writer in
                // Browsers reconnect by themselves after `retry` milliseconds.
                try await writer.write(ByteBuffer(string: "retry: 2000\n: connected\n\n"))
                for await event in stream.cancelOnGracefulShutdown() {
                    guard event != .access else {
                        if await stillAllowed() { continue }
                        break
                    }
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

    /// Whether what let this request in (its session or its token) still would; always, when it needed neither.
    private func credentialCheck(_ context: DaybookRequestContext) -> @Sendable () async -> Bool {
        let token = context.token
        let session = context.session
        let services = services
        return {
            guard let database = services.gate.database else { return false }
            let access = services.accessInteractor(database)
            if let token {
                guard case .granted = try? await access.authorize(bearer: token) else { return false }
                return true
            }
            if let session { return (try? await access.useSession(session)) != nil }
            return true
        }
    }
}
