import Foundation

/// Reads EXIF values in the form libvips prints them: the value, then a description in parentheses
/// (`37/1 33/1 3600/100 (37, 33, 36.00, Rational, 3 components, 24 bytes)`).
public enum ExifText {
    /// `2024:05:01 10:20:30` (+ `+09:00`) → `2024-05-01T10:20:30+09:00`; `nil` for anything else, such as the
    /// blank dates some cameras write.
    public static func takenAt(_ dateTime: String?, offset: String?) -> String? {
        guard let text = dateTime.map(value) else { return nil }
        let parts = text.split(separator: " ")
        guard parts.count == 2 else { return nil }
        let date = parts[0].split(separator: ":").map { Int($0) }
        let time = parts[1].split(separator: ":").map { Int($0) }
        guard date.count == 3, time.count == 3, let year = date[0], let month = date[1], let day = date[2],
            let hour = time[0], let minute = time[1], let second = time[2],
            (1800...9999).contains(year), (1...12).contains(month), (1...31).contains(day), (0...23).contains(hour),
            (0...59).contains(minute), (0...60).contains(second)
        else { return nil }
        let stamp = "\(pad(year, 4))-\(pad(month))-\(pad(day))T\(pad(hour)):\(pad(minute)):\(pad(second))"
        return stamp + (offset.flatMap(zone) ?? "")
    }

    /// Degrees, minutes and seconds as rationals, with `N`/`S` or `E`/`W` → signed degrees; `nil` when the
    /// value is missing, malformed or out of range.
    public static func coordinate(_ text: String?, reference: String?, limit: Double) -> Double? {
        guard let text = text.map(value) else { return nil }
        let parts = text.split(separator: " ").map(rational)
        guard parts.count == 3, let degrees = parts[0], let minutes = parts[1], let seconds = parts[2] else {
            return nil
        }
        let magnitude = degrees + minutes / 60 + seconds / 3600
        guard magnitude.isFinite, magnitude <= limit else { return nil }
        let sign: Double = ["S", "W"].contains(reference.map(value)?.uppercased() ?? "") ? -1 : 1
        return sign * magnitude
    }

    /// The value before libvips' description.
    static func value(_ text: String) -> String {
        let bare = text.range(of: " (").map { String(text[..<$0.lowerBound]) } ?? text
        return bare.trimmingCharacters(in: .whitespaces)
    }

    private static func rational(_ text: Substring) -> Double? {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let top = Double(parts[0]), let bottom = Double(parts[1]), bottom != 0, top >= 0
        else { return nil }
        return top / bottom
    }

    /// `+09:00` or `-05:30` as written; `nil` for anything else.
    private static func zone(_ text: String) -> String? {
        let bare = value(text)
        let scalars = Array(bare.utf8)
        guard scalars.count == 6, scalars[0] == UInt8(ascii: "+") || scalars[0] == UInt8(ascii: "-"),
            scalars[3] == UInt8(ascii: ":"), let hours = Int(bare.dropFirst().prefix(2)),
            let minutes = Int(bare.suffix(2)), hours <= 14, minutes < 60
        else { return nil }
        return bare
    }

    private static func pad(_ number: Int, _ width: Int = 2) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
