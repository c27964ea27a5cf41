import DaybookCore
import DaybookFeatures
import Foundation
import Hummingbird

/// `/map`: entries where they were written; `/map/static.svg`: the small map on an entry's page.
struct MapRoutes {
    let services: AppServices

    func register(on router: Router<DaybookRequestContext>, pages: RouterGroup<DaybookRequestContext>) {
        pages.get("/map") { request, context in
            let env = try context.env
            let at = request.uri.queryParameters["at"].map(String.init)
            let page = try await env.page(request, kept: .day) {
                let response = try await env.map.page(at: at)
                let model = MapPresenter.present(
                    response, basemap: "/static/map/world.json?v=\(services.assets.version)",
                    connections: await services.connections.current(env.database) ?? .none, localizer: env.localizer)
                return try PageRenderer.EncodedPage(model, title: model.title)
            }
            return try env.render("map", encoded: page, current: .map, context: context)
        }
        router.get("/map/static.svg") { request, context in
            guard let point = request.uri.queryParameters["at"].flatMap({ Coordinate(text: String($0)) }) else {
                throw EntryMap.Problem.invalidPoint
            }
            let localizer = try context.localizer
            guard let basemap = services.basemaps.basemap(services.assets) else { throw Assets.Problem.notFound }
            let svg = StaticMapSVG.render(
                basemap, at: point, title: PlacePresenter.point(point, localizer: localizer))
            var headers = HTTPFields()
            headers[.contentType] = "image/svg+xml"
            // Where the owner was is theirs alone: kept by their browser, never by a shared cache.
            headers[.cacheControl] = "private, max-age=86400"
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: svg)))
        }
    }
}
