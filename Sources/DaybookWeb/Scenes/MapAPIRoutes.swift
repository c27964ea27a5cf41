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
            let env = try context.env
            // Panning back and forth asks for the same areas again: kept until the next write.
            return try await services.keptJSON(request, context, kept: .day) {
                let clusters = try await env.map.clusters(
                    bbox: query["bbox"].map(String.init), zoom: query["zoom"].map(String.init))
                return MapPresenter.json(clusters, localizer: env.localizer)
            }
        }
        router.get("/api/v1/map/entries") { request, context in
            let query = request.uri.queryParameters
            let env = try context.env
            let page = try await env.map.entries(
                bbox: query["bbox"].map(String.init), limit: query["limit"].map(String.init))
            return try JSONResponse.make(MapPresenter.json(page, localizer: env.localizer))
        }
        router.get("/api/v1/place") { request, context in
            let raw = request.uri.queryParameters["at"].map(String.init) ?? ""
            guard let point = Coordinate(text: raw) else { throw EntryMap.Problem.invalidPoint }
            let env = try context.env
            let place = try await env.journal.place(at: point.latitude, point.longitude)
            return try JSONResponse.make(PlacePresenter.json(place, localizer: env.localizer))
        }
    }
}
