import CCMarkGFM
import Foundation

/// Parses Markdown with cmark-gfm and the GitHub extensions.
///
/// cmark-gfm registers its extensions in process-wide lists, and while a parser reads inlines it switches its
/// extensions' characters on and off in a table shared by every parser. So the extensions are registered once,
/// and parses take turns behind one lock; working on a parsed tree and rendering it need no lock.
enum CMarkParser {
    /// The GitHub extensions Daybook's Markdown has: tables, `~~strikethrough~~`, bare links and task lists.
    static let gitHubExtensions = ["table", "strikethrough", "autolink", "tasklist"]

    /// The registered extensions by name, looked up once; they never change afterwards.
    private struct Registry: @unchecked Sendable {
        let extensions: [String: OpaquePointer]
    }

    private static let registry: Registry = {
        cmark_gfm_core_extensions_ensure_registered()
        var extensions: [String: OpaquePointer] = [:]
        for name in gitHubExtensions {
            guard let pointer = cmark_find_syntax_extension(name) else {
                preconditionFailure("cmark-gfm has no \(name) extension")
            }
            extensions[name] = pointer
        }
        return Registry(extensions: extensions)
    }()

    private static let lock = NSLock()

    /// Parses `markdown` and passes its tree to `body`, freeing everything afterwards.
    ///
    /// Deep nesting and long references lose their syntax first (`CMarkSyntaxLimit`), and with the table extension
    /// a table too large for its text is taken out (`CMarkTableLimit`): the tree holds a marker paragraph in its
    /// place, which `held` restores.
    ///
    /// - Parameters:
    ///   - extensions: names from `gitHubExtensions`.
    ///   - body: works on the document node; the extension list is the one to render it with. Neither may be
    ///     kept beyond the call.
    static func withDocument<Result>(
        _ markdown: String, extensions: [String] = gitHubExtensions,
        _ body: (
            _ document: OpaquePointer, _ extensions: UnsafeMutablePointer<cmark_llist>?, _ held: CMarkTableLimit
        ) throws -> Result
    ) rethrows -> Result {
        let limited = CMarkSyntaxLimit.limited(markdown)
        let held = extensions.contains("table") ? CMarkTableLimit(limited) : CMarkTableLimit(unlimited: limited)
        let safe = CMarkSyntaxLimit.autolinkIsSafe(limited) ? extensions : extensions.filter { $0 != "autolink" }
        let attached = safe.map { name in
            guard let pointer = registry.extensions[name] else { preconditionFailure("unknown extension \(name)") }
            return pointer
        }
        lock.lock()
        guard let parser = cmark_parser_new(CMARK_OPT_DEFAULT) else {
            lock.unlock()
            preconditionFailure("cmark-gfm could not allocate a parser")
        }
        for pointer in attached { cmark_parser_attach_syntax_extension(parser, pointer) }
        var text = held.parsed
        text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { cmark_parser_feed(parser, $0.baseAddress, $0.count) }
        }
        let document = cmark_parser_finish(parser)
        lock.unlock()
        defer {
            cmark_node_free(document)
            cmark_parser_free(parser)
        }
        guard let document else { preconditionFailure("cmark-gfm could not allocate a document") }
        return try body(document, cmark_parser_get_syntax_extensions(parser), held)
    }
}

/// Reading and changing a parsed tree.
enum CMarkNode {
    static func type(_ node: OpaquePointer) -> cmark_node_type {
        cmark_node_get_type(node)
    }

    /// Every node of `root` in document order (each parent before its children), read before any is changed.
    static func all(in root: OpaquePointer, where include: (cmark_node_type) -> Bool) -> [OpaquePointer] {
        var nodes: [OpaquePointer] = []
        guard let iterator = cmark_iter_new(root) else { return nodes }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            if event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator), include(type(node)) {
                nodes.append(node)
            }
        }
        return nodes
    }

    static func literal(_ node: OpaquePointer) -> String {
        cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
    }

    static func url(_ node: OpaquePointer) -> String {
        cmark_node_get_url(node).map { String(cString: $0) } ?? ""
    }

    static func title(_ node: OpaquePointer) -> String {
        cmark_node_get_title(node).map { String(cString: $0) } ?? ""
    }

    /// A new node of `type`; with `literal` for text.
    static func make(_ type: cmark_node_type, literal: String? = nil) -> OpaquePointer {
        guard let node = cmark_node_new(type) else { preconditionFailure("cmark-gfm could not allocate a node") }
        if let literal { cmark_node_set_literal(node, literal) }
        return node
    }

    /// Puts `replacement` where `node` was, and frees `node` with whatever children it still has.
    static func replace(_ node: OpaquePointer, with replacement: OpaquePointer) {
        cmark_node_insert_before(node, replacement)
        cmark_node_free(node)
    }

    /// Moves the children of `node` to where it was, and frees it: a link or image becomes its text.
    static func unwrap(_ node: OpaquePointer) {
        while let child = cmark_node_first_child(node) { cmark_node_insert_before(node, child) }
        cmark_node_free(node)
    }

    /// Moves every child of `node` to the end of `parent`.
    static func moveChildren(of node: OpaquePointer, to parent: OpaquePointer) {
        while let child = cmark_node_first_child(node) { cmark_node_append_child(parent, child) }
    }

    static func hasAncestor(_ node: OpaquePointer, of types: [cmark_node_type]) -> Bool {
        var parent = cmark_node_parent(node)
        while let current = parent {
            if types.contains(type(current)) { return true }
            parent = cmark_node_parent(current)
        }
        return false
    }

    /// Whether `type` is a block (paragraph, list item, table cell, …) rather than inline content.
    static func isBlock(_ type: cmark_node_type) -> Bool {
        type.rawValue & UInt32(CMARK_NODE_TYPE_MASK) == UInt32(CMARK_NODE_TYPE_BLOCK)
    }

    /// The text of `node` and its descendants with no markup, as an image's description reads.
    static func text(of node: OpaquePointer) -> String {
        var text = ""
        for child in all(in: node, where: { _ in true }) {
            switch type(child) {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE, CMARK_NODE_HTML_INLINE: text += literal(child)
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK: text += " "
            default: break
            }
        }
        return text
    }
}
