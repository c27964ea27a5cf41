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
}
