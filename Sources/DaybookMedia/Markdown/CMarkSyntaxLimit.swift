import DaybookCore
import Foundation

/// Takes the syntax out of the shapes of Markdown whose cost in cmark-gfm grows far past their size, by putting a
/// backslash before one character, which then shows as typed:
///
/// - **Deep nesting.** A line may open at most `MarkdownLimits.nesting` block quotes and list items; the next
///   marker is escaped (`\>`, `\-`, `1\.`) and the rest of the line is text. cmark walks every open container for
///   each line that follows, so thousands opened on one line made each blank line after it slow (30,000 nested
///   `- ` and as many blank lines took 20 s).
/// - **Reference links that copy a long address.** Each `[a]` copies its definition's address and title into the
///   page; `[a]: /` with 10,000 bytes of address used 10,000 times is 100 MB of HTML from 50 KB. When the `[`s of
///   a text times its longest definition could pass `MarkdownLimits.referenceBytes`, each definition longer than
///   its share is left as text (`[a]\:`).
/// - **Thousands of openers that are never closed**: `<?`, `<!` and `![` (see `escapeManyOpeners`), and
///   emphasis: past `MarkdownLimits.emphasisRuns` runs of `*` and `_`, none is emphasis (cmark's issue 389:
///   12,500 `*a ` before as many `_a*_ ` took 0.3 s).
///
/// Text that nests and references as people write leaves here unchanged.
enum CMarkSyntaxLimit {
    static func limited(_ markdown: String) -> String {
        var bytes = Array(markdown.utf8)
        var changed = escapeDeepNesting(&bytes)
        changed = escapeManyOpeners(&bytes) || changed
        changed = escapeManyEmphasisRuns(&bytes) || changed
        changed = escapeLongReferences(&bytes) || changed
        return changed ? String(decoding: bytes, as: UTF8.self) : markdown
    }

    private static let backslash = UInt8(ascii: "\\")

    /// Escapes the first marker past `MarkdownLimits.nesting` on each line.
    static func escapeDeepNesting(_ bytes: inout [UInt8]) -> Bool {
        var escapes: [Int] = []
        var lineStart = 0
        while lineStart < bytes.count {
            var index = lineStart
            var depth = 0
            markers: while index < bytes.count {
                while index < bytes.count, bytes[index] == 32 || bytes[index] == 9 { index += 1 }
                guard index < bytes.count else { break }
                let byte = bytes[index]
                var marker = index
                var next = index + 1
                if byte == UInt8(ascii: ">") {
                    // A block quote marker needs no space after it.
                } else if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "*") {
                    guard next < bytes.count, bytes[next] == 32 || bytes[next] == 9 else { break markers }
                } else if (48...57).contains(byte) {
                    var end = index
                    while end < bytes.count, end - index < 9, (48...57).contains(bytes[end]) { end += 1 }
                    guard end + 1 < bytes.count, bytes[end] == UInt8(ascii: ".") || bytes[end] == UInt8(ascii: ")"),
                        bytes[end + 1] == 32 || bytes[end + 1] == 9
                    else { break markers }
                    marker = end
                    next = end + 1
                } else {
                    break markers
                }
                depth += 1
                if depth > MarkdownLimits.nesting {
                    escapes.append(marker)
                    break markers
                }
                index = next
            }
            while index < bytes.count, bytes[index] != 10, bytes[index] != 13 { index += 1 }
            lineStart = index + 1
        }
        insertBackslashes(at: escapes, in: &bytes)
        return !escapes.isEmpty
    }

    /// Escapes the colon of each reference definition longer than its share of `MarkdownLimits.referenceBytes`.
    ///
    /// A definition is counted from its `]:` (its address and any title), and may be used once for each `[` of the
    /// text: an upper bound, as the text's labels are never matched.
    static func escapeLongReferences(_ bytes: inout [UInt8]) -> Bool {
        let opens = bytes.reduce(0) { $0 + ($1 == UInt8(ascii: "[") ? 1 : 0) }
        guard opens > 0 else { return false }
        // Where the paragraph each byte is in ends: at the next blank line (nothing but spaces and tabs), or the end.
        var paragraphEnd = Array(repeating: bytes.count, count: bytes.count + 1)
        var end = bytes.count
        var lineEnd = bytes.count
        var lineIsBlank = true
        for index in stride(from: bytes.count - 1, through: 0, by: -1) {
            let byte = bytes[index]
            if byte == 13, index + 1 < bytes.count, bytes[index + 1] == 10 {
                // The first half of a CRLF: the line end is the LF's.
            } else if byte == 10 || byte == 13 {
                if lineIsBlank, lineEnd > index { end = index }
                lineEnd = index
                lineIsBlank = true
            } else if byte != 32 && byte != 9 {
                lineIsBlank = false
            }
            paragraphEnd[index] = end
        }
        var colons: [Int] = []
        for index in 1..<max(1, bytes.count)
        where bytes[index] == UInt8(ascii: ":") && bytes[index - 1] == UInt8(ascii: "]") {
            colons.append(index)
        }
        // A definition reaches at most to the blank line after it, and is measured only to the next line with a
        // `]:` of its own: definitions listed one a line are each their own size. A title that runs on past that
        // line is counted in the next one's size, so a definition copies at most twice the longest measured.
        var definitions: [(colon: Int, size: Int)] = []
        var colonLineEnd = 0
        var next = 0
        var cutAt: (colon: Int, lineStart: Int)?
        for colon in colons {
            if colonLineEnd < colon {
                colonLineEnd = colon
                while colonLineEnd < bytes.count, bytes[colonLineEnd] != 10, bytes[colonLineEnd] != 13 {
                    colonLineEnd += 1
                }
            }
            // The first `]:` on a later line, and where its line starts.
            while next < colons.count, colons[next] <= colonLineEnd { next += 1 }
            var end = paragraphEnd[colon]
            if next < colons.count {
                let following = colons[next]
                var start = following
                if let cut = cutAt, cut.colon == following {
                    start = cut.lineStart
                } else {
                    while start > 0, bytes[start - 1] != 10, bytes[start - 1] != 13 { start -= 1 }
                    cutAt = (following, start)
                }
                end = min(end, start)
            }
            definitions.append((colon, end - colon))
        }
        let limit = MarkdownLimits.referenceBytes(markdownBytes: bytes.count)
        guard let longest = definitions.map(\.size).max(), opens * 2 * longest > limit else { return false }
        let share = limit / opens
        let escapes = definitions.filter { 2 * $0.size > share }.map(\.colon)
        insertBackslashes(at: escapes, in: &bytes)
        return !escapes.isEmpty
    }

    /// Escapes every `<?` and `<!` (processing instructions, declarations, CDATA, comments) and every image's `![`
    /// when there are more than `MarkdownLimits.markupOpeners` of either: cmark-gfm looks for each one's end
    /// afresh, so 25,000 `a <?` took a second. Raw HTML shows as text anyway; past the limit, images show as links.
    static func escapeManyOpeners(_ bytes: inout [UInt8]) -> Bool {
        var markup: [Int] = []
        var images: [Int] = []
        for index in 0..<max(0, bytes.count - 1) {
            let next = bytes[index + 1]
            if bytes[index] == UInt8(ascii: "<"), next == UInt8(ascii: "?") || next == UInt8(ascii: "!") {
                markup.append(index)
            } else if bytes[index] == UInt8(ascii: "!"), next == UInt8(ascii: "["),
                index == 0 || bytes[index - 1] != backslash
            {
                images.append(index)
            }
        }
        var escapes: [Int] = []
        if markup.count > MarkdownLimits.markupOpeners { escapes += markup }
        if images.count > MarkdownLimits.markupOpeners { escapes += images }
        insertBackslashes(at: escapes.sorted(), in: &bytes)
        return !escapes.isEmpty
    }

    /// Escapes every `*` and `_` of a text with more than `MarkdownLimits.emphasisRuns` runs of them, but for the
    /// list markers and rules that begin a line: the text shows as typed, without emphasis.
    static func escapeManyEmphasisRuns(_ bytes: inout [UInt8]) -> Bool {
        var runs = 0
        var positions: [Int] = []
        var lineHasText = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 10 || byte == 13 {
                lineHasText = false
            } else if byte == UInt8(ascii: "*") || byte == UInt8(ascii: "_") {
                var end = index
                while end < bytes.count, bytes[end] == byte { end += 1 }
                // A backslash before a run escapes its first character only.
                let start = index > 0 && bytes[index - 1] == backslash ? index + 1 : index
                // At a line's start, a run followed by a space or the line's end is a list item or a rule.
                let after = end < bytes.count ? bytes[end] : 10
                let isMarker = !lineHasText && (after == 32 || after == 9 || after == 10 || after == 13)
                if !isMarker, start < end {
                    runs += 1
                    positions.append(contentsOf: start..<end)
                }
                lineHasText = true
                index = end
                continue
            } else if byte != 32 && byte != 9 && byte != UInt8(ascii: ">") {
                lineHasText = true
            }
            index += 1
        }
        guard runs > MarkdownLimits.emphasisRuns else { return false }
        insertBackslashes(at: positions, in: &bytes)
        return true
    }

    /// Whether cmark-gfm's autolink extension can read `markdown` in bounded time and memory: not with more than
    /// `MarkdownLimits.markupOpeners` `@`s (each e-mail address it finds took about a kilobyte of memory a byte of
    /// text), nor after a run of more than 256 `)` (it counts the parentheses of a link again for each one it
    /// trims). Without it, such a text's bare addresses stay text.
    static func autolinkIsSafe(_ markdown: String) -> Bool {
        var ats = 0
        var parentheses = 0
        for byte in markdown.utf8 {
            if byte == UInt8(ascii: "@") {
                ats += 1
                if ats > MarkdownLimits.markupOpeners { return false }
            }
            parentheses = byte == UInt8(ascii: ")") ? parentheses + 1 : 0
            if parentheses > 256 { return false }
        }
        return true
    }

    /// Puts a backslash before each of `positions` (ascending).
    private static func insertBackslashes(at positions: [Int], in bytes: inout [UInt8]) {
        guard !positions.isEmpty else { return }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + positions.count)
        var copied = 0
        for position in positions {
            result.append(contentsOf: bytes[copied..<position])
            result.append(backslash)
            copied = position
        }
        result.append(contentsOf: bytes[copied...])
        bytes = result
    }
}
