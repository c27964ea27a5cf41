import Foundation

/// The text of a Day One entry: its Markdown (`text`), or the plain text inside `richText` when an older export
/// has no Markdown.
enum DayOneText {
    /// Day One's Markdown without the backslashes it puts before Markdown characters (`3\. Done\!` is
    /// `3. Done!`). It escapes only ASCII punctuation, so only `\` before ASCII punctuation is removed: a
    /// backslash the person typed was written `\\` and comes back as one `\`, and `C:\Users` stays as it is.
    static func unescaped(_ text: String) -> String {
        guard text.contains("\\") else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            if character == "\\", next < text.endIndex, text[next].isASCII,
                text[next].isPunctuation || text[next].isSymbol
            {
                result.append(text[next])
                index = text.index(after: next)
            } else {
                result.append(character)
                index = next
            }
        }
        return result
    }

    /// The text of `richText` (`{"contents": [{"text", "attributes": {"line": {"header": 1}}},
    /// {"embeddedObjects": [{"type": "photo", "identifier"}]}]}`): headers as `#` lines, embedded photos, videos,
    /// audio and PDFs as the `dayone-moment:` links the Markdown would have.
    static func plain(richText: String) -> String {
        guard let root = try? JSONSerialization.jsonObject(with: Data(richText.utf8)) as? [String: Any],
            let contents = root["contents"] as? [Any]
        else { return "" }
        var text = ""
        for case let content as [String: Any] in contents {
            if let piece = content["text"] as? String {
                let line = (content["attributes"] as? [String: Any])?["line"] as? [String: Any]
                if let header = (line?["header"] as? NSNumber)?.intValue, (1...6).contains(header),
                    text.isEmpty || text.hasSuffix("\n")
                {
                    text += String(repeating: "#", count: header) + " "
                }
                text += piece
            }
            for case let object as [String: Any] in content["embeddedObjects"] as? [Any] ?? [] {
                guard let identifier = object["identifier"] as? String else { continue }
                let path: String
                switch object["type"] as? String {
                case "photo": path = "//"
                case "video": path = "/video/"
                case "audio": path = "/audio/"
                case "pdfAttachment", "pdf": path = "/pdfAttachment/"
                default: continue
                }
                if !text.isEmpty && !text.hasSuffix("\n") { text += "\n" }
                text += "![](dayone-moment:\(path)\(identifier))\n"
            }
        }
        return text
    }

    /// The text with `![](dayone-moment://ID)` turned into Daybook's `![](photo:ID)` for the entry's photos, and
    /// a plain mention in place of a video, audio or PDF (or a photo the entry does not list), never a broken image.
    static func linkingAttachments(in text: String, _ attachments: DayOneAttachments, localizer: Localizer)
        -> String
    {
        guard text.contains("dayone-moment:") else { return text }
        let link = /!\[[^\]\n]*\]\(dayone-moment:(?:\/\/|\/(video|audio|pdfAttachment)\/)([A-Za-z0-9_-]+)\)/
        return text.replacing(link) { match in
            let identifier = String(match.output.2)
            let kind: DayOneAttachments.Kind? =
                switch match.output.1 {
                case "video"?: .video
                case "audio"?: .audio
                case "pdfAttachment"?: .pdf
                default: attachments.kinds[identifier]
                }
            if kind == .photo, attachments.photos.contains(where: { $0.sourceID == identifier }) {
                return "![](photo:\(identifier))"
            }
            return mention(kind ?? .photo, localizer: localizer)
        }
    }

    /// What stands in the text for an attachment Daybook did not import.
    static func mention(_ kind: DayOneAttachments.Kind, localizer: Localizer) -> String {
        localizer("import.dayone.mention.\(kind.rawValue)")
    }

    /// A first line that is a `# ` heading is the title; the rest is the body.
    static func title(of text: String) -> (title: String, body: String) {
        let trimmed = text.trimmingWhiteSpace()
        guard trimmed.hasPrefix("# ") else { return ("", trimmed) }
        let end = trimmed.firstIndex(where: \.isNewline) ?? trimmed.endIndex
        return (
            trimmed[trimmed.index(trimmed.startIndex, offsetBy: 2)..<end].trimmingCharacters(in: .whitespaces),
            trimmed[end...].trimmingWhiteSpace()
        )
    }
}
