import Foundation

/// Counts words the way journal apps do, in every script Daybook speaks.
public enum WordCount {
    /// The number of words in `text`.
    ///
    /// Words are runs of letters and digits between spaces and punctuation (so Korean counts its
    /// space-separated words, and "don't" or "e-mail" are one word each); each Chinese character and each
    /// Japanese kana counts as a word of its own, as those languages are written without spaces.
    public static func words(in text: String) -> Int {
        var count = 0
        var inWord = false
        var pendingJoiner = false
        for scalar in text.unicodeScalars {
            if isHanOrKana(scalar) {
                count += 1
                inWord = false
                pendingJoiner = false
            } else if isWordPart(scalar) {
                if !inWord { count += 1 }
                inWord = true
                pendingJoiner = false
            } else if inWord, !pendingJoiner, joiners.contains(scalar) {
                pendingJoiner = true  // "don't", "e-mail": one word when letters follow
            } else {
                inWord = false
                pendingJoiner = false
            }
        }
        return count
    }

    /// Apostrophes and hyphens that join two parts of one word.
    private static let joiners: Set<Unicode.Scalar> = ["'", "\u{2019}", "-", "\u{2010}", "\u{2011}"]

    private static func isWordPart(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        if properties.isAlphabetic { return true }
        switch properties.generalCategory {
        case .decimalNumber, .letterNumber, .otherNumber, .nonspacingMark, .spacingMark, .enclosingMark:
            return true
        default:
            return false
        }
    }

    /// Han ideographs (Chinese, Japanese kanji), hiragana and katakana.
    static func isHanOrKana(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3005, 0x3007, 0x3021...0x3029, 0x3038...0x303B: true  // 々 〇 and Han numerals
        case 0x3041...0x3096, 0x309D...0x309F: true  // hiragana
        case 0x30A1...0x30FA, 0x30FC...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9D: true  // katakana
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF: true  // Han, extension A, compatibility
        case 0x1B000...0x1B16F: true  // kana supplement and extension
        case 0x20000...0x2FA1F, 0x30000...0x323AF: true  // Han extensions B–H
        default: false
        }
    }
}
