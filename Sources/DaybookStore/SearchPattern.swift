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
    /// Each word as a quoted phrase, without the prefix's `*`.
    private var quoted: [String]

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
        self.quoted = quoted
        if lastIsPrefix { quoted[quoted.count - 1] += "*" }
        raw = quoted.joined(separator: " ")
        self.phrases = phrases
    }

    /// The word still being typed, as the index folds it, when it is one token (what `completed(by:)` replaces).
    var begunWord: String? {
        guard lastIsPrefix, let last = phrases.last, last.count == 1 else { return nil }
        return String(decoding: last[0], as: UTF8.self)
    }

    /// The same search with the word still being typed replaced by the whole words of the index it begins, any
    /// of which may match.
    func completed(by words: [String]) -> String {
        let choices = words.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
        // FTS5 joins a group to what comes before it with an explicit AND only.
        return (quoted.dropLast() + ["(" + choices.joined(separator: " OR ") + ")"]).joined(separator: " AND ")
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
