import DaybookCore
import DaybookFeatures
import DaybookStore
import Hummingbird

/// `/api/v1/shortcuts`: the names a phone's shortcut offers to choose from, with the ids its actions take.
struct ShortcutRoutes {
    let services: AppServices

    func register(on router: Router<DaybookRequestContext>) {
        router.get("/api/v1/shortcuts") { request, context in
            let database = try context.env.database
            let localizer = try context.localizer
            return try JSONResponse.make(try await Self.choices(services, database, localizer: localizer))
        }
    }

    /// The lists, read as the app shows them: the trackers and today's blocks.
    static func choices(_ services: AppServices, _ database: AppDatabase, localizer: Localizer) async throws
        -> ShortcutChoices.List
    {
        ShortcutChoices.present(
            trackers: try await services.trackerInteractor(database).list(),
            day: try await services.timelineInteractor(database).day(nil), localizer: localizer)
    }
}
