import DaybookCore
import DaybookFeatures
import DaybookStore
import Hummingbird

/// The calm page shown while the database is still being opened and migrated.
enum SetupPage {
    struct ViewModel: Encodable, Sendable {
        var heading: String
        var body: String
        var steps: [String]
        /// The page that waits for the database looks again each second; the one that says an upgrade stopped
        /// waits for a person.
        var refreshes = true
        var id = "finishing-setup"
    }

    static func response(request: Request, services: AppServices) -> Response {
        let localizer = services.localizer(negotiatedFrom: request)
        if RouteKind.of(request.uri.path) == .api {
            return APIError.response(
                status: .serviceUnavailable, code: "unavailable", message: localizer("setup.body"),
                headers: [.retryAfter: "1"])
        }
        return page(
            ViewModel(
                heading: localizer("setup.heading"), body: localizer("setup.body"),
                steps: ["folder", "database", "settings", "ready"].map { localizer("setup.step.\($0)") }),
            localizer: localizer, services: services, headers: [.retryAfter: "1"])
    }

    /// The page every request gets while an upgrade that stopped keeps the journal from being served: why, and the
    /// copy taken before it. The API answers 503 `notUpgraded` with the same sentence.
    static func notUpgraded(_ problem: UpgradeProblem, request: Request, services: AppServices) -> Response {
        let localizer = services.localizer(negotiatedFrom: request)
        let body: String
        switch problem {
        case .migrationFailed(let copy, let completed, _):
            body = localizer("upgrade.failed.body", completed ?? "v0", copy?.path ?? "–")
        case .copyFailed, .newerDatabase, .needsUpgrade:
            body = localizer("upgrade.copyFailed.body")
        }
        if RouteKind.of(request.uri.path) == .api {
            return APIError.response(status: .serviceUnavailable, code: "notUpgraded", message: body)
        }
        return page(
            ViewModel(
                heading: localizer("upgrade.failed.title"), body: body, steps: [], refreshes: false,
                id: "not-upgraded"), localizer: localizer,
            services: services, headers: [:])
    }

    private static func page(_ page: ViewModel, localizer: Localizer, services: AppServices, headers: HTTPFields)
        -> Response
    {
        let shell = ShellPresenter.present(
            title: page.heading, current: nil, appearance: .system, showsNavigation: false, localizer: localizer)
        let theme = ThemeLinks(palette: ThemePalette(accent: .defaultAccent), appearance: .system)
        return
            (try? services.renderer.render(
                "setup", page: page, shell: shell, csrf: "", theme: theme, status: .serviceUnavailable,
                headers: headers)) ?? Response(status: .serviceUnavailable)
    }
}
