import CCMarkGFM
import DaybookCore
import Foundation

/// Markdown as GitHub renders it — CommonMark with tables, strikethrough, autolinks and task lists, by cmark-gfm —
/// made safe for Daybook's pages (see `CMarkSafety`): raw HTML shows as text, links go only to http(s) and mailto
/// with `rel="noopener noreferrer nofollow"`, and images come only from Daybook's own photos.
///
/// Headings keep their level and get no ids; task list items show disabled checkboxes. Safe to use from many
/// threads at once.
public struct CMarkRenderer: MarkdownRendering {
    static let rel = "noopener noreferrer nofollow"

    private let extensions: [String]
    private let restrictsLinks: Bool
    private let catalog: StringCatalog

    /// - Parameter catalog: where the sentences it adds (above a table shown as its text) come from.
    public init(catalog: StringCatalog = .bundled) {
        self.init(extensions: CMarkParser.gitHubExtensions, restrictsLinks: true, catalog: catalog)
    }

    /// A renderer with only some of the GitHub extensions, and with links and images left as CommonMark has
    /// them when `restrictsLinks` is off: for checking against the CommonMark spec's examples, never for pages.
    init(extensions: [String], restrictsLinks: Bool, catalog: StringCatalog = .bundled) {
        self.extensions = extensions
        self.restrictsLinks = restrictsLinks
        self.catalog = catalog
    }

    public func html(_ markdown: String, photos: MarkdownPhotoLookup, language: AppLanguage) -> String {
        CMarkParser.withDocument(markdown, extensions: extensions) { document, extensions, held in
            if !held.held.isEmpty {
                let localizer = Localizer(language: language, timeZone: .gmt, catalog: catalog)
                held.restore(in: document, note: localizer("markdown.heldTable"))
            }
            CMarkSafety(photos: photos, restrictsLinks: restrictsLinks).apply(to: document)
            // Raw HTML is gone from the tree already; CMARK_OPT_UNSAFE only lets the spec check keep every link.
            let options = restrictsLinks ? CMARK_OPT_DEFAULT : CMARK_OPT_UNSAFE
            guard let rendered = cmark_render_html(document, options, extensions) else {
                preconditionFailure("cmark-gfm could not allocate the HTML")
            }
            defer { free(rendered) }  // cmark's default allocator is malloc's
            let bytes = UnsafeRawBufferPointer(start: rendered, count: strlen(rendered)).bindMemory(to: UInt8.self)
            return restrictsLinks ? Self.addingRel(to: bytes) : String(decoding: bytes, as: UTF8.self)
        }
    }

    /// The HTML with `rel` on every link. Every character of text is escaped by now, so each `<a href="` is a
    /// link the safety pass kept.
    static func addingRel(to html: UnsafeBufferPointer<UInt8>) -> String {
        let link = Array(#"<a href=""#.utf8)
        let withRel = Array(#"<a rel="\#(rel)" href=""#.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(html.count + html.count / 16)
        var start = 0
        var index = 0
        while let open = html[index...].firstIndex(of: UInt8(ascii: "<")) {
            index = open + 1
            guard html[open...].starts(with: link) else { continue }
            output.append(contentsOf: html[start..<open])
            output.append(contentsOf: withRel)
            start = open + link.count
            index = start
        }
        output.append(contentsOf: html[start...])
        return String(decoding: output, as: UTF8.self)
    }

    public func plainText(_ markdown: String) -> String {
        CMarkParser.withDocument(markdown, extensions: extensions) { document, _, held in
            held.restore(inPlainText: CMarkPlainText.text(of: document))
        }
    }

    /// Whether cmark reads raw HTML anywhere in `markdown` (which Daybook shows as text).
    func containsRawHTML(_ markdown: String) -> Bool {
        contains([CMARK_NODE_HTML_BLOCK, CMARK_NODE_HTML_INLINE], in: markdown)
    }

    /// Whether `markdown` has a link or an image, before the safety pass sees them.
    func containsLinksOrImages(_ markdown: String) -> Bool {
        contains([CMARK_NODE_LINK, CMARK_NODE_IMAGE], in: markdown)
    }

    private func contains(_ types: [cmark_node_type], in markdown: String) -> Bool {
        CMarkParser.withDocument(markdown, extensions: extensions) { document, _, _ in
            !CMarkNode.all(in: document, where: types.contains).isEmpty
        }
    }
}
