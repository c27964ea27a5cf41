import DaybookCore
import DaybookFeatures
import Hummingbird

/// `/settings/iphone`: Daybook outside the app on a phone — a Shortcuts token, each action as a shortcut sends it
/// (to copy, and to try), and the steps for the Home Screen, Lock Screen, Control Center, Siri and Scriptable.
struct PhoneRoutes {
    let services: AppServices

    func register(on router: Router<DaybookRequestContext>) {
        router.get("/settings/iphone") { request, context in
            try await render(request, context)
        }
        router.post("/settings/iphone/token") { request, context in
            let env = try context.env
            do {
                let created = try await env.access.createToken(
                    name: env.localizer("phone.token.name"), scope: .shortcuts)
                return try await render(request, context, created: created.secret)
            } catch let problem as Access.Problem {
                return try await render(request, context, status: problem.status, problem: problem)
            }
        }
    }

    private func render(
        _ request: Request, _ context: DaybookRequestContext, status: HTTPResponse.Status = .ok,
        created: String? = nil, problem: Access.Problem? = nil
    ) async throws -> Response {
        let env = try context.env
        let choices = try await ShortcutRoutes.choices(env)
        // Without a public URL the examples name the address this page was asked at; the page's script writes the
        // one the browser sees (its scheme included) over it.
        let model = PhonePresenter.present(
            choices: choices, settings: env.settings,
            base: services.linkBase(request), pageAddress: services.configuration.publicURL == nil,
            created: created, problem: problem, localizer: env.localizer)
        return try env.render(
            "iphone", page: model, title: model.title, current: .settings, context: context,
            status: status)
    }
}
