import DaybookCore
import DaybookFeatures
import Hummingbird

/// `/api/v1/map` (clusters of an area), `/api/v1/map/entries` (the entries of one) and `/api/v1/place` (the
/// name of a point, as a save would give it).
struct MapAPIRoutes {
    let services: AppServices

    func register(on router: Router<DaybookRequestContext>) {
        router.get("/api/v1/map") { request, context in
            let query = request.uri.queryParameters
            return try await respond(context) { interactor, localizer in
                let clusters = try await interactor.clusters(
                    bbox: query["bbox"].map(String.init), zoom: query["zoom"].map(String.init))
                // Panning back and forth asks for the same areas again: kept until the next write.
                return try await services.keptJSON(request, context, kept: .day) {
                    MapPresenter.json(clusters, localizer: localizer)
                }
            }
        }
        router.get("/api/v1/map/entries") { request, context in
            let query = request.uri.queryParameters
            return try await respond(context) { interactor, localizer in
                let page = try await interactor.entries(
                    bbox: query["bbox"].map(String.init), limit: query["limit"].map(String.init))
                return try JSONResponse.make(MapPresenter.json(page, localizer: localizer))
            }
        }
        router.get("/api/v1/place") { request, context in
            let raw = request.uri.queryParameters["at"].map(String.init) ?? ""
            return try await respond(context) { _, localizer in
                guard let point = Coordinate(text: raw) else { throw EntryMap.Problem.invalidPoint }
                let database = try context.env.database
                let place = try await services.journalInteractor(database).place(at: point.latitude, point.longitude)
                return try JSONResponse.make(PlacePresenter.json(place, localizer: localizer))
            }
        }
    }

    /// Runs `action` with the Map's interactor and the owner's language; a refusal it throws is answered as its
    /// `SceneProblem`.
    private func respond(
        _ context: DaybookRequestContext, _ action: (MapInteractor, Localizer) async throws -> Response
    ) async throws -> Response {
        let database = try context.env.database
        let localizer = try context.localizer
        return try await action(services.mapInteractor(database), localizer)
    }
}
