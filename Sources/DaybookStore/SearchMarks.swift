import DaybookCore

/// Marks what a search matched in a hit's title and text, and picks the text's snippet, in Swift.
///
/// The text is split by `SearchSegmenter`, as the index splits it, and each of the pattern's phrases is found
/// where its tokens stand at consecutive positions. The snippet window is chosen as FTS5's `snippet()` chooses
/// it: the run of `length` positions holding the most different phrases (then the most matches), centred on
/// them, or starting at a sentence when that scores as well. Doing this here rather than with `snippet()` and
/// `highlight()` spares SQLite matching each hit again and calling the tokenizer back for every token.
///
/// A match is marked exactly: a one-character CJK query marks that character, not the pair the index stores
/// it with.
struct SearchMarks {
    /// The pattern's phrases, each as the tokens a match must have at consecutive positions.
    let phrases: [[[UInt8]]]
    /// Whether the last phrase's last token matches any token it begins.
    let lastIsPrefix: Bool

    init(_ pattern: SearchPattern) {
        phrases = pattern.phrases
        lastIsPrefix = pattern.lastIsPrefix
    }

    /// The whole of `text`, with its matches marked.
    func highlighted(_ text: String) -> HighlightedText {
        var text = text
        return text.withUTF8 { bytes in
            let scan = Scan(bytes, self)
            return Self.parts(bytes, from: 0, to: bytes.count, marks: scan.marks)
        }
    }

    /// About `length` positions of `text` around its best matches, with "…" where text was left out.
    func snippet(_ text: String, length: Int) -> HighlightedText {
        var text = text
        return text.withUTF8 { bytes in
            let scan = Scan(bytes, self)
            let positions = scan.positions
            let first = scan.bestStart(length: length)
            let last = first + length - 1
            let start = first == 0 ? 0 : positions[first].start
            let reachesEnd = last >= positions.count - 1
            let end = reachesEnd ? bytes.count : positions[last].end
            var result = Self.parts(bytes, from: start, to: end, marks: scan.marks)
            if first > 0 { result.parts.insert(HighlightedText.Part(Self.ellipsis), at: 0) }
            if !reachesEnd { result.parts.append(HighlightedText.Part(Self.ellipsis)) }
            return result
        }
    }

    static let ellipsis = "…"

    /// The text between byte offsets `start` and `end`, split at the marks (clipped to that range).
    private static func parts(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, marks: [Range<Int>]
    ) -> HighlightedText {
        func text(_ from: Int, _ to: Int) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[from..<to]), as: UTF8.self)
        }
        var parts: [HighlightedText.Part] = []
        var offset = start
        for mark in marks where mark.upperBound > start && mark.lowerBound < end {
            let from = max(mark.lowerBound, offset)
            let to = min(mark.upperBound, end)
            guard from < to else { continue }
            if from > offset { parts.append(HighlightedText.Part(text(offset, from))) }
            parts.append(HighlightedText.Part(text(from, to), isMatch: true))
            offset = to
        }
        if offset < end { parts.append(HighlightedText.Part(text(offset, end))) }
        return HighlightedText(parts)
    }

    /// One pass over a text: its positions, where its sentences start, and the phrases found.
    private struct Scan {
        /// How many phrases the pattern has.
        let phraseCount: Int
        /// Byte range of each position's first token (what the window starts and ends on).
        var positions: [(start: Int, end: Int)] = []
        /// Positions where a sentence starts: the first, and each after a `.` or `:` and a space.
        var sentences: [Int] = []
        /// Each phrase found, in the order of the text: which phrase, its first position and how many positions
        /// it spans.
        var found: [(phrase: Int, position: Int, count: Int)] = []
        /// The byte ranges to mark, in order, overlapping ones joined.
        var marks: [Range<Int>] = []

        init(_ bytes: UnsafeBufferPointer<UInt8>, _ search: SearchMarks) {
            phraseCount = search.phrases.count
            // Each token is compared with the phrases' tokens as the walk passes it; only the ones that match
            // are kept (a CJK text has two tokens a character, nearly all of them no match).
            var wanted: [(token: [UInt8], phrase: Int, index: Int, prefix: Bool)] = []
            for (number, phrase) in search.phrases.enumerated() {
                for (index, token) in phrase.enumerated() {
                    let prefix = search.lastIsPrefix && number == search.phrases.count - 1 && index == phrase.count - 1
                    wanted.append((token, number, index, prefix))
                }
            }
            var hits: [(position: Int, phrase: Int, index: Int, start: Int, end: Int)] = []
            positions.reserveCapacity(bytes.count / 4)
            SearchSegmenter.forEachToken(in: bytes, forQuery: false) { token, start, end, colocated in
                if !colocated || positions.isEmpty {
                    if Self.startsSentence(bytes, at: start, position: positions.count) {
                        sentences.append(positions.count)
                    }
                    positions.append((start, end))
                }
                for candidate in wanted
                where candidate.prefix ? token.count >= candidate.token.count : token.count == candidate.token.count {
                    if token.prefix(candidate.token.count).elementsEqual(candidate.token) {
                        hits.append((positions.count - 1, candidate.phrase, candidate.index, start, end))
                    }
                }
                return true
            }

            // A phrase is found where its first token is followed, position by position, by the others. Hits
            // come in the order of the text, so each mark starts at or after the one before.
            for first in hits where first.index == 0 {
                let length = search.phrases[first.phrase].count
                var end = first.end
                var whole = true
                for index in 1..<length {
                    guard
                        let next = hits.first(where: {
                            $0.position == first.position + index && $0.phrase == first.phrase && $0.index == index
                        })
                    else {
                        whole = false
                        break
                    }
                    end = next.end
                }
                guard whole else { continue }
                found.append((first.phrase, first.position, length))
                if let last = marks.last, first.start < last.upperBound {
                    marks[marks.count - 1] = last.lowerBound..<max(last.upperBound, end)
                } else {
                    marks.append(first.start..<end)
                }
            }
        }

        /// FTS5's sentence rule: after the text's first token, one that follows white space after `.` or `:`.
        private static func startsSentence(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, position: Int) -> Bool {
            guard position > 0 else { return true }
            var index = start - 1
            while index >= 0, bytes[index] == 32 || bytes[index] == 9 || bytes[index] == 10 || bytes[index] == 13 {
                index -= 1
            }
            return index != start - 1 && index >= 0 && (bytes[index] == 46 || bytes[index] == 58)
        }

        /// The score of the window of `length` positions from `first`: 1,000 for each phrase in it, 1 for each
        /// further match; and, to centre them, where a window around its matches would start.
        private func score(from first: Int, length: Int) -> (score: Int, centred: Int) {
            var seen = [Bool](repeating: false, count: phraseCount)
            var score = 0
            var firstMatch = -1
            var lastEnd = 0
            for match in found where match.position >= first && match.position < first + length {
                score += seen[match.phrase] ? 1 : 1000
                seen[match.phrase] = true
                if firstMatch < 0 { firstMatch = match.position }
                lastEnd = match.position + match.count
            }
            var centred = firstMatch - (length - (lastEnd - firstMatch)) / 2
            if centred + length > positions.count { centred = positions.count - length }
            return (score, max(centred, 0))
        }

        /// The first position of the snippet's window.
        func bestStart(length: Int) -> Int {
            var best = (score: 0, start: 0)
            for match in found {
                let (score, centred) = self.score(from: match.position, length: length)
                if score > best.score { best = (score, centred) }
                // A window that starts at the sentence holding the match, when it scores as well.
                guard positions.count > length, !sentences.isEmpty else { continue }
                var sentence = 0
                while sentence + 1 < sentences.count, sentences[sentence + 1] <= match.position { sentence += 1 }
                guard sentences[sentence] < match.position else { continue }
                let start = sentences[sentence]
                let bonus = start == 0 ? 120 : 100
                let atSentence = self.score(from: start, length: length).score + bonus
                if atSentence > best.score { best = (atSentence, start) }
            }
            return best.start
        }
    }
}
