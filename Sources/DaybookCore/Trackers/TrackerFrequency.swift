import Foundation

/// How often a tracker is meant to be met: `times` days in every `days` days, as Loop Habit Tracker keeps a
/// habit's frequency (numerator and denominator). People choose one of four forms: every day (1 in 1), N times a
/// week (N in 7), N times a month (N in 30, which counts as the calendar month) and every K days (1 in K). Any
/// other N in D (Loop's "2 times in 3 days") is kept as it came.
public struct TrackerFrequency: Hashable, Sendable {
    /// How many days must be met in each window; Loop's numerator.
    public let times: Int
    /// How long the window is, in days; Loop's denominator.
    public let days: Int

    /// Every day: today's behaviour, and every tracker's frequency until it is set.
    public static let daily = TrackerFrequency(checkedTimes: 1, days: 1)

    /// Explicit limits, shown to people when they are crossed.
    public enum Limits {
        /// The longest window: a year.
        public static let days = 1...365
        public static let timesPerWeek = 1...7
        public static let timesPerMonth = 1...30
        public static let everyDays = 1...365
    }

    /// Why a frequency was refused.
    public enum Problem: Error, Equatable, Sendable {
        /// Text that is none of the forms.
        case unreadable
        /// A count outside its form's range (`8/week`, `every-0-days`, `4/3`).
        case outOfRange
    }

    /// The four forms people choose from, and any other window kept as it came.
    public enum Form: Equatable, Sendable {
        case daily
        case timesPerWeek(Int)
        case timesPerMonth(Int)
        case everyDays(Int)
        case custom(times: Int, days: Int)
    }

    private init(checkedTimes times: Int, days: Int) {
        self.times = times
        self.days = days
    }

    /// `times` days in every `days` days.
    ///
    /// - Throws: `Problem.outOfRange` unless `1 ≤ times ≤ days ≤ 365`.
    public init(times: Int, days: Int) throws(Problem) {
        guard Limits.days.contains(days), (1...days).contains(times) else { throw .outOfRange }
        // Loop reads N in N days as every day, and so do we: each day of the window must be met.
        self = times == days ? .daily : TrackerFrequency(checkedTimes: times, days: days)
    }

    /// A frequency from a Loop Habit Tracker habit's numerator and denominator (`freq_num`, `freq_den`, or the
    /// `FrequencyNumerator` and `FrequencyDenominator` columns of its CSV); `nil` when they are not one Daybook
    /// can keep (a numerator above the denominator, a window longer than a year).
    public static func loop(numerator: Int, denominator: Int) -> TrackerFrequency? {
        try? TrackerFrequency(times: numerator, days: denominator)
    }

    /// - Throws: `Problem.outOfRange` for a form whose count is outside its limits.
    public init(_ form: Form) throws(Problem) {
        switch form {
        case .daily: self = .daily
        case .timesPerWeek(let n):
            guard Limits.timesPerWeek.contains(n) else { throw .outOfRange }
            try self.init(times: n, days: 7)
        case .timesPerMonth(let n):
            guard Limits.timesPerMonth.contains(n) else { throw .outOfRange }
            try self.init(times: n, days: 30)
        case .everyDays(let k):
            guard Limits.everyDays.contains(k) else { throw .outOfRange }
            try self.init(times: 1, days: k)
        case .custom(let times, let days): try self.init(times: times, days: days)
        }
    }

    public var form: Form {
        switch (times, days) {
        case (1, 1): .daily
        case (_, 7): .timesPerWeek(times)
        case (_, 30): .timesPerMonth(times)
        case (1, _): .everyDays(days)
        default: .custom(times: times, days: days)
        }
    }

    public var isDaily: Bool { times == 1 && days == 1 }

    /// Days met per day, 0–1: Loop's `freq_num / freq_den`.
    public var ratio: Double { Double(times) / Double(days) }

    /// A window of 30 or 31 days is the calendar month, as Loop counts "times a month".
    public var isMonthly: Bool { days == 30 || days == 31 }

    // MARK: - As text

    /// The frequency as the API, the CLI and the stored column write it: `daily`, `3/week`, `5/month`,
    /// `every-2-days`, or `2/3` for 2 times in 3 days.
    public var text: String {
        switch form {
        case .daily: "daily"
        case .timesPerWeek(let n): "\(n)/week"
        case .timesPerMonth(let n): "\(n)/month"
        case .everyDays(let k): "every-\(k)-days"
        case .custom(let times, let days): "\(times)/\(days)"
        }
    }

    /// The forms `text` writes, for messages and help.
    public static let textForms = "daily, N/week (1–7), N/month (1–30), every-K-days (1–365), N/D (N ≤ D ≤ 365)"

    /// Reads what `text` writes; case and spaces do not matter (`every 2 days`, `3 / Week`), and `every-day` is
    /// `daily`.
    ///
    /// - Throws: `Problem.unreadable` for none of the forms, `.outOfRange` for a count outside its limits.
    public init(text raw: String) throws(Problem) {
        let text = raw.lowercased().filter { !$0.isWhitespace }
        if text == "daily" || text == "every-day" || text == "everyday" {
            self = .daily
            return
        }
        if let match = text.wholeMatch(of: /every-?([0-9]{1,4})-?days?/) {
            guard let k = Self.count(match.1) else { throw .unreadable }
            try self.init(.everyDays(k))
            return
        }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let times = Self.count(parts[0]) else { throw .unreadable }
        switch parts[1] {
        case "week": try self.init(.timesPerWeek(times))
        case "month": try self.init(.timesPerMonth(times))
        case "day": try self.init(times: times, days: 1)
        default:
            guard let days = Self.count(parts[1]) else { throw .unreadable }
            try self.init(.custom(times: times, days: days))
        }
    }

    private static func count(_ digits: Substring) -> Int? {
        guard (1...4).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(digits)
    }
}

extension TrackerFrequency {
    /// The days `window` covers starting on `day`: the frequency's days, or for a monthly one the length of the
    /// month, as Loop counts it (the next month's when `day` is the last of its own).
    func windowLength(startingOn day: DayKey) -> Int {
        guard isMonthly else { return days }
        let month = day.adding(days: 1).month == day.month ? day.startOfMonth : day.adding(days: 1)
        return month.days(to: month.adding(days: 32).startOfMonth)
    }
}
