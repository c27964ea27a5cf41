import Foundation

/// A wall-clock time within a day, in whole minutes since midnight (0 ..< 1440).
///
/// Encodes and decodes as its `HH:mm` text.
public struct TimeOfDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Minutes since midnight, 0 ..< 1440.
    public let minutes: Int

    /// The time `minutes` after midnight, or `nil` outside 0 ..< 1440.
    public init?(minutes: Int) {
        guard (0..<Self.minutesPerDay).contains(minutes) else { return nil }
        self.minutes = minutes
    }

    /// The time at `hour`:`minute`, or `nil` when either is out of range (24:00 included).
    public init?(hour: Int, minute: Int) {
        guard (0..<24).contains(hour), (0..<60).contains(minute) else { return nil }
        self.init(minutes: hour * 60 + minute)
    }

    /// `HH:mm` of the minute a block ends at: `24:00` for the end of the day, which is no time of day.
    public static func endLabel(_ minutes: Int) -> String {
        minutes == minutesPerDay ? "24:00" : TimeOfDay(minutes: minutes)?.description ?? ""
    }

    /// Parses `HH:mm` (the hour may have one digit, `9:05`), ignoring surrounding whitespace.
    public init?(string: String) {
        let parts = string.trimmingCharacters(in: .whitespaces).split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
            parts.allSatisfy({ $0.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } }),
            let hour = Int(parts[0]), let minute = Int(parts[1])
        else { return nil }
        self.init(hour: hour, minute: minute)
    }

    public static let minutesPerDay = 1440

    /// 0–23.
    public var hour: Int { minutes / 60 }
    /// 0–59.
    public var minute: Int { minutes % 60 }

    /// `HH:mm`, 24-hour, zero-padded.
    public var description: String {
        (hour < 10 ? "0" : "") + String(hour) + ":" + (minute < 10 ? "0" : "") + String(minute)
    }

    /// The time of day `date` shows in `timeZone`.
    public init(date: Date, timeZone: TimeZone) {
        let parts = Calendar.gregorian(in: timeZone).dateComponents([.hour, .minute], from: date)
        minutes = (parts.hour ?? 0) * 60 + (parts.minute ?? 0)
    }

    public static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool { lhs.minutes < rhs.minutes }
}

extension TimeOfDay: TextCodable {
    public init?(text: String) { self.init(string: text) }
    public static let textForm = "an HH:mm time"
}
