/// Counting words the way a person writing in English, Korean, Japanese or Chinese expects.
public enum JournalText {
    /// Words in `text`: each run of letters or digits is a word; in Chinese and Japanese, which do not put spaces
    /// between words, each Han, Hiragana or Katakana character counts as one. Korean separates its words with
    /// spaces, so a run of Hangul is one word.
    public static func wordCount(_ text: String) -> Int {
        var count = 0
        var inWord = false
        for scalar in text.unicodeScalars {
            if isCharacterWord(scalar) {
                count += 1
                inWord = false
            } else if isWordScalar(scalar) {
                if !inWord { count += 1 }
                inWord = true
            } else if scalar != "'" && scalar != "’" || !inWord {
                inWord = false
            }
        }
        return count
    }

    /// Han, Hiragana and Katakana: scripts written without spaces between words.
    static func isCharacterWord(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x30FF, 0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0xFF66...0xFF9F,
            0x20000...0x3FFFF:
            true
        default: false
        }
    }

    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let value = scalar.value
            return (48...57).contains(value) || (65...90).contains(value) || (97...122).contains(value)
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber,
            .letterNumber, .otherNumber, .nonspacingMark, .spacingMark, .enclosingMark:
            return true
        default:
            return false
        }
    }
}
