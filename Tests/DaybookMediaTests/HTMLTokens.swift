import Foundation

/// The tags and text of an HTML fragment, read the way a browser's tokenizer would for the markup Markdown
/// produces: enough to normalize HTML as the CommonMark spec's test harness does, and to list every tag and
/// attribute a page would get.
struct HTMLTokens {
    enum Token: Equatable {
        case start(String, [Attribute], selfClosing: Bool)
        case end(String)
        case text(String)
        /// A character reference, decoded; `nil` when it names nothing known, with the source kept.
        case reference(Character?, source: String)
        /// A comment, declaration or processing instruction, as written.
        case other(String)
    }

    struct Attribute: Equatable, Comparable {
        var name: String
        var value: String?

        static func < (lhs: Attribute, rhs: Attribute) -> Bool {
            (lhs.name, lhs.value ?? "") < (rhs.name, rhs.value ?? "")
        }
    }

    private(set) var tokens: [Token] = []

    init(_ html: String) {
        let chars = Array(html)
        var index = 0
        var text = ""
        func flush() {
            if !text.isEmpty { tokens.append(.text(text)) }
            text = ""
        }
        while index < chars.count {
            let char = chars[index]
            if char == "<", let (token, next) = Self.tag(in: chars, at: index) {
                flush()
                tokens.append(token)
                index = next
            } else if char == "&", let (character, next) = Self.reference(in: chars, at: index) {
                flush()
                tokens.append(.reference(character, source: String(chars[index..<next])))
                index = next
            } else {
                text.append(char)
                index += 1
            }
        }
        flush()
    }

    /// Every start tag, with its attributes.
    var startTags: [(name: String, attributes: [Attribute])] {
        tokens.compactMap {
            if case .start(let name, let attributes, _) = $0 { (name, attributes) } else { nil }
        }
    }

    private static func tag(in chars: [Character], at start: Int) -> (Token, Int)? {
        var index = start + 1
        guard index < chars.count else { return nil }
        if chars[index] == "!" || chars[index] == "?" {
            guard let close = chars[index...].firstIndex(of: ">") else { return nil }
            return (.other(String(chars[start...close])), close + 1)
        }
        let isEnd = chars[index] == "/"
        if isEnd { index += 1 }
        let nameStart = index
        while index < chars.count, chars[index].isLetter || chars[index].isNumber { index += 1 }
        guard index > nameStart, chars[nameStart].isLetter else { return nil }
        let name = String(chars[nameStart..<index]).lowercased()
        var attributes: [Attribute] = []
        var selfClosing = false
        while index < chars.count {
            while index < chars.count, chars[index].isWhitespace { index += 1 }
            guard index < chars.count else { return nil }
            if chars[index] == ">" { break }
            if chars[index] == "/" {
                selfClosing = true
                index += 1
                continue
            }
            let attributeStart = index
            while index < chars.count, !chars[index].isWhitespace, !"=>/".contains(chars[index]) { index += 1 }
            let attributeName = String(chars[attributeStart..<index]).lowercased()
            guard !attributeName.isEmpty else { return nil }
            while index < chars.count, chars[index].isWhitespace { index += 1 }
            var value: String?
            if index < chars.count, chars[index] == "=" {
                index += 1
                while index < chars.count, chars[index].isWhitespace { index += 1 }
                guard index < chars.count else { return nil }
                if chars[index] == "\"" || chars[index] == "'" {
                    let quote = chars[index]
                    guard let close = chars[(index + 1)...].firstIndex(of: quote) else { return nil }
                    value = String(chars[(index + 1)..<close])
                    index = close + 1
                } else {
                    let valueStart = index
                    while index < chars.count, !chars[index].isWhitespace, chars[index] != ">" { index += 1 }
                    value = String(chars[valueStart..<index])
                }
            }
            attributes.append(Attribute(name: attributeName, value: value.map(decoded)))
        }
        guard index < chars.count else { return nil }
        let token: Token = isEnd ? .end(name) : .start(name, attributes, selfClosing: selfClosing)
        return (token, index + 1)
    }

    private static let named: [String: Character] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "nbsp": "\u{A0}", "copy": "©",
    ]

    private static func reference(in chars: [Character], at start: Int) -> (Character?, Int)? {
        guard let semicolon = chars[start...].prefix(34).firstIndex(of: ";") else { return nil }
        let body = String(chars[(start + 1)..<semicolon])
        if body.hasPrefix("#") {
            let digits = body.dropFirst()
            let value =
                digits.first == "x" || digits.first == "X"
                ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            guard let value else { return nil }
            return (Unicode.Scalar(value).map(Character.init), semicolon + 1)
        }
        guard !body.isEmpty, body.allSatisfy({ $0.isLetter || $0.isNumber }) else { return nil }
        return (named[body], semicolon + 1)
    }

    /// An attribute value with its character references decoded.
    static func decoded(_ value: String) -> String {
        HTMLTokens(value).tokens.map { token in
            switch token {
            case .text(let text): text
            case .reference(let character, let source): character.map(String.init) ?? source
            default: ""
            }
        }.joined()
    }
}
