import DaybookCore

/// An FTS5 query built from what a person typed, never from their syntax.
///
/// Each space-separated word becomes a quoted phrase (quotes doubled inside), so `*`, `-`, `:`, `AND`, `NEAR`
/// and parentheses are plain text and the query cannot fail; the tokenizer then turns each phrase into its
/// tokens: words folded like the index, CJK runs into bigrams. All words must match. With `prefix`, a last word
/// in Latin script that the person is still typing matches words that start with it.
struct SearchPattern: Equatable {
    /// The text given to `MATCH`.
    var raw: String
    /// Each word's tokens, as the index holds them: what `SearchMarks` looks for.
    var phrases: [[[UInt8]]]
    /// Whether the last word matches the words it begins (typed with `prefix`, in Latin script, not ended).
    var lastIsPrefix: Bool

    /// The pattern for `text`, or `nil` when it holds nothing searchable (only spaces or punctuation).
    init?(_ text: String, prefix: Bool) {
        var quoted: [String] = []
        var phrases: [[[UInt8]]] = []
        var lastIsWord = false
        for word in text.split(whereSeparator: { $0.isWhitespace }) {
            let tokens = SearchSegmenter.tokens(in: String(word), forQuery: true)
            guard let last = tokens.last else { continue }
            quoted.append("\"" + word.replacingOccurrences(of: "\"", with: "\"\"") + "\"")
            phrases.append(tokens.map { Array($0.token.utf8) })
            lastIsWord = last.kind == .word
        }
        guard !quoted.isEmpty else { return nil }
        lastIsPrefix = prefix && lastIsWord && text.last.map { !$0.isWhitespace } == true
        if lastIsPrefix { quoted[quoted.count - 1] += "*" }
        raw = quoted.joined(separator: " ")
        self.phrases = phrases
    }
}

extension AppDatabase {
    /// The FTS5 pattern a search for `text` runs, for measuring the store against the raw query.
    package static func searchPattern(_ text: String, prefix: Bool) -> String? {
        SearchPattern(text, prefix: prefix)?.raw
    }

    /// The score a search orders its matches by (bm25 with the index's weights), for the same measurement.
    package static let searchScore = SearchIndex.score
}
