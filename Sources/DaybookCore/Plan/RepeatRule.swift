import Foundation

/// A day of the week, numbered as `Calendar` numbers them: Sunday is 1.
public enum Weekday: Int, CaseIterable, Codable, Sendable {
    case sunday = 1
    case monday, tuesday, wednesday, thursday, friday, saturday

    /// The three-letter English name used in stored rules and the CLI: `sun`, `mon`, …
    public var shortName: String {
        switch self {
        case .sunday: "sun"
        case .monday: "mon"
        case .tuesday: "tue"
        case .wednesday: "wed"
        case .thursday: "thu"
        case .friday: "fri"
        case .saturday: "sat"
        }
    }

    /// The weekday named `name` (`mon`, `Monday`, any case), or `nil`.
    public init?(name: String) {
        let name = name.lowercased()
        guard let match = Self.allCases.first(where: { name == $0.shortName || name == "\($0)" }) else { return nil }
        self = match
    }

    /// Monday to Friday.
    public var isWeekday: Bool { self != .saturday && self != .sunday }
}

/// How a planned task comes back.
///
/// Stored and typed as text: `daily`, `weekdays`, `weekly:mon,wed,fri`.
public enum RepeatRule: Hashable, Sendable, CustomStringConvertible {
    case daily
    /// Monday to Friday.
    case weekdays
    /// On the chosen days of every week; never empty when parsed.
    case weekly(Set<Weekday>)

    /// Whether the task occurs on `day`, given it first occurs on `first`; never before `first`.
    ///
    /// - Parameter calendar: the owner's calendar; it tells which weekday `day` is.
    public func occurs(on day: DayKey, startingFrom first: DayKey, calendar: Calendar) -> Bool {
        guard day >= first else { return false }
        switch self {
        case .daily:
            return true
        case .weekdays:
            return weekday(of: day, calendar: calendar).isWeekday
        case .weekly(let days):
            return days.contains(weekday(of: day, calendar: calendar))
        }
    }

    /// Parses `daily`, `weekdays` or `weekly:` followed by comma-separated day names (`weekly:mon,wed,fri`);
    /// any case, spaces allowed around names. `nil` for anything else, including `weekly:` with no day.
    public init?(string: String) {
        // Stored rules are already in their plain form: read those without trimming or lowercasing.
        switch string {
        case "daily": self = .daily
        case "weekdays": self = .weekdays
        default: self.init(typed: string)
        }
    }

    private init?(typed string: String) {
        let text = string.trimmingCharacters(in: .whitespaces).lowercased()
        switch text {
        case "daily": self = .daily
        case "weekdays": self = .weekdays
        default:
            guard text.hasPrefix("weekly:") else { return nil }
            var days: Set<Weekday> = []
            for name in text.dropFirst("weekly:".count).split(separator: ",", omittingEmptySubsequences: false) {
                guard let day = Weekday(name: name.trimmingCharacters(in: .whitespaces)) else { return nil }
                days.insert(day)
            }
            self = .weekly(days)
        }
    }

    /// The stored form; weekly days in calendar order from Sunday, so equal rules read the same.
    public var description: String {
        switch self {
        case .daily: "daily"
        case .weekdays: "weekdays"
        case .weekly(let days):
            "weekly:" + days.sorted { $0.rawValue < $1.rawValue }.map(\.shortName).joined(separator: ",")
        }
    }

    /// A calendar day's weekday is the same in every time zone: no calendar needed.
    private func weekday(of day: DayKey, calendar: Calendar) -> Weekday {
        Weekday(rawValue: day.weekday) ?? .sunday
    }
}

extension RepeatRule: TextCodable {
    public init?(text: String) { self.init(string: text) }
    public static let textForm = "a repeat rule"
}
