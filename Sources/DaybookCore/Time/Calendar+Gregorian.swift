import Foundation

extension Calendar {
    /// The Gregorian calendar in `timeZone`: how Daybook counts days.
    public static func gregorian(in timeZone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }
}
