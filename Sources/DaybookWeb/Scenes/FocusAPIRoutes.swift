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
        router.get("/api/v1/focus") { request, _ in
            // Many windows poll the timer; they share one reading a tenth of a second at a time.
            try await services.keptJSON(request, kept: .tick) {
                let database = try await services.database()
                return FocusPresenter.present(
                    try await services.focusInteractor(database).current(),
                    localizer: try await services.ownerLocalizer(database, request: request))
            }
        }
        router.post("/api/v1/focus/start") { request, context in
            let body = try await JSONBody.decode(Focus.Start.Request.self, from: request)
            return try await respond(request, .start) {
                try await $0.start(body ?? Focus.Start.Request(), madeAt: MadeAt.of(request))
            }
        }
        router.post("/api/v1/focus/pause") { request, _ in
            try await respond(request, .pause) { try await $0.pause(madeAt: MadeAt.of(request)) }
        }
        router.post("/api/v1/focus/resume") { request, _ in
            try await respond(request, .resume) { try await $0.resume(madeAt: MadeAt.of(request)) }
        }
        router.post("/api/v1/focus/stop") { request, _ in
            try await respond(request, .stop) { try await $0.stop(madeAt: MadeAt.of(request)) }
        }
        router.post("/api/v1/focus/extend") { request, context in
            let minutes = try await JSONBody.decode(Extension.self, from: request)?.minutes ?? 5
            return try await respond(request) { try await $0.extend(byMinutes: minutes) }
        }
        router.post("/api/v1/focus/sound") { request, context in
            let sound = try await JSONBody.decode(SoundChange.self, from: request)?.sound ?? ""
            return try await respond(request) { try await $0.changeSound(sound) }
        }
    }

    /// Runs `action` and answers the timer's view model, saying what `said` did when given; a refusal it throws is
    /// answered as its `SceneProblem`.
    private func respond(
        _ request: Request, _ said: Focus.Action? = nil, _ action: (FocusInteractor) async throws -> Focus.Response
    ) async throws -> Response {
        let database = try await services.database()
        let localizer = try await services.ownerLocalizer(database, request: request)
        let response = try await action(services.focusInteractor(database))
        return try JSONResponse.make(
            said.map { FocusPresenter.present(response, after: $0, localizer: localizer) }
                ?? FocusPresenter.present(response, localizer: localizer))
    }
}
