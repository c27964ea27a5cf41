import Foundation

/// A calendar day as the owner lives it (`2026-11-21`), with no time and no time zone.
///
/// Encodes and decodes as its `YYYY-MM-DD` text, so JSON and database columns stay readable and sort as text.
public struct DayKey: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int
    /// 1–12.
    public let month: Int
    /// 1–31, always a day the month has.
    public let day: Int

    /// The day with these numbers, or `nil` when it doesn't exist (February 30th, month 13, year 0).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month), (1...31).contains(day) else { return nil }
        let key = DayKey(dayNumber: Self.dayNumber(year: year, month: month, day: day))
        guard key.year == year, key.month == month, key.day == day else { return nil }
        self = key
    }

    /// The day `date` falls on in `timeZone`.
    ///
    /// The local time is UTC plus the zone's offset at that instant, so no calendar is needed: this runs for
    /// every session when statistics are computed.
    public init(date: Date, timeZone: TimeZone) {
        let local = date.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: date))
        self.init(dayNumber: Int((local / 86_400).rounded(.down)))
    }

    /// Parses exactly `YYYY-MM-DD`; `nil` for anything else, including days that don't exist.
    public init?(string: String) {
        // Byte by byte: statistics parse thousands of these per page.
        var utf8 = string.utf8.makeIterator()
        func digits(_ count: Int) -> Int? {
            var value = 0
            for _ in 0..<count {
                guard let byte = utf8.next(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = digits(4), utf8.next() == UInt8(ascii: "-"), let month = digits(2),
            utf8.next() == UInt8(ascii: "-"), let day = digits(2), utf8.next() == nil
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    /// The moment this day starts in `timeZone` (usually local midnight; later on a day whose midnight a
    /// daylight-saving change skips).
    public func date(in timeZone: TimeZone) -> Date {
        let calendar = Self.calendar(timeZone)
        let noon = DateComponents(year: year, month: month, day: day, hour: 12)
        guard let date = calendar.date(from: noon) else {
            return Date(timeIntervalSince1970: TimeInterval(dayNumber) * 86_400)
        }
        return calendar.startOfDay(for: date)
    }

    /// The day `days` later (earlier when negative).
    public func adding(days: Int) -> DayKey {
        DayKey(dayNumber: dayNumber + days)
    }

    /// How many days from this day to `other`: 1 for tomorrow, -1 for yesterday.
    public func days(to other: DayKey) -> Int {
        other.dayNumber - dayNumber
    }

    /// The weekday in `Calendar` numbering: 1 is Sunday, 7 is Saturday.
    public var weekday: Int {
        // 1970-01-01 was a Thursday (5).
        let offset = (dayNumber + 4) % 7
        return (offset < 0 ? offset + 7 : offset) + 1
    }

    /// The first day of the week this day is in, for weeks that start on `firstWeekday` (1 = Sunday).
    public func startOfWeek(firstWeekday: Int) -> DayKey {
        adding(days: -((weekday - firstWeekday + 7) % 7))
    }

    /// The first day of this day's month.
    public var startOfMonth: DayKey { DayKey(dayNumber: dayNumber - day + 1) }

    /// The first and last days a key can name: bounds for "every day" in a query.
    public static let earliest = DayKey(year: 1, month: 1, day: 1)!
    public static let latest = DayKey(year: 9999, month: 12, day: 31)!

    public static func < (lhs: DayKey, rhs: DayKey) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// Days since 1970-01-01 in the proleptic Gregorian calendar.
    var dayNumber: Int { Self.dayNumber(year: year, month: month, day: day) }

    private init(dayNumber: Int) {
        // Howard Hinnant's civil_from_days.
        let shifted = dayNumber + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    private static func dayNumber(year: Int, month: Int, day: Int) -> Int {
        // Howard Hinnant's days_from_civil.
        let year = month <= 2 ? year - 1 : year
        let era = (year >= 0 ? year : year - 399) / 400
        let yearOfEra = year - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func calendar(_ timeZone: TimeZone) -> Calendar { .gregorian(in: timeZone) }
}

extension DayKey: TextCodable {
    public init?(text: String) { self.init(string: text) }
    public static let textForm = "a YYYY-MM-DD day"
}
