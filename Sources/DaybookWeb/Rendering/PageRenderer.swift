import DaybookCore
import DaybookFeatures
import Foundation
import HTTPTypes
import Hummingbird
import Mustache

/// Renders view models into HTML pages with the shared layout.
public struct PageRenderer: Sendable {
    private let library: MustacheLibrary
    let assetVersion: String

    public init(templates: URL, assetVersion: String) async throws {
        library = try await MustacheLibrary(directory: templates.path)
        self.assetVersion = assetVersion
    }

    /// What every template can reach besides its page: shell, links and the form token.
    struct Page<Content: Encodable & Sendable>: Encodable, Sendable {
        var shell: Shell.ViewModel
        var page: Content
        var csrf: String
        var links: Links
        /// Markup made by Daybook's own renderers (every text in it escaped), placed with `{{{markup.NAME}}}`.
        var markup: [String: String]
    }

    struct Links: Encodable, Sendable {
        var assets: String
        var theme: String
        var themeColor: String
    }

    /// An HTML response rendering `template` around `page`.
    func render<Content: Encodable & Sendable>(
        _ template: String, page: Content, shell: Shell.ViewModel, csrf: String, theme: ThemeLinks,
        status: HTTPResponse.Status = .ok, headers: HTTPFields = [:], markup: [String: String] = [:]
    ) throws -> Response {
        let context = Page(
            shell: shell, page: page, csrf: csrf,
            links: Links(assets: assetVersion, theme: theme.version, themeColor: theme.color), markup: markup)
        guard let html = library.render(try TemplateValue.make(context), withTemplate: template) else {
            throw HTTPError(.internalServerError, message: "missing template \(template)")
        }
        var fields = headers
        fields[.contentType] = "text/html; charset=utf-8"
        fields[.cacheControl] = "no-store"
        return Response(status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(string: html)))
    }

    /// Renders a template that is not a page (the service worker's offline page uses the layout too).
    func renderText<Content>(_ object: Content, template: String) -> String? {
        library.render(object, withTemplate: template)
    }
}

/// The current theme stylesheet's version and the colour browsers tint their chrome with.
public struct ThemeLinks: Sendable {
    public var version: String
    public var color: String

    public init(palette: ThemePalette, appearance: Appearance) {
        let source = palette.css() + appearance.rawValue
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in source.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        version = String(hash, radix: 36)
        color = palette.light.canvas.hex
    }
}
