import Foundation

/// Text made safe to place in HTML, in element content and in quoted attributes.
public enum HTMLText {
    /// Escapes by Unicode scalar, so a combining mark can never hide a `<` or a quote; a NUL becomes U+FFFD.
    public static func escaped(_ text: some StringProtocol) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\0": result += "\u{FFFD}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Appends `text` escaped as `escaped(_:)` does; text with nothing to escape (most of it) is copied whole.
    public static func append(_ text: String, to output: inout String) {
        let needsEscaping = text.utf8.contains { byte in
            switch byte {
            case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"), 0:
                true
            default: false
            }
        }
        output.append(needsEscaping ? escaped(text) : text)
    }
}
