import Foundation

extension FocusSpan {
    /// The focused seconds each local day received, for totals per day when a session crosses midnight.
    ///
    /// A session keeps its total pause, not when the pauses happened, so focused time is shared out in
    /// proportion to the wall-clock time the session spent in each day (exact when it never paused).
    /// The parts always add up to `focusedSeconds`.
    /// - Parameter timeZone: the owner's time zone, which decides where midnight falls.
    public func focusedSecondsByDay(in timeZone: TimeZone) -> [DayKey: Int] {
        let first = DayKey(date: startedAt, timeZone: timeZone)
        let span = endedAt.timeIntervalSince(startedAt)
        guard span > 0, focusedSeconds > 0, DayKey(date: endedAt, timeZone: timeZone) != first else {
            return [first: focusedSeconds]
        }

        var shares: [(day: DayKey, exact: Double)] = []
        var day = first
        while day.date(in: timeZone) < endedAt {
            let lower = max(startedAt, day.date(in: timeZone))
            let upper = min(endedAt, day.adding(days: 1).date(in: timeZone))
            let overlap = upper.timeIntervalSince(lower)
            if overlap > 0 { shares.append((day, Double(focusedSeconds) * overlap / span)) }
            day = day.adding(days: 1)
        }
        // Largest remainder: whole seconds that add up exactly, the spare ones to the largest fractions.
        var result = Dictionary(uniqueKeysWithValues: shares.map { ($0.day, Int($0.exact.rounded(.down))) })
        let spare = focusedSeconds - result.values.reduce(0, +)
        let byFraction = shares.enumerated().sorted {
            let lhs = $0.element.exact - $0.element.exact.rounded(.down)
            let rhs = $1.element.exact - $1.element.exact.rounded(.down)
            return lhs != rhs ? lhs > rhs : $0.offset < $1.offset
        }
        for share in byFraction.prefix(spare) { result[share.element.day, default: 0] += 1 }
        return result
    }
}
