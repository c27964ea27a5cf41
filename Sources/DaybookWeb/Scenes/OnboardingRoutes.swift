import DaybookCore
import DaybookFeatures
import Hummingbird

/// `/onboarding`: welcome, name, journal name and accent.
struct OnboardingRoutes {
    let services: AppServices

    func register(on router: Router<DaybookRequestContext>) {
        router.get("/onboarding", use: show)
        router.post("/onboarding/language") { request, context in
            try await submit(.welcome, request: request, context: context) { interactor, env in
                _ = try await interactor.chooseLanguage(context.form["language"] ?? "", negotiated: env.negotiated)
                return "/onboarding?step=name"
            }
        }
        router.post("/onboarding/name") { request, context in
            try await submit(.name, request: request, context: context) { interactor, env in
                _ = try await interactor.saveName(context.form["name"] ?? "", negotiated: env.negotiated)
                return "/onboarding?step=journal"
            }
        }
        router.post("/onboarding/journal") { request, context in
            try await submit(.journal, request: request, context: context) { interactor, env in
                _ = try await interactor.finish(
                    journalName: context.form["journalName"] ?? "", accentColor: context.form["accentColor"],
                    negotiated: env.negotiated)
                return "/"
            }
        }
    }

    @Sendable func show(request: Request, context: DaybookRequestContext) async throws -> Response {
        let env = try context.env
        guard env.settings.needsOnboarding else { return Response.seeOther("/") }
        let requested = request.uri.queryParameters["step"].flatMap { Onboarding.Step(rawValue: String($0)) }
        let response = try await interactor(env).load(requested: requested, negotiated: env.negotiated)
        return try render(OnboardingPresenter.present(response, localizer: env.localizer), env, context)
    }

    /// Runs one step's save; a refused value re-shows the step with what was typed, and nothing is saved.
    private func submit(
        _ step: Onboarding.Step, request: Request, context: DaybookRequestContext,
        save: (OnboardingInteractor, PageEnvironment) async throws -> String
    ) async throws -> Response {
        let env = try context.env
        do {
            return Response.seeOther(try await save(interactor(env), env))
        } catch let error as SettingsChange.Problem {
            let typed = SettingsChange(
                name: context.form["name"], journalName: context.form["journalName"],
                language: context.form["language"], accentColor: context.form["accentColor"])
            let response = Onboarding.Load.Response(
                settings: env.settings, step: error.problems[.name] != nil ? .name : step)
            let model = OnboardingPresenter.present(
                response, rejection: SettingsRejection(typed: typed, problems: error.problems),
                localizer: env.localizer)
            return try render(model, env, context, status: error.status)
        }
    }

    private func interactor(_ env: PageEnvironment) -> OnboardingInteractor {
        let services = services
        return OnboardingInteractor(store: env.database, initial: { services.initialSettings(language: $0) })
    }

    private func render(
        _ model: Onboarding.ViewModel, _ env: PageEnvironment, _ context: DaybookRequestContext,
        status: HTTPResponse.Status = .ok
    ) throws -> Response {
        try env.render(
            "onboarding", page: model, title: model.title, current: nil, showsNavigation: false,
            context: context, status: status)
    }
}
