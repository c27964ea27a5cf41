import DaybookCore
import DaybookFeatures
import Foundation
import HTTPTypes
import Hummingbird

/// Renders view models into HTML pages with the shared layout.
public struct PageRenderer: Sendable {
    private let library: TemplateLibrary
    let assetVersion: String

    public init(templates: URL, assetVersion: String) throws {
        library = try TemplateLibrary(folder: templates)
        self.assetVersion = assetVersion
    }

    /// A page's view model encoded for its template, with markup made by Daybook's own renderers (every text in
    /// it escaped) that the template places with `{{{markup.NAME}}}`. Encoded once, it can be kept and rendered
    /// again around another shell and form token.
    struct EncodedPage: Sendable {
        var page: TemplateValue
        var title: String
        var markup: [String: String]
        /// For a kept page: its HTML once rendered (`PageEnvironment.render`), shared by every copy of it.
        var renderings: KeptRenderings?

        init(_ page: some Encodable, title: String, markup: [String: String] = [:]) throws {
            self.page = try TemplateValue.make(page)
            self.title = title
            self.markup = markup
        }
    }

    /// A kept page's HTML by the template, place, status and theme it was rendered with (for a page, one).
    final class KeptRenderings: Sendable {
        struct Key: Hashable, Sendable {
            var template: String
            var current: AppSection?
            var status: Int
            var theme: String
        }

        private let kept = Locked<[Key: RenderedPage]>([:])

        func page(_ key: Key, render: () throws -> RenderedPage) rethrows -> RenderedPage {
            if let hit = kept.withLock({ $0[key] }) { return hit }
            let page = try render()
            kept.withLock { $0[key] = page }
            return page
        }
    }

    /// An HTML response rendering `template` around `page`.
    func render<Content: Encodable & Sendable>(
        _ template: String, page: Content, shell: Shell.ViewModel, csrf: String, theme: ThemeLinks,
        status: HTTPResponse.Status = .ok, headers: HTTPFields = [:], markup: [String: String] = [:]
    ) throws -> Response {
        try render(
            template, encoded: try TemplateValue.make(page), shell: shell, csrf: csrf, theme: theme, status: status,
            headers: headers, markup: markup)
    }

    /// An HTML response rendering `template` around a page already encoded. What every template can reach
    /// besides its page: `shell`, `links`, the form token `csrf` and `markup`.
    func render(
        _ template: String, encoded page: TemplateValue, shell: Shell.ViewModel, csrf: String, theme: ThemeLinks,
        status: HTTPResponse.Status = .ok, headers: HTTPFields = [:], markup: [String: String] = [:]
    ) throws -> Response {
        try render(
            template, encoded: page, encodedShell: try TemplateValue.make(shell), csrf: csrf, theme: theme,
            status: status, headers: headers, markup: markup)
    }

    /// An HTML response rendering `template` around a page and a shell already encoded (`ShellCache`).
    func render(
        _ template: String, encoded page: TemplateValue, encodedShell shell: TemplateValue, csrf: String,
        theme: ThemeLinks, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:],
        markup: [String: String] = [:]
    ) throws -> Response {
        try rendered(template, encoded: page, encodedShell: shell, theme: theme, markup: markup)
            .response(csrf: csrf, status: status, headers: headers)
    }

    /// `template` rendered around a page and a shell, in parts around the form token (`csrf`), the one thing in a
    /// page that differs from visitor to visitor: a kept page is rendered once and only given each visitor's token.
    func rendered(
        _ template: String, encoded page: TemplateValue, encodedShell shell: TemplateValue, theme: ThemeLinks,
        markup: [String: String] = [:]
    ) throws -> RenderedPage {
        let context = TemplateValue.object([
            "shell": shell, "page": page,
            "links": .object([
                "assets": .text(assetVersion), "theme": .text(theme.version), "themeColor": .text(theme.color),
            ]),
            "markup": .object(markup.mapValues { .text($0) }),
        ])
        return RenderedPage(parts: try library.render(template, context, splittingAt: "csrf"))
    }
}

/// A page's HTML in parts, with the form token to go between each two.
struct RenderedPage: Sendable {
    let parts: [String]
    private let size: Int

    init(parts: [String]) {
        self.parts = parts
        size = parts.reduce(0) { $0 + $1.utf8.count }
    }

    /// The page with `csrf` in its forms, as an HTML response.
    func response(csrf: String, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        let token = HTMLText.escaped(csrf)
        var body = ByteBuffer()
        body.reserveCapacity(size + (parts.count - 1) * token.utf8.count)
        for (index, part) in parts.enumerated() {
            if index > 0 { body.writeString(token) }
            body.writeString(part)
        }
        var fields = headers
        fields[.contentType] = "text/html; charset=utf-8"
        fields[.cacheControl] = "no-store"
        return Response(status: status, headers: fields, body: .init(byteBuffer: body))
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
