import Foundation

/// HTML normalized as the CommonMark spec's test harness does before it compares: attributes sorted, character
/// references decoded (then `<`, `>`, `&` and `"` escaped again), runs of whitespace outside `<pre>` made one
/// space, whitespace around block tags removed, and `<br />` written as `<br>`.
enum SpecHTML {
    static let blockTags: Set<String> = [
        "article", "header", "aside", "hgroup", "blockquote", "hr", "iframe", "body", "li", "map", "button",
        "object", "canvas", "ol", "output", "p", "pre", "progress", "caption", "section", "dd", "dl", "dt",
        "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "video",
        "address", "div", "noscript", "table", "tbody", "td", "tfoot", "th", "thead", "tr",
    ]

    static func normalized(_ html: String) -> String {
        var output = ""
        var last = "starttag"
        var lastTag = ""
        var inPre = false
        func trimEnd() {
            while let end = output.last, end.isWhitespace { output.removeLast() }
        }
        for token in HTMLTokens(html).tokens {
            switch token {
            case .text(var data):
                let afterTag = last == "endtag" || last == "starttag"
                let afterBlockTag = afterTag && blockTags.contains(lastTag)
                if afterTag && lastTag == "br" { data = String(data.drop { $0 == "\n" }) }
                if !inPre { data = data.replacing(/\s+/, with: " ") }
                if afterBlockTag && !inPre {
                    data =
                        last == "starttag"
                        ? String(data.drop(while: \.isWhitespace))
                        : data.trimmingCharacters(in: .whitespacesAndNewlines)
                }
                output += data
                last = "data"
            case .reference(let character, let source):
                output += character.map { escaped(String($0), quotes: false) } ?? source
                last = "ref"
            case .start(let name, let attributes, let selfClosing):
                if name == "pre" { inPre = true }
                if blockTags.contains(name) { trimEnd() }
                output += "<" + name
                for attribute in attributes.sorted() {
                    output += " " + attribute.name
                    if let value = attribute.value { output += "=\"" + escaped(value, quotes: true) + "\"" }
                }
                output += ">"
                lastTag = name
                last = selfClosing ? "endtag" : "starttag"
            case .end(let name):
                if name == "pre" {
                    inPre = false
                } else if blockTags.contains(name) {
                    trimEnd()
                }
                output += "</" + name + ">"
                lastTag = name
                last = "endtag"
            case .other(let text):
                output += text
                last = "other"
            }
        }
        return output
    }

    private static func escaped(_ text: String, quotes: Bool) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'" where quotes: result += "&#x27;"
            default: result.append(character)
            }
        }
        return result
    }
}
