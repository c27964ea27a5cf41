import DaybookFeatures
import Hummingbird

/// `/`: Today. Until onboarding is done, it leads there.
struct TodayRoutes {
    let services: AppServices

    func register(on router: Router<DaybookRequestContext>, pages: RouterGroup<DaybookRequestContext>) {
        pages.get("/") { request, context in
            let env = try context.env
            let paired = request.uri.queryParameters["paired"] != nil
            let page = try await env.page(request, kept: .minute) {
                guard let response = try await interactor(env).load() else { throw Onboarding.Problem.notSetUp }
                let model = TodayPresenter.present(response, paired: paired, localizer: env.localizer)
                return try PageRenderer.EncodedPage(model, title: model.title)
            }
            return try env.render("today", encoded: page, current: .today, context: context)
        }
        // The morning prompt: how did you sleep, 1–5. It goes into today's log.
        router.post("/today/sleep") { request, context in
            let env = try context.env
            try await interactor(env).recordSleep(context.form["quality"], madeAt: MadeAt.of(request))
            return Response.seeOther("/")
        }
    }

    private func interactor(_ env: PageEnvironment) -> TodayInteractor {
        TodayInteractor(
            store: env.database, snapshots: env.database, logs: env.database, clock: services.clock,
            events: services.events)
    }
}
