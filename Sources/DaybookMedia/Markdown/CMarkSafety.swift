import CCMarkGFM
import DaybookCore
import Foundation

/// Rewrites a parsed tree so that its HTML is safe on Daybook's pages and loses no typed word.
///
/// - Raw HTML becomes text, shown as typed.
/// - Links keep their target only for http, https and mailto; any other becomes its text.
/// - An image of Daybook's own, `![alt](/photos/<uuid>)`, becomes a lazily loaded, responsive `<img>`; any other
///   image becomes a link to it (http and https) or its description.
/// - With `restrictsLinks` off, links and other images are left as CommonMark has them; only for checking the
///   renderer against the CommonMark spec.
struct CMarkSafety {
    var photos: MarkdownPhotoLookup
    var restrictsLinks = true

    func apply(to document: OpaquePointer) {
        let nodes = CMarkNode.all(in: document) { type in
            [CMARK_NODE_HTML_BLOCK, CMARK_NODE_HTML_INLINE, CMARK_NODE_LINK, CMARK_NODE_IMAGE].contains(type)
        }
        // Children before their parents: a node is changed only after everything inside it, and a node that is
        // freed holds nothing left to visit.
        for node in nodes.reversed() {
            switch CMarkNode.type(node) {
            case CMARK_NODE_HTML_INLINE:
                CMarkNode.replace(node, with: CMarkNode.make(CMARK_NODE_TEXT, literal: CMarkNode.literal(node)))
            case CMARK_NODE_HTML_BLOCK: CMarkNode.replace(node, with: Self.paragraph(showing: CMarkNode.literal(node)))
            case CMARK_NODE_LINK: link(node)
            default: image(node)
            }
        }
    }

    /// A paragraph that shows `html` as text, line by line.
    private static func paragraph(showing html: String) -> OpaquePointer {
        let paragraph = CMarkNode.make(CMARK_NODE_PARAGRAPH)
        let lines = html.trimmingCharacters(in: .newlines).split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() {
            if index > 0 { cmark_node_append_child(paragraph, CMarkNode.make(CMARK_NODE_LINEBREAK)) }
            cmark_node_append_child(paragraph, CMarkNode.make(CMARK_NODE_TEXT, literal: String(line)))
        }
        return paragraph
    }

    private func link(_ node: OpaquePointer) {
        // Never a link inside a link, nor inside an image's description.
        if CMarkNode.hasAncestor(node, of: [CMARK_NODE_LINK, CMARK_NODE_IMAGE])
            || restrictsLinks && !Self.isAllowedLink(CMarkNode.url(node))
        {
            CMarkNode.unwrap(node)
        }
    }

    private func image(_ node: OpaquePointer) {
        let url = CMarkNode.url(node)
        if let photo = Self.ownPhoto(url) {
            let tag = MarkdownPhotoTag(
                id: photo, size: photos.size(of: photo), alt: CMarkNode.text(of: node), title: CMarkNode.title(node))
            let html = CMarkNode.make(CMARK_NODE_CUSTOM_INLINE)
            cmark_node_set_on_enter(html, tag.html)
            CMarkNode.replace(node, with: html)
            return
        }
        guard restrictsLinks else { return }
        if Self.isWebURL(url), !CMarkNode.hasAncestor(node, of: [CMARK_NODE_LINK, CMARK_NODE_IMAGE]) {
            let link = CMarkNode.make(CMARK_NODE_LINK)
            cmark_node_set_url(link, url)
            cmark_node_set_title(link, CMarkNode.title(node))
            CMarkNode.moveChildren(of: node, to: link)
            CMarkNode.replace(node, with: link)
        } else {
            CMarkNode.unwrap(node)
        }
    }

    /// Whether a link may point at `url`: http, https and mailto only, in any letter case. The URL is the one
    /// cmark read, with entities and escapes already decoded, so `&#106;avascript:` is seen as `javascript:`.
    static func isAllowedLink(_ url: String) -> Bool {
        isWebURL(url) || scheme(of: url) == "mailto"
    }

    static func isWebURL(_ url: String) -> Bool {
        ["http", "https"].contains(scheme(of: url))
    }

    private static func scheme(of url: String) -> String? {
        guard let colon = url.firstIndex(of: ":") else { return nil }
        let scheme = url[..<colon]
        guard !scheme.isEmpty, scheme.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        return scheme.lowercased()
    }

    /// The photo id of a URL that is exactly `/photos/<uuid>`.
    static func ownPhoto(_ url: String) -> UUID? {
        let prefix = "/photos/"
        guard url.hasPrefix(prefix), url.utf8.count == prefix.utf8.count + 36 else { return nil }
        return UUID(uuidString: String(url.dropFirst(prefix.count)))
    }
}

/// The `<img>` of one of Daybook's own photos: downsampled sizes to choose from, its shape known before it loads
/// (when the caller knows its size), loaded only when it comes near the screen.
struct MarkdownPhotoTag {
    /// The widths the photo endpoint is asked for; the middle one is the fallback `src`.
    static let widths = [640, 1280, 2048]
    /// The width the image is shown at: the page's text column, or the whole screen on a phone.
    static let sizes = "(min-width: 48rem) 45rem, 100vw"

    var id: UUID
    var size: MarkdownPhotoLookup.Size?
    var alt: String
    var title: String

    var html: String {
        let path = "/photos/\(id.uuidString.lowercased())"
        var tag = "<img src=\"\(path)?w=1280\""
        tag += " srcset=\"\(Self.widths.map { "\(path)?w=\($0) \($0)w" }.joined(separator: ", "))\""
        tag += " sizes=\"\(Self.sizes)\""
        if let size { tag += " width=\"\(size.width)\" height=\"\(size.height)\"" }
        tag += " loading=\"lazy\" decoding=\"async\" alt=\"\(HTMLText.escaped(alt))\""
        if !title.isEmpty { tag += " title=\"\(HTMLText.escaped(title))\"" }
        return tag + " />"
    }
}
