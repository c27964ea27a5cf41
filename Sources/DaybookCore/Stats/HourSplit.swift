import Foundation

extension FocusSpan {
    /// Adds this session's focused seconds to `hours` (24 slots, local hour of day), shared out in proportion
    /// to the wall-clock time spent in each hour, like the split at midnight.
    ///
    /// Uses the zone's offset at each hour boundary rather than a calendar, so a few hundred sessions take
    /// well under a millisecond.
    public func addFocus(to hours: inout [Int], timeZone: TimeZone) {
        precondition(hours.count == 24)
        let start = startedAt.timeIntervalSince1970
        let end = endedAt.timeIntervalSince1970
        guard end > start, focusedSeconds > 0 else {
            hours[Self.hour(of: start, timeZone: timeZone)] += focusedSeconds
            return
        }
        let span = end - start
        var cursor = start
        var given = 0
        while cursor < end {
            let local = cursor + Double(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: cursor)))
            let intoHour = local - (local / 3600).rounded(.down) * 3600
            let next = min(end, cursor + (3600 - intoHour))
            let isLast = next >= end
            let share =
                isLast ? focusedSeconds - given : Int((Double(focusedSeconds) * (next - cursor) / span).rounded())
            hours[Self.hour(of: cursor, timeZone: timeZone)] += share
            given += share
            cursor = next
        }
    }

    static func hour(of seconds: Double, timeZone: TimeZone) -> Int {
        let local = seconds + Double(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: seconds)))
        let hour = Int((local / 3600).rounded(.down)) % 24
        return hour < 0 ? hour + 24 : hour
    }
}
