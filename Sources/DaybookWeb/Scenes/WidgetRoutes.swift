import DaybookCore
import DaybookFeatures
import Foundation
import Hummingbird

/// The widgets, each as a compact page (`/widgets/NAME`, live through `/events`), an SVG image
/// (`/widgets/NAME.svg`) and a JSON timeline (`/api/v1/widgets/NAME`), all made by `WidgetPresenter`.
/// `/widgets/toggle` ticks a yes/no tracker off for today: a POST toggles, a GET asks first.
struct WidgetRoutes {
    let services: AppServices

    func register(on router: Router<DaybookRequestContext>) {
        router.get("/api/v1/widgets/{name}") { request, context in
            let name = try Self.name(context.parameters.require("name"))
            let tracker = request.uri.queryParameters["tracker"].map(String.init)
            let env = try context.env
            let linkBase = services.linkBase(request)
            return JSONResponse.make(
                body: try await services.kept(request, context, kept: Self.lifetime(name), variant: linkBase) {
                    let response = try await interactor(env).load(name, trackerID: tracker)
                    return try JSONResponse.encode(
                        WidgetPresenter.timeline(name, response, linkBase: linkBase, localizer: env.localizer))
                })
        }
        router.get("/widgets/toggle") { request, context in
            let env = try context.env
            let tracker = request.uri.queryParameters["tracker"].map(String.init)
            let response = try await interactor(env).load(.tracker, trackerID: tracker)
            guard let chosen = response.tracker else { throw Widgets.Problem.unknownTracker }
            guard chosen.kind == .boolean, !chosen.isArchived else {
                throw chosen.isArchived ? Trackers.Problem.archived : Trackers.Problem.notToggleable
            }
            let model = WidgetPresenter.confirm(
                response, query: Self.query(request, tracker: chosen.id), localizer: env.localizer)
            return try env.render(
                "widget-toggle", page: model, title: model.title, current: nil, showsNavigation: false,
                context: context)
        }
        router.post("/widgets/toggle") { request, context in
            let env = try context.env
            let tracker = request.uri.queryParameters["tracker"].map(String.init)
            let chosen = try await interactor(env).load(.tracker, trackerID: tracker)
            guard let id = chosen.tracker?.id else { throw Widgets.Problem.unknownTracker }
            // The value the page showed the tap would set: two taps of one page set it once, never back again.
            guard let done = context.form["value"].flatMap({ ["on": true, "off": false][$0] }) else {
                throw Widgets.Problem.outdatedPage
            }
            _ = try await env.trackers.tick(done, trackerID: id, madeAt: MadeAt.of(request))
            return Response.seeOther("/widgets/tracker" + Self.query(request, tracker: id))
        }
        router.get("/widgets/{name}") { request, context in
            let raw = try context.parameters.require("name")
            let isImage = raw.hasSuffix(".svg")
            let name = try Self.name(isImage ? String(raw.dropLast(4)) : raw)
            let tracker = request.uri.queryParameters["tracker"].map(String.init)
            let env = try context.env
            if isImage {
                let body = try await services.kept(request, context, kept: Self.lifetime(name)) {
                    let response = try await interactor(env).load(name, trackerID: tracker)
                    let content = WidgetPresenter.content(name, response, at: response.now, localizer: env.localizer)
                    return ByteBuffer(
                        string: WidgetSVG.render(
                            content, title: env.localizer("widget.title.\(name.rawValue)"),
                            colors: Self.colors(request, env), language: env.settings.language.rawValue))
                }
                return Response(
                    status: .ok, headers: [.contentType: "image/svg+xml; charset=utf-8", .cacheControl: "no-store"],
                    body: .init(byteBuffer: body))
            }
            let encoded = try await env.page(request, kept: Self.lifetime(name)) {
                let response = try await interactor(env).load(name, trackerID: tracker)
                let model = WidgetPresenter.page(
                    name, response, query: Self.query(request, tracker: response.tracker?.id),
                    eventsQuery: Self.query(request, tracker: nil), localizer: env.localizer)
                return try PageRenderer.EncodedPage(model, title: model.title)
            }
            return try services.renderer.render(
                "widget", encoded: encoded.page,
                shell: env.shell(title: encoded.title, current: nil, showsNavigation: false), csrf: context.csrfToken,
                theme: env.theme)
        }
    }

    private func interactor(_ env: PageEnvironment) -> WidgetInteractor {
        let services = self.services
        return WidgetInteractor(
            snapshots: env.database, settings: env.database, clock: services.clock,
            initial: { services.initialSettings(language: .english) })
    }

    static func name(_ raw: String) throws -> Widgets.Name {
        guard let name = Widgets.Name(rawValue: raw) else { throw Widgets.Problem.unknownWidget }
        return name
    }

    /// Widgets that show the time are kept for a minute; the running timer's for a tenth of a second.
    static func lifetime(_ name: Widgets.Name) -> PageLifetime {
        switch name {
        case .rectangular: .tick
        case .tracker: .day
        default: .minute
        }
    }

    /// The widget's own query: its token (when it came with one) and its tracker.
    static func query(_ request: Request, tracker: String?) -> String {
        var parts: [String] = []
        if let token = request.uri.queryParameters["token"] {
            parts.append("token=" + URLText.component(String(token)))
        }
        if let tracker { parts.append("tracker=" + URLText.component(tracker)) }
        return parts.isEmpty ? "" : "?" + parts.joined(separator: "&")
    }

    /// `?appearance=dark`, `light` or `eink`; otherwise light.
    static func colors(_ request: Request, _ env: PageEnvironment) -> WidgetSVG.Colors {
        let palette = ThemePalette(accent: env.settings.accentColor)
        switch request.uri.queryParameters["appearance"] {
        case "dark": return WidgetSVG.Colors(palette.dark)
        case "eink": return .ink
        default: return WidgetSVG.Colors(palette.light)
        }
    }
}
