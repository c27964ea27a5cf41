import DaybookCore
import DaybookFeatures
import DaybookStore
import Hummingbird

/// `/api/v1/shortcuts`: the names a phone's shortcut offers to choose from, with the ids its actions take.
struct ShortcutRoutes {
    let services: AppServices

    func register(on router: Router<DaybookRequestContext>) {
        router.get("/api/v1/shortcuts") { request, context in
            return try JSONResponse.make(try await Self.choices(try context.env))
        }
    }

    /// The lists, read as the app shows them: the trackers and today's blocks.
    static func choices(_ env: PageEnvironment) async throws -> ShortcutChoices.List {
        ShortcutChoices.present(
            trackers: try await env.trackers.list(), day: try await env.timeline.day(nil), localizer: env.localizer)
    }
}
