extension StringProtocol {
    /// The text without white space and line breaks at either end: what Foundation's
    /// `trimmingCharacters(in: .whitespacesAndNewlines)` keeps (Unicode's White_Space characters, and the zero
    /// width space Foundation counts with them), read in the string's own storage. Foundation's copies the whole
    /// text through UTF-16 and back on Linux, which made every long entry's import and plain text several times
    /// slower than the rest of its work.
    public func trimmingWhiteSpace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.isTrimmed }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.isTrimmed })!
        return String(self[first..<scalars.index(after: last)])
    }

    /// Whether the text holds nothing but white space and line breaks (or nothing at all).
    public var isBlank: Bool { unicodeScalars.allSatisfy(\.isTrimmed) }
}

extension Unicode.Scalar {
    fileprivate var isTrimmed: Bool { properties.isWhitespace || value == 0x200B }
}
