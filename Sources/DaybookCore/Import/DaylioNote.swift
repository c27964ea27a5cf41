import Foundation

/// Daylio keeps a note as simple HTML (line breaks, paragraphs, bold, italic, strike-through, lists; older
/// versions plain text): the same note as Markdown.
public enum DaylioNote {
    public static func markdown(fromHTML html: String) -> String {
        var output = ""
        var lists: [(ordered: Bool, count: Int)] = []
        var rest = html[...]
        while let open = rest.firstIndex(of: "<") {
            output += decodeEntities(String(rest[..<open]))
            guard let close = rest[open...].firstIndex(of: ">") else {
                rest = rest[open...]
                break
            }
            let tag = rest[rest.index(after: open)..<close].trimmingCharacters(in: .whitespaces).lowercased()
            rest = rest[rest.index(after: close)...]
            let closing = tag.hasPrefix("/")
            let name = String(
                tag.drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber })
            switch name {
            case "br": output += "\n"
            case "p", "div":
                if closing {
                    output += name == "p" ? "\n\n" : "\n"
                } else if !(output.isEmpty || output.hasSuffix("\n")) {
                    output += "\n"
                }
            case "b", "strong": output += "**"
            case "i", "em": output += "*"
            case "s", "strike", "del": output += "~~"
            case "ul", "ol":
                if closing {
                    _ = lists.popLast()
                    output += lists.isEmpty ? "\n\n" : "\n"
                } else {
                    lists.append((name == "ol", 0))
                    if !(output.isEmpty || output.hasSuffix("\n")) { output += "\n" }
                }
            case "li" where !closing:
                if !(output.isEmpty || output.hasSuffix("\n")) { output += "\n" }
                let indent = String(repeating: "  ", count: max(lists.count - 1, 0))
                if var list = lists.popLast() {
                    list.count += 1
                    output += indent + (list.ordered ? "\(list.count). " : "- ")
                    lists.append(list)
                } else {
                    output += "- "
                }
            case "h1", "h2", "h3", "h4", "h5", "h6":
                if closing {
                    output += "\n"
                } else {
                    if !(output.isEmpty || output.hasSuffix("\n")) { output += "\n" }
                    output += String(repeating: "#", count: Int(name.dropFirst()) ?? 1) + " "
                }
            default: break
            }
        }
        output += decodeEntities(String(rest))
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.replacingOccurrences(of: "\u{A0}", with: " ").trimmingTrailingSpaces()
        }
        var text = lines.joined(separator: "\n")
        while text.contains("\n\n\n") { text = text.replacingOccurrences(of: "\n\n\n", with: "\n\n") }
        return text.trimmingWhiteSpace()
    }

    static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = text[...]
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            if let semicolon = after.prefix(10).firstIndex(of: ";"),
                let character = character(for: String(after[..<semicolon]))
            {
                result.append(character)
                rest = after[after.index(after: semicolon)...]
            } else {
                result += "&"
                rest = after
            }
        }
        return result + rest
    }

    private static func character(for entity: String) -> Character? {
        switch entity {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        case "nbsp": return "\u{A0}"
        default:
            guard entity.hasPrefix("#") else { return nil }
            let digits = entity.dropFirst()
            let value =
                digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            return value.flatMap(Unicode.Scalar.init).map(Character.init)
        }
    }
}

extension StringProtocol {
    fileprivate func trimmingTrailingSpaces() -> String {
        var text = String(self)
        while text.last == " " || text.last == "\t" { text.removeLast() }
        return text
    }
}
