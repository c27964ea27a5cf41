import Foundation

/// How a tracker is going: its current and longest streak, and a habit strength that forgives a missed day.
public struct TrackerProgress: Equatable, Sendable {
    /// Days in a row meeting the tracker's aim, up to today (or up to yesterday while today is still open).
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

    /// Days enough for the strength: a day this long ago weighs `decay^400`, less than 10⁻⁹.
    public static let recentDays = 400

    /// The progress of `tracker` from the day it began through `today`.
    ///
    /// - Parameter values: the tracker's values by day (days before it began are counted from the first value).
    /// - Parameter timeZone: the owner's, to find the day the tracker began.
    /// - Parameter since: the first day to look at, when only the recent past was read: a day more than
    ///   `recentDays` ago weighs less than a billionth in the strength, but the streaks and counts then cover only
    ///   the days from `since` on.
    public init(
        tracker: Tracker, values: [DayKey: Double], today: DayKey, timeZone: TimeZone, since: DayKey? = nil
    ) {
        let created = DayKey(date: tracker.createdAt, timeZone: timeZone)
        let first = max(min(values.keys.min() ?? created, created, today), since ?? DayKey.earliest)
        // Today counts once it is met; until then the day is still open and judged from yesterday.
        let last = tracker.meets(values[today]) ? today : today.adding(days: -1)
        self.init()
        guard first <= last else { return }

        var score = 0.0
        var run = 0
        var day = first
        while day <= last {
            let value = values[day]
            score = score * Self.decay + tracker.credit(value) * (1 - Self.decay)
            if tracker.meets(value) {
                run += 1
                daysMet += 1
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
