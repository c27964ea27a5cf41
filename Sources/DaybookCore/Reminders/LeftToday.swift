import Foundation

/// What is left of today, as the app icon's badge counts it: the yes/no trackers due today and not ticked, and
/// today's blocks (timed and anytime) not done.
public enum LeftToday {
    /// How many days before today the values of `trackers` are needed to know whether a window already covers
    /// today: two of the longest window among the yes/no trackers that are not daily (a window may slide back
    /// behind the newer one), none when every one is daily.
    public static func lookBack(_ trackers: [Tracker]) -> Int {
        let windows = trackers.filter { !$0.isArchived && $0.kind == .boolean && !$0.frequency.isDaily }
            .map { $0.frequency.isMonthly ? 31 : $0.frequency.days }
        return 2 * (windows.max() ?? 0)
    }

    /// - Parameters:
    ///   - tasks: the blocks that occur today.
    ///   - trackers: every tracker; archived ones and those that are not yes/no are not counted.
    ///   - values: each tracker's values from `lookBack(trackers)` days before `today` through `today`, by tracker id.
    public static func count(
        tasks: [PlannedTask], trackers: [Tracker], values: [String: [DayKey: Double]], today: DayKey
    ) -> Int {
        let blocks = tasks.count { !$0.isDone }
        let habits = trackers.count { tracker in
            guard !tracker.isArchived, tracker.kind == .boolean else { return false }
            let days = values[tracker.id] ?? [:]
            if tracker.meets(days[today]) { return false }
            // A tracker kept a few times a window is not due on a day its window is already met.
            return !tracker.coveredDays(values: days).contains(today)
        }
        return blocks + habits
    }
}
