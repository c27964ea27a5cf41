import Foundation

extension Markdown {
    /// Inline spans of one block. Code spans and link brackets are paired once up front; emphasis is matched
    /// by looking ahead for a closing run of the same marker and length, so every opened tag is closed.
    struct InlineRenderer {
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
                    html += text == "\n" ? "<br>" : HTMLText.escaped(text)
                case .code(let code):
                    html += "<code>\(HTMLText.escaped(codeText(code)))</code>"
                case .link(let label, _, isImage: true):
                    html += HTMLText.escaped(String(chars[label]))  // an image is never loaded; its alt text stands in
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
                    html += HTMLText.escaped(String(repeating: marker, count: count))
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
            return "<a href=\"\(HTMLText.escaped(url))\" rel=\"noopener noreferrer nofollow\">\(text)</a>"
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
            HTMLText.escaped(String(chars[range])).replacingOccurrences(of: "\n", with: "<br>")
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
