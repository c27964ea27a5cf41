import DaybookFeatures
import Hummingbird

/// `/privacy`: what is stored where, and what would ever leave this machine.
struct PrivacyRoutes {
    let services: AppServices

    func register(on router: Router<DaybookRequestContext>) {
        router.get("/privacy") { request, context in
            let env = try context.env
            let model = PrivacyPresenter.present(
                dataFolder: services.configuration.dataFolder?.path, requiresLogin: services.requiresLogin,
                localizer: env.localizer)
            return try env.render(
                "privacy", page: model, title: model.title, current: nil,
                showsNavigation: !env.settings.needsOnboarding, context: context)
        }
    }
}
