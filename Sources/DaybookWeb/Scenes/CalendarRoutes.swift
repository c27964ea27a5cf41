import DaybookCore
import DaybookFeatures
import Hummingbird

/// `/calendar`: a month of the journal, with one day opened below the grid.
struct CalendarRoutes {
    let services: AppServices

    func register(pages: RouterGroup<DaybookRequestContext>) {
        pages.get("/calendar") { request, context in
            let env = try context.env
            let query = request.uri.queryParameters
            let page = try await env.page(request, kept: .day) {
                let response = try await env.calendar.month(
                    query["month"].map(String.init), day: query["day"].map(String.init))
                let model = CalendarPresenter.present(response, localizer: env.localizer)
                return try PageRenderer.EncodedPage(model, title: model.title)
            }
            return try env.render("calendar", encoded: page, current: .calendar, context: context)
        }
    }
}
