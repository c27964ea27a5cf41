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

        init(_ page: some Encodable, title: String, markup: [String: String] = [:]) throws {
            self.page = try TemplateValue.make(page)
            self.title = title
            self.markup = markup
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
        let context = TemplateValue.object([
            "shell": shell, "page": page, "csrf": .text(csrf),
            "links": .object([
                "assets": .text(assetVersion), "theme": .text(theme.version), "themeColor": .text(theme.color),
            ]),
            "markup": .object(markup.mapValues { .text($0) }),
        ])
        var fields = headers
        fields[.contentType] = "text/html; charset=utf-8"
        fields[.cacheControl] = "no-store"
        return Response(
            status: status, headers: fields,
            body: .init(byteBuffer: ByteBuffer(string: try library.render(template, context))))
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
