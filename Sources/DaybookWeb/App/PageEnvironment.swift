import DaybookCore
import DaybookFeatures
import DaybookStore
import Hummingbird

/// What a page handler knows about the person: their settings (or first-visit defaults) and language.
struct PageEnvironment: Sendable {
    var services: AppServices
    var database: AppDatabase
    /// `nil` until anything was saved.
    var saved: Settings?
    var settings: Settings
    var localizer: Localizer
    var theme: ThemeLinks

    init(services: AppServices, database: AppDatabase, request: Request) async throws {
        self.services = services
        self.database = database
        saved = try await database.loadSettings()
        let negotiated = AppLanguage.negotiate(acceptLanguage: request.headers[.acceptLanguage])
        settings = saved ?? services.initialSettings(language: negotiated)
        localizer = services.localizer(for: settings)
        theme = services.themes.theme(accent: settings.accentColor, appearance: settings.appearance).links
    }

    var negotiated: AppLanguage { settings.language }

    func shell(
        title: String, current: AppSection?, showsNavigation: Bool = true, onMorePage: Bool = false
    ) -> Shell.ViewModel {
        ShellPresenter.present(
            title: title, current: current, appearance: settings.appearance, showsNavigation: showsNavigation,
            onMorePage: onMorePage, localizer: localizer)
    }

    /// The shell as templates read it, kept by `services.shells` for the next page with the same one.
    func encodedShell(title: String, current: AppSection?, showsNavigation: Bool = true) throws -> TemplateValue {
        let key = ShellCache.Key(
            language: settings.language, appearance: settings.appearance, title: title, current: current,
            showsNavigation: showsNavigation, onMorePage: false)
        return try services.shells.shell(key) {
            shell(title: title, current: current, showsNavigation: showsNavigation)
        }
    }

    /// A page's encoded model: from the cache when the same address was made with the same stored data, day and
    /// language (and, for a page that shows the time, within the same minute); else made now and kept. With no
    /// lifetime (a page showing a refusal, an undo or anything else kept outside the store) it is always made.
    func page(
        _ request: Request, kept lifetime: PageLifetime?,
        make: () async throws -> PageRenderer.EncodedPage
    ) async throws -> PageRenderer.EncodedPage {
        guard let lifetime else { return try await make() }
        let key = PageKey(
            address: request.uri.description, database: database, settings: settings, now: services.clock.now(),
            lifetime: lifetime)
        return try await services.pages.value(for: key) {
            var page = try await make()
            page.renderings = PageRenderer.KeptRenderings()
            return page
        }
    }

    /// Renders an encoded page in the person's shell; a kept page is rendered once, then only given the visitor's
    /// form token.
    func render(
        _ template: String, encoded: PageRenderer.EncodedPage, current: AppSection?, context: DaybookRequestContext,
        status: HTTPResponse.Status = .ok
    ) throws -> Response {
        let render = {
            try services.renderer.rendered(
                template, encoded: encoded.page,
                encodedShell: encodedShell(title: encoded.title, current: current),
                theme: theme, markup: encoded.markup)
        }
        let page =
            if let kept = encoded.renderings {
                try kept.page(
                    .init(template: template, current: current, status: status.code, theme: theme.version),
                    render: render)
            } else {
                try render()
            }
        return page.response(csrf: context.csrfToken, status: status)
    }

    /// Renders a page in the person's shell.
    func render<Content: Encodable & Sendable>(
        _ template: String, page: Content, title: String, current: AppSection?, showsNavigation: Bool = true,
        context: DaybookRequestContext, status: HTTPResponse.Status = .ok,
        markup: [String: String] = [:]
    ) throws -> Response {
        try services.renderer.render(
            template, encoded: try TemplateValue.make(page),
            encodedShell: encodedShell(title: title, current: current, showsNavigation: showsNavigation),
            csrf: context.csrfToken, theme: theme, status: status, markup: markup)
    }
}

/// The scenes' interactors over the request's database: what a handler acts through.
extension PageEnvironment {
    var timeline: TimelineInteractor { services.timelineInteractor(database) }
    var trackers: TrackerInteractor { services.trackerInteractor(database) }
    var journal: JournalInteractor { services.journalInteractor(database) }
    var log: LogInteractor { services.logInteractor(database) }
    var focus: FocusInteractor { services.focusInteractor(database) }
    var map: MapInteractor { services.mapInteractor(database) }
    var stats: StatsInteractor { services.statsInteractor(database) }
    var calendar: CalendarInteractor { services.calendarInteractor(database) }
    var connections: ConnectionsInteractor { services.connectionsInteractor(database) }
    var devices: DevicesInteractor { services.devicesInteractor(database) }
    var access: AccessInteractor { services.accessInteractor(database) }
    var badge: AppBadgeInteractor { services.appBadgeInteractor(database) }
    var photos: PhotoInteractor { services.photoInteractor(database) }
    var imports: ImportInteractor { services.importInteractor(database) }
}

extension Response {
    /// A 303 redirect: after a form post, the browser fetches the next page with GET.
    static func seeOther(_ location: String) -> Response {
        Response(status: .seeOther, headers: [.location: location])
    }
}
