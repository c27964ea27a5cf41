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
            try await services.keptJSON(request, context, kept: .tick) {
                let database = try context.env.database
                return FocusPresenter.present(
                    try await services.focusInteractor(database).current(),
                    localizer: try context.localizer)
            }
        }
        router.post("/api/v1/focus/start") { request, context in
            let body = try await JSONBody.decode(Focus.Start.Request.self, from: request)
            return try await respond(context, .start) {
                try await $0.start(body ?? Focus.Start.Request(), madeAt: MadeAt.of(request))
            }
        }
        router.post("/api/v1/focus/pause") { request, context in
            try await respond(context, .pause) { try await $0.pause(madeAt: MadeAt.of(request)) }
        }
        router.post("/api/v1/focus/resume") { request, context in
            try await respond(context, .resume) { try await $0.resume(madeAt: MadeAt.of(request)) }
        }
        router.post("/api/v1/focus/stop") { request, context in
            try await respond(context, .stop) { try await $0.stop(madeAt: MadeAt.of(request)) }
        }
        router.post("/api/v1/focus/extend") { request, context in
            let minutes = try await JSONBody.decode(Extension.self, from: request)?.minutes ?? 5
            return try await respond(context) { try await $0.extend(byMinutes: minutes) }
        }
        router.post("/api/v1/focus/sound") { request, context in
            let sound = try await JSONBody.decode(SoundChange.self, from: request)?.sound ?? ""
            return try await respond(context) { try await $0.changeSound(sound) }
        }
    }

    /// Runs `action` and answers the timer's view model, saying what `said` did when given; a refusal it throws is
    /// answered as its `SceneProblem`.
    private func respond(
        _ context: DaybookRequestContext, _ said: Focus.Action? = nil,
        _ action: (FocusInteractor) async throws -> Focus.Response
    ) async throws -> Response {
        let database = try context.env.database
        let localizer = try context.localizer
        let response = try await action(services.focusInteractor(database))
        return try JSONResponse.make(
            said.map { FocusPresenter.present(response, after: $0, localizer: localizer) }
                ?? FocusPresenter.present(response, localizer: localizer))
    }
}
