import Foundation

/// A small, safe Markdown renderer for a day's reflection.
public enum Markdown {
    /// The HTML for `source`, or "" when it holds only whitespace.
    ///
    /// Every character of the text is escaped and raw HTML is shown as text. Links are kept only for `http`,
    /// `https` and `mailto` URLs; images are reduced to their alt text, so the page never loads anything.
    /// Supported: paragraphs (a single newline becomes `<br>`), headings (`#` → `<h3>`, `##` → `<h4>`, deeper
    /// → `<h5>`), flat bulleted, numbered and task lists, block quotes, fenced code, rules (`---`), and inline
    /// code, `**strong**`, `*emphasis*`, `~~strikethrough~~`, links and backslash escapes.
    public static func html(_ source: String) -> String {
        let lines = source.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
        var blocks: [String] = []
        var index = 0
        while index < lines.count {
            let (html, next) = block(in: lines, at: index)
            if let html { blocks.append(html) }
            index = next
        }
        return blocks.joined(separator: "\n")
    }

    private enum LineKind {
        case blank, rule, text
        case fence(length: Int)
        case heading(level: Int, text: String)
        case quote(String)
        case item(ListItem)
    }

    private struct ListItem {
        var isOrdered: Bool
        var number: Int
        var text: String
    }

    private static func block(in lines: [String], at start: Int) -> (html: String?, next: Int) {
        switch kind(of: lines[start]) {
        case .blank:
            return (nil, start + 1)
        case .rule:
            return ("<hr>", start + 1)
        case .fence(let length):
            return fencedCode(lines, from: start, fence: length)
        case .heading(let level, let text):
            let tag = "h\(min(level + 2, 5))"
            return ("<\(tag)>\(inline(text))</\(tag)>", start + 1)
        case .quote:
            return blockquote(lines, from: start)
        case .item(let item):
            return list(lines, from: start, first: item)
        case .text:
            return paragraph(lines, from: start)
        }
    }

    private static func kind(of line: String) -> LineKind {
        let content = line.drop { $0 == " " || $0 == "\t" }
        let text = trimmed(content)
        if text.isEmpty { return .blank }
        if content.hasPrefix("```") { return .fence(length: content.prefix { $0 == "`" }.count) }
        let marks = text.filter { $0 != " " && $0 != "\t" }
        if marks.count >= 3, let mark = marks.first, "-*_".contains(mark), marks.allSatisfy({ $0 == mark }) {
            return .rule
        }
        let hashes = content.prefix { $0 == "#" }.count
        if (1...6).contains(hashes), content.dropFirst(hashes).first == " " {
            return .heading(level: hashes, text: headingText(content.dropFirst(hashes)))
        }
        if content.first == ">" {
            let rest = content.dropFirst()
            return .quote(trimmed(rest.first == " " ? rest.dropFirst() : rest))
        }
        if let item = listItem(content) { return .item(item) }
        return .text
    }

    /// The text of a heading without an optional closing run of `#` ("## Plans ##"); "# C#" keeps its `#`.
    private static func headingText(_ content: Substring) -> String {
        let text = trimmed(content)
        let closing = text.reversed().prefix { $0 == "#" }.count
        guard closing > 0, closing == text.count || text.dropLast(closing).last == " " else { return text }
        return trimmed(text.dropLast(closing))
    }

    private static func listItem(_ content: Substring) -> ListItem? {
        if let bullet = content.first, "-*+".contains(bullet), content.dropFirst().first == " " {
            return ListItem(isOrdered: false, number: 1, text: trimmed(content.dropFirst(2)))
        }
        let digits = content.prefix { $0.isASCII && $0.isNumber }
        let rest = content.dropFirst(digits.count)
        guard (1...9).contains(digits.count), let mark = rest.first, ".)".contains(mark),
            rest.dropFirst().first == " ", let number = Int(digits)
        else { return nil }
        return ListItem(isOrdered: true, number: number, text: trimmed(rest.dropFirst(2)))
    }

    private static func paragraph(_ lines: [String], from start: Int) -> (html: String?, next: Int) {
        var text = [trimmed(lines[start])]
        var index = start + 1
        while index < lines.count, continuesParagraph(kind(of: lines[index])) {
            text.append(trimmed(lines[index]))
            index += 1
        }
        return ("<p>\(inline(text.joined(separator: "\n")))</p>", index)
    }

    /// Only a numbered list starting at 1 interrupts a paragraph, so a line like "2. floor" stays text.
    private static func continuesParagraph(_ kind: LineKind) -> Bool {
        switch kind {
        case .text: true
        case .item(let item): item.isOrdered && item.number != 1
        default: false
        }
    }

    private static func fencedCode(_ lines: [String], from start: Int, fence: Int) -> (html: String?, next: Int) {
        var code = ""
        var index = start + 1
        while index < lines.count {
            let line = lines[index]
            index += 1
            let text = trimmed(line)
            if text.count >= fence, text.allSatisfy({ $0 == "`" }) { break }
            code += line + "\n"
        }
        return ("<pre><code>\(HTMLText.escaped(code))</code></pre>", index)
    }

    private static func blockquote(_ lines: [String], from start: Int) -> (html: String?, next: Int) {
        var texts: [String] = []
        var index = start
        while index < lines.count, case .quote(let text) = kind(of: lines[index]) {
            texts.append(text)
            index += 1
        }
        let paragraphs = texts.split(separator: "").map { "<p>\(inline($0.joined(separator: "\n")))</p>" }
        return ("<blockquote>\(paragraphs.joined())</blockquote>", index)
    }

    private static func list(_ lines: [String], from start: Int, first: ListItem) -> (html: String?, next: Int) {
        var items: [String] = []
        var index = start
        scan: while index < lines.count {
            switch kind(of: lines[index]) {
            case .item(let item) where item.isOrdered == first.isOrdered:
                items.append(item.text)
            case .text:
                items[items.count - 1] += "\n" + trimmed(lines[index])
            case .blank:
                // Blank lines between items keep the list going.
                let next = lines[index...].firstIndex { !trimmed($0).isEmpty } ?? lines.count
                guard next < lines.count, case .item(let item) = kind(of: lines[next]),
                    item.isOrdered == first.isOrdered
                else { break scan }
                index = next
                continue scan
            default:
                break scan
            }
            index += 1
        }
        let tag = first.isOrdered ? "ol" : "ul"
        let start = first.isOrdered && first.number != 1 ? " start=\"\(first.number)\"" : ""
        return ("<\(tag)\(start)>\(items.map(listItemHTML).joined())</\(tag)>", index)
    }

    private static func listItemHTML(_ text: String) -> String {
        let head = Array(text.prefix(4))
        guard head.count >= 3, head[0] == "[", head[2] == "]", " xX".contains(head[1]),
            head.count == 3 || head[3] == " "
        else { return "<li>\(inline(text))</li>" }
        let checkbox =
            head[1] == " " ? #"<input type="checkbox" disabled>"# : #"<input type="checkbox" disabled checked>"#
        return "<li class=\"task\">\(checkbox) \(inline(trimmed(text.dropFirst(3))))</li>"
    }

    /// The URL of a link destination when its scheme is http, https or mailto; `nil` for anything else.
    static func safeURL(_ destination: String) -> String? {
        var url = trimmed(destination)
        if url.hasPrefix("<"), let close = url.firstIndex(of: ">") {
            url = String(url[url.index(after: url.startIndex)..<close])
        } else {
            url = String(url.prefix { !$0.isWhitespace })  // drops a title: [a](url "title")
        }
        url = unescaped(url)
        guard let colon = url.firstIndex(of: ":") else { return nil }
        let scheme = url[..<colon]
        guard scheme.allSatisfy({ $0.isASCII && $0.isLetter }),
            ["http", "https", "mailto"].contains(scheme.lowercased())
        else { return nil }
        return url
    }

    private static func inline(_ text: String) -> String {
        InlineRenderer(text).html
    }

    static func trimmed(_ text: some StringProtocol) -> String {
        text.trimmingCharacters(in: .whitespaces)
    }

    static func unescaped(_ text: String) -> String {
        var result = ""
        var pendingBackslash = false
        for character in text {
            if pendingBackslash, !InlineRenderer.escapable.contains(character) { result.append("\\") }
            pendingBackslash = character == "\\" && !pendingBackslash
            if !pendingBackslash { result.append(character) }
        }
        return pendingBackslash ? result + "\\" : result
    }
}
