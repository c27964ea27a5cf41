import Foundation

/// Turns the Markdown people write (entries, a day's reflection) into what pages show and what search reads.
public protocol MarkdownRendering: Sendable {
    /// Safe HTML for `markdown`: no raw HTML (it shows as text), links only to http(s) and mailto, and images
    /// only from Daybook's own photos (`![alt](/photos/<uuid>)`), sized from `photos`. A photo whose size
    /// `photos` does not know still shows, without `width` and `height`: whether the id names a stored photo is
    /// for the photo endpoint to say.
    func html(_ markdown: String, photos: MarkdownPhotoLookup) -> String

    /// The words of `markdown` without its markup, for search, snippets and word counts: the text of links and
    /// images is kept, and blocks, list items and table cells are separated by whitespace.
    func plainText(_ markdown: String) -> String
}

extension MarkdownRendering {
    /// Safe HTML for `markdown` where no photo's size is known.
    public func html(_ markdown: String) -> String {
        html(markdown, photos: .none)
    }
}

/// Explicit limits on Markdown.
public enum MarkdownLimits {
    /// The most Markdown rendered at once: 1 MB (1,048,576 bytes) of UTF-8.
    public static let utf8Bytes = 1_048_576
}
