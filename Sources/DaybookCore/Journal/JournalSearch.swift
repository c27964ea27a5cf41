import Foundation

/// What a person searches for, and the filters around it.
public struct JournalSearchQuery: Equatable, Sendable {
    /// What was typed, in any language; search syntax is not interpreted (quotes, `*`, `-`, `AND` are text).
    public var text: String
    /// Treat the last word as the start of a word (`caf` finds `café`), for results as one types.
    public var matchesPrefix: Bool
    /// Only entries with this tag (ignoring case).
    public var tag: String?
    /// Only entries on these local days.
    public var days: ClosedRange<DayKey>?
    public var starredOnly: Bool
    public var limit: Int
    public var offset: Int
    /// How the hits are ordered; nil lets the search decide: best match first, unless the words are in more than
    /// `commonMatches` entries, when the newest come first.
    public var order: JournalSearchOrder?
    /// How many entries a search's words must be in to count as common (`manyMatches`; a test may set fewer).
    public var commonMatches = Self.manyMatches

    /// The most characters of query text that are read.
    public static let maximumTextLength = 200
    /// The most hits one page may ask for.
    public static let maximumLimit = 100
    /// Words in more entries than this are listed newest first unless best match is asked for. Ranking costs
    /// about 1.5 µs for each matching entry, and a word in most of 100,000 entries ranks nearly the same in
    /// every one; people scan such results by date. Below it, ranking a page takes a few milliseconds.
    public static let manyMatches = 5_000

    public init(
        text: String, matchesPrefix: Bool = true, tag: String? = nil, days: ClosedRange<DayKey>? = nil,
        starredOnly: Bool = false, limit: Int = 20, offset: Int = 0, order: JournalSearchOrder? = nil
    ) {
        self.text = String(text.prefix(Self.maximumTextLength))
        self.matchesPrefix = matchesPrefix
        self.tag = tag
        self.days = days
        self.starredOnly = starredOnly
        self.limit = min(max(limit, 1), Self.maximumLimit)
        self.offset = max(offset, 0)
        self.order = order
    }
}

/// How search results are ordered.
public enum JournalSearchOrder: String, CaseIterable, Sendable {
    /// The entries whose title, tags and text match best (FTS5's bm25) first.
    case bestMatch = "best"
    /// The latest written first.
    case newest
}

/// One page of search results.
public struct JournalSearchPage: Equatable, Sendable {
    public var hits: [JournalSearchHit]
    /// Whether more hits follow (ask again with `offset + limit`).
    public var hasMore: Bool
    /// How the hits are ordered.
    public var order: JournalSearchOrder
    /// Whether the words are in more than the query's `commonMatches` entries.
    public var isCommon: Bool

    public init(hits: [JournalSearchHit], hasMore: Bool, order: JournalSearchOrder = .bestMatch, isCommon: Bool = false)
    {
        self.hits = hits
        self.hasMore = hasMore
        self.order = order
        self.isCommon = isCommon
    }
}

/// An entry that matched, with the matching words marked.
public struct JournalSearchHit: Equatable, Sendable {
    public var entry: JournalEntrySummary
    /// The whole title, matches marked.
    public var title: HighlightedText
    /// A few lines of the plain text around the best matches, matches marked; `…` where text was cut.
    public var snippet: HighlightedText

    public init(entry: JournalEntrySummary, title: HighlightedText, snippet: HighlightedText) {
        self.entry = entry
        self.title = title
        self.snippet = snippet
    }
}

/// Text in which some parts are marked as matches. The presenter escapes each part and wraps the matches
/// (in `<mark>` on pages); nothing in it is HTML.
public struct HighlightedText: Equatable, Sendable {
    public struct Part: Equatable, Sendable {
        public var text: String
        public var isMatch: Bool

        public init(_ text: String, isMatch: Bool = false) {
            self.text = text
            self.isMatch = isMatch
        }
    }

    public var parts: [Part]

    public init(_ parts: [Part]) {
        self.parts = parts
    }

    /// The text without marks.
    public var plain: String { parts.map(\.text).joined() }

    /// The marked parts' texts, in order.
    public var matches: [String] { parts.filter(\.isMatch).map(\.text) }
}
