import DaybookCore
import DaybookFeatures
import Hummingbird

/// The calm page shown while the database is still being opened and migrated.
enum SetupPage {
    struct ViewModel: Encodable, Sendable {
        var heading: String
        var body: String
        var steps: [String]
    }

    static func response(request: Request, services: AppServices) -> Response {
        let localizer = services.localizer(negotiatedFrom: request)
        if request.uri.path.hasPrefix("/api/") {
            return APIError.response(
                status: .serviceUnavailable, code: "unavailable", message: localizer("setup.body"),
                headers: [.retryAfter: "1"])
        }
        let page = ViewModel(
            heading: localizer("setup.heading"), body: localizer("setup.body"),
            steps: ["folder", "database", "settings", "ready"].map { localizer("setup.step.\($0)") })
        let shell = ShellPresenter.present(
            title: page.heading, current: nil, appearance: .system, showsNavigation: false, localizer: localizer)
        let theme = ThemeLinks(palette: ThemePalette(accent: .defaultAccent), appearance: .system)
        return
            (try? services.renderer.render(
                "setup", page: page, shell: shell, csrf: "", theme: theme, status: .serviceUnavailable,
                headers: [.retryAfter: "1"])) ?? Response(status: .serviceUnavailable)
    }
}
