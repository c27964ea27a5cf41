import Foundation

extension Tracker {
    /// The days that were not met themselves but are covered by enough met days around them, the way Loop Habit
    /// Tracker fills in its automatic ticks: every run of `times` met days that fits in one window opens a window
    /// at its first day; then, from the newest window back, each window that overlaps the one after it slides
    /// back (no further than its last met day) to close the gap before it. A week with 3 of 3 done then covers
    /// the days between and after them. Empty for a daily tracker.
    ///
    /// - Parameter values: the tracker's values by day; windows need the met days around the days asked about.
    public func coveredDays(values: [DayKey: Double]) -> Set<DayKey> {
        guard !frequency.isDaily else { return [] }
        let met = values.filter { meets($0.value) }.keys.sorted(by: >)
        let times = frequency.times
        guard met.count >= times else { return [] }
        // Newest first, as the met days are.
        var windows: [(begin: DayKey, last: DayKey, end: DayKey)] = []
        for index in (times - 1)..<met.count {
            let begin = met[index]
            let last = met[index - times + 1]
            let length = frequency.windowLength(startingOn: begin)
            if begin.days(to: last) < length {
                windows.append((begin, last, begin.adding(days: length - 1)))
            }
        }
        for index in windows.indices.dropFirst() {
            let newer = windows[index - 1]
            let window = windows[index]
            let overlap = newer.begin.days(to: window.end)
            guard overlap >= 0 else { continue }
            let shift = min(window.last.days(to: window.end), overlap + 1)
            windows[index] = (window.begin.adding(days: -shift), window.last, window.end.adding(days: -shift))
        }
        // Merged oldest first, so each covered day is visited once.
        var covered = Set<DayKey>()
        var reached: DayKey?
        for window in windows.sorted(by: { $0.begin < $1.begin }) {
            var day = max(window.begin, reached.map { $0.adding(days: 1) } ?? window.begin)
            while day <= window.end {
                if !meets(values[day]) { covered.insert(day) }
                day = day.adding(days: 1)
            }
            reached = max(reached ?? window.end, window.end)
        }
        return covered
    }
}
