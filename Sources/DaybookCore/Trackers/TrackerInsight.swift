import Foundation

/// How one tracker went with the day's focus and mood over the insight's days.
public struct TrackerInsight: Equatable, Sendable {
    public var tracker: Tracker
    /// The tracker's value (`x`) against the day's focus minutes (`y`), over the days with a value.
    public var focus: RatingFocusSums
    /// The tracker's value against the day's mood (1–5), over the days with both.
    public var mood: RatingFocusSums
    /// For a yes/no tracker: average focus minutes on days it was done, and on the other days since it began.
    public var done: (minutes: Double, days: Int)
    public var notDone: (minutes: Double, days: Int)

    /// The insight of `tracker` over `days`.
    ///
    /// - Parameters:
    ///   - focusMinutes: each day's focus; a day missing from it had none.
    ///   - moods: each rated day's mood.
    public init(
        tracker: Tracker, values: [DayKey: Double], days: ClosedRange<DayKey>, focusMinutes: [DayKey: Double],
        moods: [DayKey: Int], timeZone: TimeZone
    ) {
        self.tracker = tracker
        let began = max(
            days.lowerBound,
            min(DayKey(date: tracker.createdAt, timeZone: timeZone), values.keys.min() ?? days.upperBound))
        var focusPairs: [(Double, Double)] = []
        var moodPairs: [(Double, Double)] = []
        var done: [Double] = []
        var notDone: [Double] = []
        var day = began
        while day <= days.upperBound {
            let minutes = focusMinutes[day] ?? 0
            if let value = values[day] {
                focusPairs.append((value, minutes))
                if let mood = moods[day] { moodPairs.append((value, Double(mood))) }
            }
            if tracker.kind == .boolean { (values[day] ?? 0) >= 1 ? done.append(minutes) : notDone.append(minutes) }
            day = day.adding(days: 1)
        }
        focus = RatingFocusSums(pairs: focusPairs)
        mood = RatingFocusSums(pairs: moodPairs)
        func average(_ list: [Double]) -> (Double, Int) {
            (list.isEmpty ? 0 : list.reduce(0, +) / Double(list.count), list.count)
        }
        self.done = average(done)
        self.notDone = average(notDone)
    }

    public static func == (lhs: TrackerInsight, rhs: TrackerInsight) -> Bool {
        lhs.tracker == rhs.tracker && lhs.focus == rhs.focus && lhs.mood == rhs.mood && lhs.done == rhs.done
            && lhs.notDone == rhs.notDone
    }
}
