import Foundation

/// How a tracker is going: its current and longest streak, and a habit strength that forgives a missed day.
public struct TrackerProgress: Equatable, Sendable {
    /// Days in a row meeting the tracker's aim or covered by its frequency, up to today (or up to yesterday while
    /// today is still open).
    public var currentStreak: Int
    public var longestStreak: Int
    /// 0–1: an exponentially weighted average of the days' credit, so one missed day dents it a little and a
    /// long run of them a lot.
    public var strength: Double
    /// Days meeting the aim, of the days since the tracker began.
    public var daysMet: Int
    public var daysTracked: Int

    public init(
        currentStreak: Int = 0, longestStreak: Int = 0, strength: Double = 0, daysMet: Int = 0, daysTracked: Int = 0
    ) {
        self.currentStreak = currentStreak
        self.longestStreak = longestStreak
        self.strength = strength
        self.daysMet = daysMet
        self.daysTracked = daysTracked
    }

    /// How much each day weighs against the days before it. A daily habit's strength halves its memory every
    /// 13 days, as Loop Habit Tracker's score does for a habit repeated once a day: `0.5^(1/13)`.
    public static let decay = pow(0.5, 1.0 / 13.0)

    /// The weight of the days before for a tracker met `frequency`: Loop's `0.5^(√(times/days) / 13)`, so a
    /// weekly habit remembers longer than a daily one. Exactly `decay` for a daily tracker.
    public static func decay(for frequency: TrackerFrequency) -> Double {
        frequency.isDaily ? decay : pow(0.5, frequency.ratio.squareRoot() / 13.0)
    }

    /// Days enough for the strength: a day this long ago weighs `decay^400`, less than 10⁻⁹.
    public static let recentDays = 400

    /// Days enough for the strength of a tracker met `frequency`: as many as make its decay as small as a daily
    /// tracker's over `recentDays`, and a window more for the days that cover the first of them.
    public static func recentDays(for frequency: TrackerFrequency) -> Int {
        guard !frequency.isDaily else { return recentDays }
        return Int((Double(recentDays) / frequency.ratio.squareRoot()).rounded(.up)) + 2 * frequency.days
    }

    /// The progress of `tracker` from the day it began through `today`.
    ///
    /// A day counts toward the streak when it is met or covered by met days in its window (see
    /// `Tracker.coveredDays(values:)`). The strength follows Loop's score: each day adds the share of the aim met
    /// in the window that ends on it (twice the window and twice the times for a tracker met less than daily, to
    /// smooth out uneven weeks), weighed by `decay(for:)`. For a daily tracker that share is the day's own credit.
    ///
    /// - Parameter values: the tracker's values by day (days before it began are counted from the first value).
    /// - Parameter timeZone: the owner's, to find the day the tracker began.
    /// - Parameter since: the first day to look at, when only the recent past was read: a day more than
    ///   `recentDays(for:)` ago weighs less than a billionth in the strength, but the streaks and counts then cover
    ///   only the days from `since` on.
    public init(
        tracker: Tracker, values: [DayKey: Double], today: DayKey, timeZone: TimeZone, since: DayKey? = nil
    ) {
        let created = DayKey(date: tracker.createdAt, timeZone: timeZone)
        let first = max(min(values.keys.min() ?? created, created, today), since ?? DayKey.earliest)
        let covered = tracker.coveredDays(values: values)
        // Today counts once it is met (or covered); until then the day is still open and judged from yesterday.
        let last = tracker.meets(values[today]) || covered.contains(today) ? today : today.adding(days: -1)
        self.init()
        guard first <= last else { return }

        let frequency = tracker.frequency
        let decay = Self.decay(for: frequency)
        let smoothed = frequency.ratio < 1
        let window = smoothed ? 2 * frequency.days : frequency.days
        let aim = Double(smoothed ? 2 * frequency.times : frequency.times)
        var credits: [Double] = []
        var windowCredit = 0.0
        var score = 0.0
        var run = 0
        var day = first
        while day <= last {
            let value = values[day]
            let credit = tracker.credit(value)
            if frequency.isDaily {
                score = score * decay + credit * (1 - decay)
            } else {
                credits.append(credit)
                windowCredit += credit
                if credits.count > window { windowCredit -= credits[credits.count - window - 1] }
                score = score * decay + min(1, windowCredit / aim) * (1 - decay)
            }
            if tracker.meets(value) {
                daysMet += 1
            }
            if tracker.meets(value) || covered.contains(day) {
                run += 1
                longestStreak = max(longestStreak, run)
            } else {
                run = 0
            }
            daysTracked += 1
            day = day.adding(days: 1)
        }
        currentStreak = run
        strength = score
    }
}
