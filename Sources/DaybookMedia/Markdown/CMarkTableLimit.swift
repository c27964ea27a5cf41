import CCMarkGFM
import DaybookCore
import Foundation

/// Keeps a table from growing past its own text.
///
/// cmark-gfm gives every row of a table as many cells as its header has, whether the row writes them or not: a
/// 500-column header over 2,000 one-cell rows (16 KB) becomes a million cells, 12 MB of HTML and hundreds of MB of
/// tree. So tables are counted in the text before cmark sees it: a table that could have more cells than its text
/// has bytes (`MarkdownLimits.tableCells(sourceBytes:)`) is taken out and left as a marker paragraph, and shown as
/// the text it was typed as, with a sentence saying why. A table written out cell by cell always fits: each cell
/// takes at least one byte of its row and one of the header and delimiter rows.
///
/// The count is made on lines with their block quote markers and indentation taken off, and it reads every line
/// that could be a delimiter row (`|---|:-:|`) and every non-blank line after it as a row, so it counts at least
/// the cells cmark would make.
struct CMarkTableLimit {
    /// A table taken out of the text, and the marker that stands in its place.
    struct Held {
        var marker: String
        /// Its lines as typed, without the block quote markers and indentation around them.
        var text: String
    }

    /// The text cmark parses: `markdown` itself, or with each table that is too large replaced by a marker line.
    let parsed: String
    let held: [Held]

    /// `markdown` as it is: without the table extension, no line is a table.
    init(unlimited markdown: String) {
        parsed = markdown
        held = []
    }

    init(_ markdown: String) {
        let lines = Self.lines(of: markdown)
        let contents = lines.map { Self.split($0).content }
        // For each line: where its run of non-blank lines starts and ends, the bytes before it, and the pipes
        // before it (a header row can span its paragraph's lines).
        var runStart = Array(repeating: 0, count: lines.count)
        var runEnd = Array(repeating: 0, count: lines.count)
        var offsets = [0]
        var pipesBefore = [0]
        offsets.reserveCapacity(lines.count + 1)
        pipesBefore.reserveCapacity(lines.count + 1)
        for (index, line) in lines.enumerated() {
            runStart[index] = index > 0 && !contents[index - 1].isEmpty ? runStart[index - 1] : index
            offsets.append(offsets[index] + line.utf8.count + 1)
            pipesBefore.append(pipesBefore[index] + Self.pipes(in: contents[index]))
        }
        for index in lines.indices.reversed() {
            let continues = index + 1 < lines.count && !contents[index + 1].isEmpty
            runEnd[index] = continues ? runEnd[index + 1] : index
        }
        let budget = MarkdownLimits.tableCells(sourceBytes: markdown.utf8.count)

        var held: [Held] = []
        var output: [Substring] = []
        var counted = 0
        var copied = 0
        var index = 1
        while index < lines.count {
            guard !contents[index - 1].isEmpty, let columns = Self.delimiterColumns(contents[index]) else {
                index += 1
                continue
            }
            let header = index - 1
            // cmark makes a table only when the header has as many cells as the delimiter row; the header's
            // paragraph has at most one cell more than it has pipes.
            guard pipesBefore[index] - pipesBefore[runStart[header]] + 1 >= columns else {
                index += 1
                continue
            }
            let last = runEnd[index]
            // The header, and every line after the delimiter row as a row.
            let cells = columns * (last - index + 1)
            let sourceBytes = offsets[last + 1] - offsets[header]
            let wide = Self.pipes(in: contents[header]) > MarkdownLimits.tableColumns
            guard wide || cells > MarkdownLimits.tableCells(sourceBytes: sourceBytes) || counted + cells > budget else {
                counted += cells
                index += 1
                continue
            }
            let marker = "\u{E000}daybook-held-table-\(held.count)\u{E001}"
            held.append(Held(marker: marker, text: contents[header...last].joined(separator: "\n")))
            let prefix = Self.split(lines[index]).prefix
            output.append(contentsOf: lines[copied..<header])
            // A blank line first, so the marker is a paragraph of its own, in the same block quote or list item.
            output.append(Substring(prefix))
            output.append(Substring(prefix + marker))
            copied = last + 1
            index = last + 2
        }
        self.held = held
        if held.isEmpty {
            parsed = markdown
        } else {
            output.append(contentsOf: lines[copied...])
            parsed = output.joined(separator: "\n")
        }
    }

    /// The pipes of `content` that can end a cell: those not escaped with a backslash.
    static func pipes(in content: Substring) -> Int {
        var count = 0
        var escaped = false
        for byte in content.utf8 {
            if byte == UInt8(ascii: "|"), !escaped { count += 1 }
            escaped = byte == UInt8(ascii: "\\") && !escaped
        }
        return count
    }

    /// Replaces each marker paragraph with a sentence saying why and the table's text in a `<pre>`.
    func restore(in document: OpaquePointer, note: String) {
        guard !held.isEmpty else { return }
        let byMarker = Dictionary(held.map { ($0.marker, $0.text) }, uniquingKeysWith: { first, _ in first })
        for paragraph in CMarkNode.all(in: document, where: { $0 == CMARK_NODE_PARAGRAPH }) {
            guard let child = cmark_node_first_child(paragraph), cmark_node_next(child) == nil,
                CMarkNode.type(child) == CMARK_NODE_TEXT, let text = byMarker[CMarkNode.literal(child)]
            else { continue }
            let sentence = CMarkNode.make(CMARK_NODE_CUSTOM_BLOCK)
            cmark_node_set_on_enter(sentence, "<p class=\"md-held\">\(HTMLText.escaped(note))</p>\n")
            cmark_node_insert_before(paragraph, sentence)
            let code = CMarkNode.make(CMARK_NODE_CODE_BLOCK, literal: text + "\n")
            CMarkNode.replace(paragraph, with: code)
        }
    }

    /// `text` with each marker replaced by the table's own text.
    func restore(inPlainText text: String) -> String {
        held.reduce(text) { $0.replacingOccurrences(of: $1.marker, with: $1.text) }
    }

    /// The lines of `text`, split where CommonMark ends a line: at `\n`, `\r\n` or a lone `\r`, and nowhere else.
    static func lines(of text: String) -> [Substring] {
        var lines: [Substring] = []
        let bytes = text.utf8
        var start = bytes.startIndex
        var index = start
        while index < bytes.endIndex {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") else {
                index = bytes.index(after: index)
                continue
            }
            lines.append(text[start..<index])
            var next = bytes.index(after: index)
            if byte == UInt8(ascii: "\r"), next < bytes.endIndex, bytes[next] == UInt8(ascii: "\n") {
                next = bytes.index(after: next)
            }
            start = next
            index = next
        }
        lines.append(text[start...])
        return lines
    }

    /// A line's block quote markers and indentation, and what follows them: nothing for a blank line.
    static func split(_ line: Substring) -> (prefix: Substring, content: Substring) {
        let content = line.unicodeScalars.drop { $0 == " " || $0 == "\t" || $0 == ">" }
        return (line[..<content.startIndex], Substring(content))
    }

    /// The number of columns when `content` could be a table's delimiter row (`| --- | :-: |`), else `nil`.
    static func delimiterColumns(_ content: Substring) -> Int? {
        let bytes = content.utf8
        guard bytes.contains(UInt8(ascii: "|")), bytes.contains(UInt8(ascii: "-")),
            bytes.allSatisfy({
                $0 == UInt8(ascii: "|") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ":") || $0 == 32 || $0 == 9
            })
        else { return nil }
        let columns = bytes.split(separator: UInt8(ascii: "|")).filter { $0.contains(UInt8(ascii: "-")) }.count
        return columns > 0 ? columns : nil
    }
}
