import DaybookCore
import DaybookFeatures
import Hummingbird

/// `/settings`: preferences, API tokens, version and privacy.
struct SettingsRoutes {
    let services: AppServices

    func register(on router: Router<DaybookRequestContext>, pages: RouterGroup<DaybookRequestContext>) {
        pages.get("/settings") { request, context in
            let env = try context.env
            let saved = request.uri.queryParameters["saved"] != nil
            let model = SettingsPresenter.present(
                try await interactor(env).load(), saved: saved, requiresLogin: services.requiresLogin,
                localizer: env.localizer)
            return try await render(model, env, context)
        }
        router.post("/settings") { request, context in
            let env = try context.env
            let change = SettingsChange(form: context.form)
            do {
                _ = try await interactor(env).update(change)
                return Response.seeOther("/settings?saved=1")
            } catch let error as SettingsChange.Problem {
                let model = SettingsPresenter.present(
                    try await interactor(env).load(),
                    rejection: SettingsRejection(typed: change, problems: error.problems),
                    requiresLogin: services.requiresLogin, localizer: env.localizer)
                return try await render(model, env, context, status: error.status)
            }
        }
        router.post("/settings/tokens") { request, context in
            let env = try context.env
            let settings = SettingsPresenter.present(
                try await interactor(env).load(), requiresLogin: services.requiresLogin, localizer: env.localizer)
            let name = context.form["tokenName"] ?? ""
            do {
                guard let scope = TokenScope(rawValue: context.form["tokenScope"] ?? TokenScope.full.rawValue),
                    let lifetime = Access.TokenLifetime(rawValue: context.form["tokenLifetime"] ?? "never")
                else { throw Access.Problem.unknownChoice }
                let created = try await env.access.createToken(
                    name: name, scope: scope, lifetime: lifetime)
                return try await render(settings, env, context, created: created)
            } catch let problem as Access.Problem {
                return try await render(
                    settings, env, context, status: problem.status, typedName: name, problem: problem)
            }
        }
        router.post("/settings/tokens/{id}/revoke") { request, context in
            let env = try context.env
            try await env.access.revokeToken(id: context.parameters.require("id"))
            return Response.seeOther("/settings#access")
        }
    }

    private func interactor(_ env: PageEnvironment) -> SettingsInteractor {
        let initial = env.settings
        return SettingsInteractor(store: env.database, events: services.events, initial: { initial })
    }

    private func render(
        _ settings: SettingsScene.ViewModel, _ env: PageEnvironment, _ context: DaybookRequestContext,
        status: HTTPResponse.Status = .ok, created: Access.CreatedToken? = nil, typedName: String = "",
        problem: Access.Problem? = nil
    ) async throws -> Response {
        let tokens = try await env.access.tokens()
        let access = AccessPresenter.present(
            tokens: tokens, created: created, typedName: typedName, problem: problem,
            linkBase: services.configuration.publicURL?.text ?? "", now: services.clock.now(), localizer: env.localizer)
        let page = SettingsScene.Page(settings: settings, access: access)
        return try env.render(
            "settings", page: page, title: settings.title, current: .settings, context: context,
            status: status)
    }
}

extension SettingsChange {
    /// The fields a settings form sent; absent fields stay as they are.
    init(form: FormData) {
        self.init(
            name: form["name"], journalName: form["journalName"], language: form["language"],
            accentColor: form["accentColor"], appearance: form["appearance"], timeZone: form["timeZone"],
            firstWeekday: form["firstWeekday"], units: form["units"], focusMinutes: form["focusMinutes"],
            focusSound: form["focusSound"], dailyGoalMinutes: form["dailyGoalMinutes"])
    }
}
