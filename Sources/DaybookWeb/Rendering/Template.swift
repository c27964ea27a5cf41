// Daybook renders its pages with this small Mustache engine rather than hummingbird-project/swift-mustache.
// Both were measured on the same pages (Benchmarks/README.md, "Journal pages", 2026-11-25): with swift-mustache
// a Journal page of 50 entries took 2.3–2.6 ms longer to render (kept: 0.73 → 3.05 ms), because its name lookup
// splits every name into a new array and makes several protocol casts per context searched; and its escaping
// compares whole characters, so `"` or `<` followed by a combining mark was not escaped. This engine renders
// the subset the templates use over `TemplateValue` with one dictionary read per name and `HTMLText`'s escaping.

/// A Mustache template, parsed once into nodes.
///
/// The subset Daybook's templates use: `{{name}}` (escaped), `{{{name}}}` and `{{&name}}` (as is: only for
/// markup Daybook's own renderers made), dotted names and `{{.}}`, sections `{{#name}}…{{/name}}` and inverted
/// sections `{{^name}}…{{/name}}`, partials `{{> name}}`, comments `{{! … }}`, and inheritance: `{{<parent}}`
/// with `{{$block}}…{{/block}}` overrides. A tag alone on its line takes the line with it, as the Mustache
/// specification says. Changing the delimiters is not supported.
struct Template: Sendable {
    indirect enum Node: Sendable {
        case text(String)
        case variable(Path, escaped: Bool)
        case section(Path, [Node])
        case invertedSection(Path, [Node])
        case partial(String)
        /// A block with its default content, replaced by an override of the same name.
        case block(String, [Node])
        /// Renders the named template with these blocks overridden.
        case parent(String, overrides: [String: [Node]])
    }

    /// A dotted name split at its dots; `{{.}}` is the empty path.
    typealias Path = [String]

    struct SyntaxError: Error, CustomStringConvertible {
        var message: String
        var line: Int
        var description: String { "line \(line): \(message)" }
    }

    let nodes: [Node]

    init(_ source: String) throws {
        var parser = TemplateParser(source)
        nodes = try parser.parse()
    }
}

/// Reads template text into nodes, one tag at a time.
private struct TemplateParser {
    private let text: [UInt8]
    private var position = 0

    init(_ source: String) { text = Array(source.utf8) }

    private enum Kind: UInt8 {
        case section = 35  // #
        case inverted = 94  // ^
        case close = 47  // /
        case partial = 62  // >
        case comment = 33  // !
        case parent = 60  // <
        case block = 36  // $
        case ampersand = 38  // &
        case delimiters = 61  // =
    }

    /// What closes the node list being read: a section's name, or the end of the text.
    mutating func parse(until closing: Substring? = nil) throws -> [Template.Node] {
        var nodes: [Template.Node] = []
        var textStart = position
        while let open = find("{{", from: position) {
            let tag = try readTag(at: open)
            var textEnd = open
            if tag.standsAlone, let line = standaloneLine(tagStart: open, tagEnd: tag.end) {
                textEnd = line.start
                position = line.end
            } else {
                position = tag.end
            }
            if textEnd > textStart { nodes.append(.text(string(textStart, textEnd))) }
            let name = tag.name
            switch tag.kind {
            case .section?: nodes.append(.section(Self.path(name), try parse(until: name)))
            case .inverted?: nodes.append(.invertedSection(Self.path(name), try parse(until: name)))
            case .block?: nodes.append(.block(String(name), try parse(until: name)))
            case .parent?: nodes.append(.parent(String(name), overrides: Self.blocks(in: try parse(until: name))))
            case .partial?: nodes.append(.partial(String(name)))
            case .comment?: break
            case .ampersand?: nodes.append(.variable(Self.path(name), escaped: false))
            case .delimiters?: throw error("changing delimiters is not supported", at: open)
            case .close?:
                guard name == closing else { throw error("{{/\(name)}} closes nothing open", at: open) }
                return nodes
            case nil: nodes.append(.variable(Self.path(name), escaped: !tag.isTriple))
            }
            textStart = position
        }
        if let closing { throw error("{{#\(closing)}} is never closed", at: text.count) }
        if text.count > textStart { nodes.append(.text(string(textStart, text.count))) }
        position = text.count
        return nodes
    }

    private struct Tag {
        var kind: Kind?
        var name: Substring
        var end: Int
        var isTriple: Bool
        /// Tags that render nothing themselves may take their whole line.
        var standsAlone: Bool {
            switch kind {
            case .section?, .inverted?, .close?, .partial?, .comment?, .parent?, .block?: true
            default: false
            }
        }
    }

    private func readTag(at open: Int) throws -> Tag {
        var start = open + 2
        let isTriple = start < text.count && text[start] == UInt8(ascii: "{")
        if isTriple { start += 1 }
        guard let close = find(isTriple ? "}}}" : "}}", from: start) else {
            throw error("a tag is never closed", at: open)
        }
        var inner = string(start, close)[...]
        var kind: Kind?
        if !isTriple, let first = inner.utf8.first, let found = Kind(rawValue: first) {
            kind = found
            inner = inner.dropFirst()
        }
        let name = inner.trimmingWhitespace
        if kind != .comment, name.isEmpty { throw error("a tag has no name", at: open) }
        return Tag(kind: kind, name: name, end: close + (isTriple ? 3 : 2), isTriple: isTriple)
    }

    /// The line around a tag when nothing but white space shares it: from the line's start to past its newline.
    private func standaloneLine(tagStart: Int, tagEnd: Int) -> (start: Int, end: Int)? {
        var start = tagStart
        while start > 0, text[start - 1] == UInt8(ascii: " ") || text[start - 1] == UInt8(ascii: "\t") { start -= 1 }
        guard start == 0 || text[start - 1] == UInt8(ascii: "\n") else { return nil }
        var end = tagEnd
        while end < text.count, text[end] == UInt8(ascii: " ") || text[end] == UInt8(ascii: "\t") { end += 1 }
        if end == text.count { return (start, end) }
        if text[end] == UInt8(ascii: "\r"), end + 1 < text.count, text[end + 1] == UInt8(ascii: "\n") {
            return (start, end + 2)
        }
        return text[end] == UInt8(ascii: "\n") ? (start, end + 1) : nil
    }

    private func find(_ needle: StaticString, from start: Int) -> Int? {
        let bytes = UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount)
        guard start + bytes.count <= text.count else { return nil }
        var index = start
        while index + bytes.count <= text.count {
            if text[index] == bytes[0], zip(bytes.indices, index...).allSatisfy({ bytes[$0] == text[$1] }) {
                return index
            }
            index += 1
        }
        return nil
    }

    private func string(_ start: Int, _ end: Int) -> String { String(decoding: text[start..<end], as: UTF8.self) }

    private func error(_ message: String, at offset: Int) -> Template.SyntaxError {
        Template.SyntaxError(message: message, line: 1 + text[..<min(offset, text.count)].count { $0 == 10 })
    }

    private static func path(_ name: Substring) -> Template.Path {
        name == "." ? [] : name.split(separator: ".").map(String.init)
    }

    /// The block overrides inside a `{{<parent}}` tag; anything else there is ignored, as the specification says.
    private static func blocks(in nodes: [Template.Node]) -> [String: [Template.Node]] {
        var blocks: [String: [Template.Node]] = [:]
        for case .block(let name, let content) in nodes { blocks[name] = content }
        return blocks
    }
}

extension Substring {
    fileprivate var trimmingWhitespace: Substring {
        var result = self
        while let first = result.first, first.isWhitespace { result.removeFirst() }
        while let last = result.last, last.isWhitespace { result.removeLast() }
        return result
    }
}
