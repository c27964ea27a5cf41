import Foundation

/// When an automatic backup is due, and which backups a folder keeps.
public enum BackupSchedule {
    /// After a failure, the next try waits this long.
    public static let retryAfter: TimeInterval = 3600

    /// Due once a day: when no backup succeeded today (in the owner's time zone) and the last failure, if any,
    /// is more than an hour old.
    public static func isDue(_ status: BackupStatus, now: Date, calendar: Calendar) -> Bool {
        if let success = status.lastSuccessAt, calendar.isDate(success, inSameDayAs: now) { return false }
        if let failure = status.lastFailureAt, now.timeIntervalSince(failure) < retryAfter,
            (status.lastSuccessAt ?? .distantPast) < failure
        {
            return false
        }
        return true
    }

    /// The backups to keep among `dates` (one per file): the newest of each of the 7 latest days that have one,
    /// and the newest of each of the 4 latest weeks that have one. The rest may be deleted.
    public static func kept(_ dates: [Date], calendar: Calendar, days: Int = 7, weeks: Int = 4) -> Set<Date> {
        var keep = Set<Date>()
        var seenDays: [DateComponents] = []
        var seenWeeks: [DateComponents] = []
        for date in dates.sorted(by: >) {
            let day = calendar.dateComponents([.year, .month, .day], from: date)
            if !seenDays.contains(day), seenDays.count < days {
                seenDays.append(day)
                keep.insert(date)
            }
            let week = calendar.dateComponents([.yearForWeekOfYear, .weekOfYear], from: date)
            if !seenWeeks.contains(week), seenWeeks.count < weeks {
                seenWeeks.append(week)
                keep.insert(date)
            }
        }
        return keep
    }
}
