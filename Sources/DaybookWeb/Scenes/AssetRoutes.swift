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
            guard let asset = services.assets.asset(at: path) else { throw Assets.Problem.notFound }
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
        router.get("/theme.css") { request, context in
            let settings = try context.env.settings
            let theme = services.themes.theme(accent: settings.accentColor, appearance: settings.appearance)
            return Self.serve(
                ByteBuffer(string: theme.stylesheet), type: "text/css; charset=utf-8",
                etag: "\"\(theme.links.version)\"",
                request: request, cacheControl: "no-cache")
        }
        router.get("/manifest.webmanifest") { _, context in
            let settings = try context.env.settings
            let localizer = try context.localizer
            var response = try JSONResponse.make(ShellPresenter.presentManifest(settings, localizer: localizer))
            response.headers[.contentType] = "application/manifest+json"
            response.headers[.cacheControl] = "no-cache"
            return response
        }
        router.get("/offline") { _, context in
            let settings = try context.env.settings
            let localizer = try context.localizer
            let page = ShellPresenter.presentOffline(localizer: localizer)
            // With the navigation, the kept screens are a tap away; so is the Journal from an entry the page draws
            // from the kept journal (`kept-views.js`).
            let shell = ShellPresenter.present(
                title: page.heading, current: nil, appearance: settings.appearance,
                showsNavigation: !settings.needsOnboarding, localizer: localizer)
            return try services.renderer.render(
                "offline", page: page, shell: shell, csrf: "",
                theme: ThemeLinks(palette: ThemePalette(accent: settings.accentColor), appearance: settings.appearance))
        }
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
