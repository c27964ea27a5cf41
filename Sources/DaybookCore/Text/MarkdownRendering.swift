import Foundation

/// Turns the Markdown people write (entries, a day's reflection) into what pages show and what search reads.
public protocol MarkdownRendering: Sendable {
    /// Safe HTML for `markdown`: no raw HTML (it shows as text), links only to http(s) and mailto, and images
    /// only from Daybook's own photos (`![alt](/photos/<uuid>)`), sized from `photos`. A photo whose size
    /// `photos` does not know still shows, without `width` and `height`: whether the id names a stored photo is
    /// for the photo endpoint to say.
    ///
    /// The HTML stays within a fixed multiple of the Markdown's size, whatever it holds: a table that would have
    /// more cells than `MarkdownLimits.tableCells(sourceBytes:)` allows is shown as its text, with a sentence in
    /// `language` saying why.
    func html(_ markdown: String, photos: MarkdownPhotoLookup, language: AppLanguage) -> String

    /// The words of `markdown` without its markup, for search, snippets and word counts: the text of links and
    /// images is kept, and blocks, list items and table cells are separated by whitespace.
    func plainText(_ markdown: String) -> String
}

extension MarkdownRendering {
    /// Safe HTML for `markdown` where no photo's size is known.
    public func html(_ markdown: String, language: AppLanguage = .english) -> String {
        html(markdown, photos: .none, language: language)
    }
}

/// Explicit limits on Markdown.
public enum MarkdownLimits {
    /// The most Markdown rendered at once: 1 MB (1,048,576 bytes) of UTF-8.
    public static let utf8Bytes = 1_048_576

    /// The most cells a table whose text (header to last row) is `sourceBytes` long may have: as many as it has
    /// bytes, and 64 more. A table typed out cell by cell never comes near it; cmark-gfm fills each row up to the
    /// header's width, so a wide header over many short rows would pass it, and is shown as its text instead. A
    /// whole document's tables share the same allowance for its size.
    public static func tableCells(sourceBytes: Int) -> Int {
        sourceBytes + 64
    }

    /// The most pipes a table's header row may have: cmark-gfm's time to read a header grows with the square of its
    /// cells, and no table a person reads is this wide. A wider one is shown as its text.
    public static let tableColumns = 1_000

    /// The most block quotes and list items one line may open: cmark-gfm walks every open one for each line after
    /// it. Deeper markers show as typed.
    public static let nesting = 32

    /// The most `<?`/`<!` openers, image openers `![` and `@`s a text keeps as syntax (with the autolink extension,
    /// for `@`): each costs cmark-gfm a search of the text after it.
    public static let markupOpeners = 1_000

    /// The most runs of `*` and `_` inside lines a text keeps as emphasis: cmark-gfm pairs them in a time that grows
    /// with the square of their number when most never close.
    public static let emphasisRuns = 5_000

    /// The most bytes of addresses and titles that reference links (`[a]` with `[a]: /address "title"`) may copy
    /// into the page: twice the text's size, and 32 KB more.
    public static func referenceBytes(markdownBytes: Int) -> Int {
        2 * markdownBytes + 32_768
    }

    /// The most HTML any Markdown renders to: 32 bytes for each of its bytes, and 256 KB more. (A block quote
    /// marker `>` is `<blockquote>\n</blockquote>\n`, 27 bytes; the addresses references copy, escaped, are the
    /// rest.)
    public static func htmlBytes(markdownBytes: Int) -> Int {
        32 * markdownBytes + 262_144
    }
}
