import DaybookFeatures
import Hummingbird

/// `/more`: on a phone, the places beyond the bottom bar, as a page of its own (it works without scripts).
struct MoreRoutes {
    let services: AppServices

    func register(pages: RouterGroup<DaybookRequestContext>) {
        pages.get("/more") { request, context in
            let env = try context.env
            let model = ShellPresenter.presentMore(localizer: env.localizer)
            return try services.renderer.render(
                "more", page: model, shell: env.shell(title: model.title, current: nil, onMorePage: true),
                csrf: context.csrfToken, theme: env.theme, status: .ok, markup: [:])
        }
    }
}
