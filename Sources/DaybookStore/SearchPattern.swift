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
    /// The single CJK characters searched for on their own (`学`); their matches are one character long.
    var singleCharacters: Set<Character>
    /// The words as typed, folded, to tell a single-character match from a longer one.
    var words: [String]

    /// The pattern for `text`, or `nil` when it holds nothing searchable (only spaces or punctuation).
    init?(_ text: String, prefix: Bool) {
        var phrases: [String] = []
        var singles = Set<Character>()
        var words: [String] = []
        var lastIsWord = false
        for word in text.split(whereSeparator: { $0.isWhitespace }) {
            let tokens = SearchSegmenter.tokens(in: String(word), forQuery: true)
            guard let last = tokens.last else { continue }
            phrases.append("\"" + word.replacingOccurrences(of: "\"", with: "\"\"") + "\"")
            words.append(String(word))
            lastIsWord = last.kind == .word
            for token in tokens where token.kind == .cjk && token.token.count == 1 {
                singles.insert(Character(token.token))
            }
        }
        guard !phrases.isEmpty else { return nil }
        if prefix, lastIsWord, let end = text.last, !end.isWhitespace { phrases[phrases.count - 1] += "*" }
        raw = phrases.joined(separator: " ")
        singleCharacters = singles
        self.words = words
    }

    /// Marks as SQLite's `highlight()` returns them, narrowed where a single-character query matched: the index
    /// stores `学` at the position of the bigram `学校`, so SQLite marks both characters.
    func refined(_ text: HighlightedText) -> HighlightedText {
        guard !singleCharacters.isEmpty else { return text }
        var result: [HighlightedText.Part] = []
        for part in text.parts {
            let characters = Array(part.text)
            if part.isMatch, characters.count == 2, singleCharacters.contains(characters[0]),
                !words.contains(where: { $0.contains(part.text) })
            {
                result.append(HighlightedText.Part(String(characters[0]), isMatch: true))
                result.append(HighlightedText.Part(String(characters[1])))
            } else {
                result.append(part)
            }
        }
        return HighlightedText(result)
    }
}

extension AppDatabase {
    /// The FTS5 pattern a search for `text` runs, for measuring the store against the raw query.
    package static func searchPattern(_ text: String, prefix: Bool) -> String? {
        SearchPattern(text, prefix: prefix)?.raw
    }
}
