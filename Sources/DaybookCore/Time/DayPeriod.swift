import Foundation

/// The part of the day a greeting speaks of.
public enum DayPeriod: String, CaseIterable, Sendable {
    case morning, afternoon, evening, night

    /// The period `date` falls in, in `timeZone`: morning 5–12, afternoon 12–17, evening 17–22, night otherwise.
    public init(date: Date, timeZone: TimeZone) {
        switch Calendar.gregorian(in: timeZone).component(.hour, from: date) {
        case 5..<12: self = .morning
        case 12..<17: self = .afternoon
        case 17..<22: self = .evening
        default: self = .night
        }
    }
}
