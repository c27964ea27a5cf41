import CCMarkGFM
import DaybookCore
import Foundation

/// The words of a parsed document without markup: what search indexes and word counts read.
enum CMarkPlainText {
    static func text(of document: OpaquePointer) -> String {
        var text = ""
        guard let iterator = cmark_iter_new(document) else { return text }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard let node = cmark_iter_get_node(iterator) else { continue }
            let type = CMarkNode.type(node)
            if event == CMARK_EVENT_EXIT {
                // Blocks (paragraphs, list items, table cells, …) end on a line of their own.
                if CMarkNode.isBlock(type), !text.isEmpty, !text.hasSuffix("\n") { text += "\n" }
                continue
            }
            switch type {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE, CMARK_NODE_HTML_INLINE, CMARK_NODE_CODE_BLOCK, CMARK_NODE_HTML_BLOCK:
                text += CMarkNode.literal(node)
            case CMARK_NODE_SOFTBREAK:
                text += " "
            case CMARK_NODE_LINEBREAK:
                text += "\n"
            default:
                break
            }
        }
        return text.trimmingWhiteSpace()
    }
}
