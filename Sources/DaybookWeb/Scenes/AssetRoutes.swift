import DaybookCore
import DaybookFeatures
import Foundation
import HTTPTypes
import Hummingbird

/// Static files, the theme stylesheet, the web manifest, the service worker and the offline page.
struct AssetRoutes {
    let services: AppServices

    func register(on router: Router<DaybookRequestContext>) {
        router.get("/static/**") { request, _ in
            let path = String(request.uri.path.dropFirst("/static".count))
            guard let asset = services.assets.asset(at: path) else { throw HTTPError(.notFound) }
            // Versioned URLs never change; others are revalidated.
            let immutable = request.uri.queryParameters["v"].map { String($0) == services.assets.version } ?? false
            return Self.serve(
                asset.body, type: asset.contentType, etag: asset.etag, request: request,
                cacheControl: immutable ? "public, max-age=31536000, immutable" : "no-cache")
        }
        router.get("/favicon.ico") { _, _ in Response.seeOther("/static/icons/icon.svg") }
        router.get("/sw.js") { request, _ in
            let script = (services.assets.text(at: "/js/sw.js") ?? "")
                .replacingOccurrences(of: "__ASSET_VERSION__", with: services.assets.version)
            return Self.serve(
                ByteBuffer(string: script), type: "text/javascript; charset=utf-8",
                etag: "\"sw-\(services.assets.version)\"", request: request, cacheControl: "no-cache")
        }
        router.get("/theme.css") { request, _ in
            let settings = try await currentSettings(request)
            let theme = services.themes.theme(accent: settings.accentColor, appearance: settings.appearance)
            return Self.serve(
                ByteBuffer(string: theme.stylesheet), type: "text/css; charset=utf-8",
                etag: "\"\(theme.links.version)\"",
                request: request, cacheControl: "no-cache")
        }
        router.get("/manifest.webmanifest") { request, _ in
            let settings = try await currentSettings(request)
            let localizer = services.localizer(for: settings)
            let manifest = WebManifest(settings: settings, localizer: localizer)
            var response = try JSONResponse.make(manifest)
            response.headers[.contentType] = "application/manifest+json"
            response.headers[.cacheControl] = "no-cache"
            return response
        }
        router.get("/offline") { request, context in
            let settings = try await currentSettings(request)
            let localizer = services.localizer(for: settings)
            let page = OfflinePage(
                heading: localizer("offline.heading"), body: localizer("offline.body"),
                retryLabel: localizer("offline.retry"))
            let shell = ShellPresenter.present(
                title: page.heading, current: nil, appearance: settings.appearance, showsNavigation: false,
                localizer: localizer)
            return try services.renderer.render(
                "offline", page: page, shell: shell, csrf: "",
                theme: ThemeLinks(palette: ThemePalette(accent: settings.accentColor), appearance: settings.appearance))
        }
    }

    struct OfflinePage: Encodable, Sendable {
        var heading: String
        var body: String
        var retryLabel: String
    }

    private func currentSettings(_ request: Request) async throws -> Settings {
        try await services.ownerSettings(try await services.database(), request: request)
    }

    static func serve(_ body: ByteBuffer, type: String, etag: String, request: Request, cacheControl: String)
        -> Response
    {
        var headers: HTTPFields = [.contentType: type, .eTag: etag, .cacheControl: cacheControl]
        if request.headers[.ifNoneMatch] == etag {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentLength] = String(body.readableBytes)
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: body))
    }
}

/// The web app manifest: installable to a phone's home screen.
struct WebManifest: Encodable {
    struct Icon: Encodable {
        var src: String
        var sizes: String
        var type: String
        var purpose: String
    }

    struct Shortcut: Encodable {
        var name: String
        var url: String
    }

    var name: String
    var shortName: String
    var description: String
    var lang: String
    var startURL = "/"
    var scope = "/"
    var display = "standalone"
    var backgroundColor: String
    var themeColor: String
    var icons: [Icon]
    var shortcuts: [Shortcut]

    enum CodingKeys: String, CodingKey {
        case name, description, lang, scope, display, icons, shortcuts
        case shortName = "short_name"
        case startURL = "start_url"
        case backgroundColor = "background_color"
        case themeColor = "theme_color"
    }

    init(settings: Settings, localizer: Localizer) {
        let palette = ThemePalette(accent: settings.accentColor)
        let appName = localizer("app.name")
        name = settings.journalName.isEmpty ? appName : settings.journalName
        shortName = appName
        description = localizer("app.description")
        lang = settings.language.rawValue
        backgroundColor = palette.light.canvas.hex
        themeColor = palette.light.canvas.hex
        icons = [
            Icon(src: "/static/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any"),
            Icon(src: "/static/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any"),
            Icon(src: "/static/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable"),
            Icon(src: "/static/icons/icon.svg", sizes: "any", type: "image/svg+xml", purpose: "any"),
        ]
        shortcuts = [AppSection.today, .timeline, .journal].map {
            Shortcut(name: localizer("nav.\($0.rawValue)"), url: $0.path)
        }
    }
}
