import DaybookCore
import DaybookFeatures
import Foundation
import Hummingbird

/// `/api/v1/focus`: the timer's view model, and its actions.
///
/// Start, pause, resume and stop sent later from a device's outbox carry `Daybook-Made-At`, the device's clock when
/// the person acted, so the session is recorded with its true times.
struct FocusAPIRoutes {
    let services: AppServices

    struct Extension: Decodable {
        var minutes: Int?
    }

    struct SoundChange: Decodable {
        var sound: String
    }

    func register(on router: Router<DaybookRequestContext>) {
        router.get("/api/v1/focus") { request, context in
            // Many windows poll the timer; they share one reading a tenth of a second at a time.
            let env = try context.env
            return try await services.keptJSON(request, context, kept: .tick) {
                FocusPresenter.present(try await env.focus.current(), localizer: env.localizer)
            }
        }
        router.post("/api/v1/focus/start") { request, context in
            let body = try await JSONBody.decode(Focus.Start.Request.self, from: request)
            let env = try context.env
            let response = try await env.focus.start(body ?? Focus.Start.Request(), madeAt: MadeAt.of(request))
            return try JSONResponse.make(FocusPresenter.present(response, after: .start, localizer: env.localizer))
        }
        router.post("/api/v1/focus/pause") { request, context in
            let env = try context.env
            let response = try await env.focus.pause(madeAt: MadeAt.of(request))
            return try JSONResponse.make(FocusPresenter.present(response, after: .pause, localizer: env.localizer))
        }
        router.post("/api/v1/focus/resume") { request, context in
            let env = try context.env
            let response = try await env.focus.resume(madeAt: MadeAt.of(request))
            return try JSONResponse.make(FocusPresenter.present(response, after: .resume, localizer: env.localizer))
        }
        router.post("/api/v1/focus/stop") { request, context in
            let env = try context.env
            let response = try await env.focus.stop(madeAt: MadeAt.of(request))
            return try JSONResponse.make(FocusPresenter.present(response, after: .stop, localizer: env.localizer))
        }
        router.post("/api/v1/focus/extend") { request, context in
            let minutes = try await JSONBody.decode(Extension.self, from: request)?.minutes ?? 5
            let env = try context.env
            let response = try await env.focus.extend(byMinutes: minutes)
            return try JSONResponse.make(FocusPresenter.present(response, localizer: env.localizer))
        }
        router.post("/api/v1/focus/sound") { request, context in
            let sound = try await JSONBody.decode(SoundChange.self, from: request)?.sound ?? ""
            let env = try context.env
            let response = try await env.focus.changeSound(sound)
            return try JSONResponse.make(FocusPresenter.present(response, localizer: env.localizer))
        }
    }
}
