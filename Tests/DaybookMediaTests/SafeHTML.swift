import Foundation

/// What would make rendered Markdown unsafe on a page: any tag or attribute beyond what Markdown produces, a
/// link to anything but http(s) or mailto or without `rel`, an image from anywhere but Daybook's own photos,
/// or a checkbox a person could tick.
enum SafeHTML {
    static let rel = "noopener noreferrer nofollow"
    private static let attributes: [String: Set<String>] = [
        "p": [], "br": [], "em": [], "strong": [], "del": [], "pre": [], "blockquote": [], "ul": [], "li": [],
        "h1": [], "h2": [], "h3": [], "h4": [], "h5": [], "h6": [], "hr": [], "table": [], "thead": [],
        "tbody": [], "tr": [], "code": ["class"], "ol": ["start"], "th": ["align"], "td": ["align"],
        "a": ["href", "rel", "title"], "input": ["type", "disabled", "checked"],
        "img": ["src", "srcset", "sizes", "width", "height", "loading", "decoding", "alt", "title"],
    ]

    static func problems(in html: String) -> [String] {
        var problems: [String] = []
        for (name, attributes) in HTMLTokens(html).startTags {
            guard let allowed = Self.attributes[name] else {
                problems.append("<\(name)>")
                continue
            }
            var values: [String: String] = [:]
            for attribute in attributes {
                if !allowed.contains(attribute.name) { problems.append("<\(name) \(attribute.name)>") }
                values[attribute.name] = attribute.value ?? ""
            }
            switch name {
            case "a":
                let href = (values["href"] ?? "").lowercased()
                if !["http:", "https:", "mailto:"].contains(where: href.hasPrefix) { problems.append("href=\(href)") }
                if values["rel"] != rel { problems.append("<a> without rel") }
            case "img":
                let sources = [values["src"] ?? ""] + (values["srcset"] ?? "").split(separator: ",").map(String.init)
                for source in sources where !source.trimmingCharacters(in: .whitespaces).hasPrefix("/photos/") {
                    problems.append("img src=\(source)")
                }
            case "input":
                if values["type"] != "checkbox" || values["disabled"] == nil { problems.append("an input to use") }
            case "code":
                if let language = values["class"], !language.hasPrefix("language-") { problems.append(language) }
            default:
                break
            }
        }
        return problems
    }
}
