import DaybookCore
import DaybookFeatures
import Hummingbird

/// `/stats`: the dashboard, and `/api/v1/stats` with the same view model.
struct StatsRoutes {
    let services: AppServices

    func register(on router: Router<DaybookRequestContext>, pages: RouterGroup<DaybookRequestContext>) {
        pages.get("/stats") { request, context in
            let env = try context.env
            // The dashboard depends only on the stored data, the day and the language: kept until they change.
            let page = try await env.page(request, kept: .day) {
                guard let response = try await env.stats.load(Self.request(request)) else {
                    throw Onboarding.Problem.notSetUp
                }
                var model = StatsPresenter.present(response, localizer: env.localizer)
                // A square per day of the year: drawn here in one pass instead of through the template.
                let cells = HeatmapMarkup.cells(model.heatmap.cells)
                model.heatmap.cells = []
                return try PageRenderer.EncodedPage(model, title: model.title, markup: ["heatmapCells": cells])
            }
            return try env.render("stats", encoded: page, current: .stats, context: context)
        }
        router.get("/api/v1/stats") { request, context in
            let env = try context.env
            guard let response = try await env.stats.load(Self.request(request)) else {
                throw Onboarding.Problem.notSetUp
            }
            return try JSONResponse.make(StatsPresenter.present(response, localizer: env.localizer))
        }
    }

    static func request(_ request: Request) -> Stats.Load.Request {
        let query = request.uri.queryParameters
        return Stats.Load.Request(week: query["week"].map(String.init), page: query["page"].map(String.init))
    }
}

/// The heatmap's squares as SVG, every text escaped.
enum HeatmapMarkup {
    static func cells(_ cells: [Stats.HeatCell]) -> String {
        var svg = ""
        svg.reserveCapacity(cells.count * 110)
        for cell in cells {
            svg +=
                #"<rect class="heat l\#(cell.level)" x="\#(cell.x)" y="\#(cell.y)" width="10" height="10" rx="2"><title>"#
            HTMLText.append(cell.title, to: &svg)
            svg += "</title></rect>"
        }
        return svg
    }
}
