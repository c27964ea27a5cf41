import Foundation

/// Photo links in Markdown, found in one pass over the text (not one search per photo a library holds).
public enum PhotoLinks {
    /// `text` with each `prefix + ID` whose id `replacement` knows replaced by what it gives; ids are letters,
    /// digits, `-` and `_`.
    public static func replacing(in text: String, prefix: String, _ replacement: (String) -> String?) -> String {
        // The standard library's search: Foundation's `contains` copied every entry through UTF-16 to find
        // nothing in most of them (7% of an import of plain text).
        guard text.firstRange(of: prefix) != nil else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var rest = text[...]
        while let found = rest.firstRange(of: prefix) {
            result += rest[..<found.lowerBound]
            let idEnd =
                rest[found.upperBound...].firstIndex {
                    !($0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_"))
                }
                ?? rest.endIndex
            let id = String(rest[found.upperBound..<idEnd])
            result += replacement(id) ?? String(rest[found.lowerBound..<idEnd])
            rest = rest[idEnd...]
        }
        result += rest
        return result
    }
}
