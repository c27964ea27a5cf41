import Foundation

/// Reads a length of time as people type it.
public enum DurationText {
    /// Whole minutes from `90`, `90m`, `90min`, `1h`, `1h30m`, `1h 30m` or `1.5h` (any case, spaces ignored);
    /// fractional hours are rounded to the nearest minute.
    ///
    /// - Returns: `nil` for anything else: negative numbers, `1.5` without a unit, seconds, `1h90m`.
    public static func minutes(from text: String) -> Int? {
        let text = text.lowercased().filter { !$0.isWhitespace }
        guard !text.isEmpty else { return nil }
        if let minutes = wholeNumber(text) { return minutes }

        var rest = Substring(text)
        var total = 0
        if let h = rest.firstIndex(of: "h") {
            let hours = rest[..<h]
            rest = rest[rest.index(after: h)...]
            if let whole = wholeNumber(hours) {
                total = whole * 60
            } else if rest.isEmpty, let fraction = decimal(hours) {
                total = Int((fraction * 60).rounded())
            } else {
                return nil
            }
            if rest.isEmpty { return total }
        }
        for suffix in ["min", "m"] where rest.hasSuffix(suffix) {
            guard let minutes = wholeNumber(rest.dropLast(suffix.count)) else { return nil }
            guard total == 0 || minutes < 60 else { return nil }
            return total + minutes
        }
        return nil
    }

    private static func wholeNumber(_ text: some StringProtocol) -> Int? {
        guard !text.isEmpty, text.count <= 6, text.allSatisfy(isDigit) else { return nil }
        return Int(text)
    }

    private static func decimal(_ text: Substring) -> Double? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].count >= 1, parts.allSatisfy({ $0.count <= 6 && $0.allSatisfy(isDigit) })
        else { return nil }
        return Double(text)
    }

    private static func isDigit(_ character: Character) -> Bool {
        character.isASCII && character.isNumber
    }
}
