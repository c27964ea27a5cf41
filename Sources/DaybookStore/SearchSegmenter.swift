import Foundation

/// Splits text into the tokens of the search index, the same way for entries and for queries.
///
/// - Korean, Japanese and Chinese (runs of Han, Hiragana, Katakana or Hangul) become overlapping bigrams, each
///   with the single character it starts with at the same position: `東京都` is `東京`+`東`, `京都`+`京`, `都`.
///   A query asks for bigrams only, as a phrase (`京都` finds `東京都`), or for the single character when it is
///   one (`学`).
/// - Other letters and digits form words, as SQLite's `unicode61` splits them, folded for case, width and
///   diacritics (`Café` is `cafe`).
///
/// Offsets are byte offsets into the UTF-8 text, so the marks of a search (`SearchMarks`) land on the right text.
enum SearchSegmenter {
    /// What kind of text a token came from.
    enum Kind: Equatable {
        case word, cjk
    }

    /// Walks the tokens of `text` and hands each to `emit(token, start, end, colocated)`; stops early when `emit`
    /// returns `false`. A colocated token shares the position of the one before it.
    ///
    /// - Returns: `false` when `emit` stopped the walk.
    @discardableResult
    static func forEachToken(
        in text: UnsafeBufferPointer<UInt8>, forQuery: Bool,
        _ emit: (UnsafeBufferPointer<UInt8>, Int, Int, Bool) -> Bool
    ) -> Bool {
        var scratch: [UInt8] = []
        var boundaries: [Int] = []
        var index = 0
        let count = text.count
        while index < count {
            let (scalar, length) = decode(text, at: index)
            switch kind(of: scalar) {
            case nil:
                index += length
            case .cjk:
                boundaries.removeAll(keepingCapacity: true)
                boundaries.append(index)
                index += length
                while index < count {
                    let (next, nextLength) = decode(text, at: index)
                    guard kind(of: next) == .cjk else { break }
                    boundaries.append(index)
                    index += nextLength
                }
                boundaries.append(index)
                guard emitRun(text, boundaries, forQuery: forQuery, emit) else { return false }
            case .word:
                let start = index
                var ascii = scalar < 0x80
                index += length
                while index < count {
                    let (next, nextLength) = decode(text, at: index)
                    guard kind(of: next) == .word else { break }
                    ascii = ascii && next < 0x80
                    index += nextLength
                }
                fold(UnsafeBufferPointer(rebasing: text[start..<index]), ascii: ascii, into: &scratch)
                if scratch.isEmpty { continue }
                let go = scratch.withUnsafeBufferPointer { emit($0, start, index, false) }
                guard go else { return false }
            }
        }
        return true
    }

    /// The tokens of `text` as strings, with their kind: for building queries and for tests.
    static func tokens(in text: String, forQuery: Bool) -> [(token: String, kind: Kind, colocated: Bool)] {
        var text = text
        return text.withUTF8 { buffer in
            var result: [(String, Kind, Bool)] = []
            forEachToken(in: buffer, forQuery: forQuery) { token, start, _, colocated in
                let (scalar, _) = decode(buffer, at: start)
                result.append((String(decoding: token, as: UTF8.self), kind(of: scalar) ?? .word, colocated))
                return true
            }
            return result
        }
    }

    private static func emitRun(
        _ text: UnsafeBufferPointer<UInt8>, _ boundaries: [Int], forQuery: Bool,
        _ emit: (UnsafeBufferPointer<UInt8>, Int, Int, Bool) -> Bool
    ) -> Bool {
        let characters = boundaries.count - 1
        func slice(_ start: Int, _ end: Int) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: text[start..<end])
        }
        if characters == 1 {
            return emit(slice(boundaries[0], boundaries[1]), boundaries[0], boundaries[1], false)
        }
        for k in 0..<characters {
            let start = boundaries[k]
            if k + 1 < characters {
                let end = boundaries[k + 2]
                guard emit(slice(start, end), start, end, false) else { return false }
                if !forQuery, !emit(slice(start, boundaries[k + 1]), start, boundaries[k + 1], true) { return false }
            } else if !forQuery {
                guard emit(slice(start, boundaries[k + 1]), start, boundaries[k + 1], false) else { return false }
            }
        }
        return true
    }

    /// Lower-cases ASCII directly; anything else goes through Foundation's folding (case, width, diacritics).
    private static func fold(_ word: UnsafeBufferPointer<UInt8>, ascii: Bool, into scratch: inout [UInt8]) {
        scratch.removeAll(keepingCapacity: true)
        if ascii {
            for byte in word { scratch.append(byte >= 65 && byte <= 90 ? byte + 32 : byte) }
        } else {
            let folded = String(decoding: word, as: UTF8.self)
                .folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            scratch.append(contentsOf: folded.utf8)
        }
    }

    /// The scalar at `index` and its length in bytes; malformed UTF-8 reads as one separator byte (scalar 0).
    @inline(__always)
    static func decode(_ text: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt32, Int) {
        let first = UInt32(text[index])
        if first < 0x80 { return (first, 1) }
        let count = text.count
        @inline(__always) func continuation(_ offset: Int) -> UInt32? {
            guard index + offset < count else { return nil }
            let byte = UInt32(text[index + offset])
            return byte & 0xC0 == 0x80 ? byte & 0x3F : nil
        }
        if first & 0xE0 == 0xC0, let b1 = continuation(1) {
            return ((first & 0x1F) << 6 | b1, 2)
        }
        if first & 0xF0 == 0xE0, let b1 = continuation(1), let b2 = continuation(2) {
            return ((first & 0x0F) << 12 | b1 << 6 | b2, 3)
        }
        if first & 0xF8 == 0xF0, let b1 = continuation(1), let b2 = continuation(2), let b3 = continuation(3) {
            return ((first & 0x07) << 18 | b1 << 12 | b2 << 6 | b3, 4)
        }
        return (0, 1)
    }

    /// Which kind of token a scalar belongs to; `nil` for separators (spaces, punctuation, symbols).
    @inline(__always)
    static func kind(of value: UInt32) -> Kind? {
        if value < 0x80 {
            return (48...57).contains(value) || (65...90).contains(value) || (97...122).contains(value) ? .word : nil
        }
        switch value {
        case 0x1100...0x11FF, 0x3005...0x3007, 0x3040...0x30FF, 0x3130...0x318F, 0x31F0...0x31FF, 0x3400...0x4DBF,
            0x4E00...0x9FFF, 0xA960...0xA97F, 0xAC00...0xD7FF, 0xF900...0xFAFF, 0xFF66...0xFF9F, 0xFFA0...0xFFDC,
            0x20000...0x3FFFF:
            return .cjk
        default:
            break
        }
        guard let scalar = Unicode.Scalar(value) else { return nil }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber,
            .letterNumber, .otherNumber, .nonspacingMark, .spacingMark, .enclosingMark:
            return .word
        default:
            return nil
        }
    }
}
