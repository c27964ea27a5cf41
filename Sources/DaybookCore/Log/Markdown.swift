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
        return ("<pre><code>\(escape(code))</code></pre>", index)
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
    private static func safeURL(_ destination: String) -> String? {
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

    private static func trimmed(_ text: some StringProtocol) -> String {
        text.trimmingCharacters(in: .whitespaces)
    }

    private static func unescaped(_ text: String) -> String {
        var result = ""
        var pendingBackslash = false
        for character in text {
            if pendingBackslash, !InlineRenderer.escapable.contains(character) { result.append("\\") }
            pendingBackslash = character == "\\" && !pendingBackslash
            if !pendingBackslash { result.append(character) }
        }
        return pendingBackslash ? result + "\\" : result
    }

    /// Escapes by Unicode scalar, so a combining mark can never hide a `<` or a quote.
    private static func escape(_ text: some StringProtocol) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\0": result += "\u{FFFD}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

extension Markdown {
    /// Inline spans of one block. Code spans and link brackets are paired once up front; emphasis is matched
    /// by looking ahead for a closing run of the same marker and length, so every opened tag is closed.
    private struct InlineRenderer {
        static let escapable = Set<Character>("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")
        /// Deeper emphasis or link text is shown as plain text, which bounds both recursion and work.
        private static let maxNesting = 8

        private enum Token {
            case text(String)
            case code(Range<Int>)
            case link(label: Range<Int>, destination: Range<Int>, isImage: Bool)
            case delimiters(Character, count: Int)
        }

        private let chars: [Character]
        private let codeSpanEnds: [Int: Int]
        private let pairs: [Int: Int]
        var html: String { render(chars.indices) }

        init(_ text: String) {
            chars = Array(text)
            codeSpanEnds = Self.codeSpans(in: chars)
            pairs = Self.bracketPairs(in: chars, codeSpanEnds: codeSpanEnds)
        }

        private func render(_ range: Range<Int>, depth: Int = 0, linksAllowed: Bool = true) -> String {
            guard depth < Self.maxNesting else { return plain(range) }
            var html = ""
            var unmatched: Set<String> = []  // runs with no closer ahead; later openers of the same kind have none
            var index = range.lowerBound
            while index < range.upperBound {
                let (token, next) = token(at: index, before: range.upperBound)
                switch token {
                case .text(let text):
                    html += text == "\n" ? "<br>" : escape(text)
                case .code(let code):
                    html += "<code>\(escape(codeText(code)))</code>"
                case .link(let label, _, isImage: true):
                    html += escape(String(chars[label]))  // an image is never loaded; its alt text stands in
                case .link(let label, let destination, isImage: false):
                    html += renderLink(label, to: destination, depth: depth, linksAllowed: linksAllowed)
                case .delimiters(let marker, let count):
                    let key = "\(marker)\(count)"
                    if let tags = Self.tags(marker, count), flanking(at: index, count: count).canOpen,
                        !unmatched.contains(key)
                    {
                        if let close = closer(marker, count, from: next, before: range.upperBound) {
                            html += tags.open + render(next..<close, depth: depth + 1, linksAllowed: linksAllowed)
                            html += tags.close
                            index = close + count
                            continue
                        }
                        unmatched.insert(key)
                    }
                    html += escape(String(repeating: marker, count: count))
                }
                index = next
            }
            return html
        }

        private func token(at index: Int, before end: Int) -> (Token, next: Int) {
            let character = chars[index]
            if character == "\\", index + 1 < end, Self.escapable.contains(chars[index + 1]) {
                return (.text(String(chars[index + 1])), index + 2)
            }
            if character == "`" {
                let run = runLength(at: index, before: end)
                if let close = codeSpanEnds[index], close <= end { return (.code(index + run..<close - run), close) }
                return (.text(String(repeating: "`", count: run)), index + run)
            }
            let isImage = character == "!" && index + 1 < end && chars[index + 1] == "["
            if character == "[" || isImage, let link = link(at: isImage ? index + 1 : index, before: end, isImage) {
                return link
            }
            if "*_~".contains(character) {
                let run = runLength(at: index, before: end)
                return (.delimiters(character, count: run), index + run)
            }
            return (.text(String(character)), index + 1)
        }

        /// `[label](destination)` starting at the `[` at `open`, with brackets and parentheses paired up front.
        private func link(at open: Int, before end: Int, _ isImage: Bool) -> (Token, next: Int)? {
            guard let close = pairs[open], close + 1 < end, chars[close + 1] == "(", let paren = pairs[close + 1],
                paren < end
            else { return nil }
            return (.link(label: open + 1..<close, destination: close + 2..<paren, isImage: isImage), paren + 1)
        }

        /// A link's text, as a link only when allowed here (never inside another link) and its URL is safe.
        private func renderLink(_ label: Range<Int>, to target: Range<Int>, depth: Int, linksAllowed: Bool) -> String {
            let text = render(label, depth: depth + 1, linksAllowed: false)
            guard linksAllowed, let url = safeURL(String(chars[target])) else { return text }
            return "<a href=\"\(escape(url))\" rel=\"noopener noreferrer nofollow\">\(text)</a>"
        }

        private func closer(_ marker: Character, _ count: Int, from start: Int, before end: Int) -> Int? {
            var index = start
            while index < end {
                let (token, next) = token(at: index, before: end)
                if case .delimiters(marker, count) = token, flanking(at: index, count: count).canClose { return index }
                index = next
            }
            return nil
        }

        /// Whether a run can open or close emphasis; `_` never does so inside a word, as in snake_case_word.
        private func flanking(at index: Int, count: Int) -> (canOpen: Bool, canClose: Bool) {
            let before: Character = index > 0 ? chars[index - 1] : " "
            let after: Character = index + count < chars.count ? chars[index + count] : " "
            let isUnderscore = chars[index] == "_"
            let canOpen = !after.isWhitespace && !(isUnderscore && (before.isLetter || before.isNumber))
            let canClose = !before.isWhitespace && !(isUnderscore && (after.isLetter || after.isNumber))
            return (canOpen, canClose)
        }

        private static func tags(_ marker: Character, _ count: Int) -> (open: String, close: String)? {
            switch (marker, count) {
            case ("~", 2): ("<del>", "</del>")
            case ("~", _): nil
            case (_, 1): ("<em>", "</em>")
            case (_, 2): ("<strong>", "</strong>")
            case (_, 3): ("<em><strong>", "</strong></em>")
            default: nil
            }
        }

        private func runLength(at index: Int, before end: Int) -> Int {
            chars[index..<end].prefix { $0 == chars[index] }.count
        }

        private func codeText(_ range: Range<Int>) -> String {
            let code = String(chars[range]).replacingOccurrences(of: "\n", with: " ")
            let padded = code.count >= 2 && code.first == " " && code.last == " " && code.contains { $0 != " " }
            return padded ? String(code.dropFirst().dropLast()) : code
        }

        private func plain(_ range: Range<Int>) -> String {
            escape(String(chars[range])).replacingOccurrences(of: "\n", with: "<br>")
        }

        /// Pairs each backtick run with the next run of the same length: opening run start → closing run end.
        private static func codeSpans(in chars: [Character]) -> [Int: Int] {
            var runs: [(start: Int, length: Int)] = []
            var index = 0
            while index < chars.count {
                if chars[index] == "\\", index + 1 < chars.count, escapable.contains(chars[index + 1]) {
                    index += 2
                } else if chars[index] == "`" {
                    let length = chars[index...].prefix { $0 == "`" }.count
                    runs.append((index, length))
                    index += length
                } else {
                    index += 1
                }
            }
            var nextOfSameLength = [Int?](repeating: nil, count: runs.count)
            var latest: [Int: Int] = [:]
            for run in runs.indices.reversed() {
                nextOfSameLength[run] = latest[runs[run].length]
                latest[runs[run].length] = run
            }
            var ends: [Int: Int] = [:]
            var run = 0
            while run < runs.count {
                guard let closing = nextOfSameLength[run] else {
                    run += 1
                    continue
                }
                ends[runs[run].start] = runs[closing].start + runs[closing].length
                run = closing + 1
            }
            return ends
        }

        /// Pairs `[` with `]` and `(` with `)`, skipping escaped characters and code spans.
        private static func bracketPairs(in chars: [Character], codeSpanEnds: [Int: Int]) -> [Int: Int] {
            var pairs: [Int: Int] = [:]
            var brackets: [Int] = []
            var parens: [Int] = []
            var index = 0
            while index < chars.count {
                switch chars[index] {
                case "\\" where index + 1 < chars.count && escapable.contains(chars[index + 1]): index += 1
                case "`": index = (codeSpanEnds[index] ?? index + 1) - 1
                case "[": brackets.append(index)
                case "]": if let open = brackets.popLast() { pairs[open] = index }
                case "(": parens.append(index)
                case ")": if let open = parens.popLast() { pairs[open] = index }
                default: break
                }
                index += 1
            }
            return pairs
        }
    }
}
