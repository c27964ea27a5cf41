import Foundation

/// Tasks as an iCalendar document (RFC 5545): timed blocks as events in the owner's time zone (with its
/// VTIMEZONE, so daylight saving is right), a repeating task as one event with an RRULE, its removed days as
/// EXDATEs, and anytime tasks, when asked for, as all-day events.
public enum TaskCalendar {
    /// A task with the days removed from its series.
    public struct Item: Sendable {
        public var task: PlannedTask
        public var skipped: [DayKey]

        public init(task: PlannedTask, skipped: [DayKey] = []) {
            self.task = task
            self.skipped = skipped
        }
    }

    /// - Parameters:
    ///   - includeAnytime: anytime tasks as all-day events (the export); the feed shows blocks only.
    ///   - now: the DTSTAMP of every event.
    ///   - linkBase: the server's public address: each event then links to its day's Timeline.
    public static func document(
        _ items: [Item], name: String, timeZone: TimeZone, now: Date, includeAnytime: Bool, linkBase: String? = nil
    ) -> String {
        var lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Daybook//Daybook//EN", "CALSCALE:GREGORIAN",
            "METHOD:PUBLISH", "X-WR-CALNAME:" + escaped(name), "X-WR-TIMEZONE:" + timeZone.identifier,
        ]
        let days = items.map(\.task.day)
        if let first = days.min() {
            lines += timeZoneLines(
                timeZone, from: first.date(in: timeZone).addingTimeInterval(-86_400 * 366),
                through: max(now, days.max()!.date(in: timeZone)).addingTimeInterval(86_400 * 366 * 2))
        }
        let stamp = utc(now)
        for item in items.sorted(by: { ($0.task.day, $0.task.id) < ($1.task.day, $1.task.id) }) {
            let task = item.task
            guard task.isTimed || includeAnytime else { continue }
            lines += ["BEGIN:VEVENT", "UID:\(task.id)@daybook", "DTSTAMP:\(stamp)"]
            if let start = task.start, let minutes = task.durationMinutes, task.isTimed {
                lines.append("DTSTART;TZID=\(timeZone.identifier):\(local(task.day, minute: start.minutes))")
                lines.append("DURATION:PT\(minutes)M")
            } else {
                lines.append("DTSTART;VALUE=DATE:\(compact(task.day))")
                lines.append("DTEND;VALUE=DATE:\(compact(task.day.adding(days: 1)))")
            }
            lines.append("SUMMARY:" + escaped(task.title))
            if !task.notes.isEmpty { lines.append("DESCRIPTION:" + escaped(task.notes)) }
            if let linkBase { lines.append("URL:\(linkBase)/timeline?date=\(task.day)") }
            if let rule = task.repeatRule {
                var recurrence = "RRULE:" + self.rule(rule)
                if let until = task.repeatUntil {
                    // UNTIL is in UTC when the start has a time zone: the last occurrence's start.
                    let minute = task.isTimed ? task.start!.minutes : 0
                    let end = until.date(in: timeZone).addingTimeInterval(TimeInterval((minute + 1) * 60 - 1))
                    recurrence += task.isTimed ? ";UNTIL=\(utc(end))" : ";UNTIL=\(compact(until))"
                }
                lines.append(recurrence)
                for day in item.skipped.sorted() {
                    lines.append(
                        task.isTimed
                            ? "EXDATE;TZID=\(timeZone.identifier):\(local(day, minute: task.start!.minutes))"
                            : "EXDATE;VALUE=DATE:\(compact(day))")
                }
            }
            lines.append("END:VEVENT")
        }
        lines.append("END:VCALENDAR")
        return lines.map(folded).joined(separator: "\r\n") + "\r\n"
    }

    static func rule(_ rule: RepeatRule) -> String {
        let codes: [Weekday: String] = [
            .sunday: "SU", .monday: "MO", .tuesday: "TU", .wednesday: "WE", .thursday: "TH", .friday: "FR",
            .saturday: "SA",
        ]
        switch rule {
        case .daily: return "FREQ=DAILY"
        case .weekdays: return "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"
        case .weekly(let days):
            return "FREQ=WEEKLY;BYDAY="
                + days.sorted { $0.rawValue < $1.rawValue }.compactMap { codes[$0] }.joined(separator: ",")
        }
    }

    /// The zone's offsets and their changes over the range, each change as its own STANDARD or DAYLIGHT part.
    static func timeZoneLines(_ zone: TimeZone, from start: Date, through end: Date) -> [String] {
        var lines = ["BEGIN:VTIMEZONE", "TZID:" + zone.identifier]
        func part(_ at: Date, from before: Int, to after: Int) {
            let kind = zone.isDaylightSavingTime(for: at) ? "DAYLIGHT" : "STANDARD"
            lines += [
                "BEGIN:\(kind)", "DTSTART:" + wallClock(at, offset: before), "TZOFFSETFROM:" + offset(before),
                "TZOFFSETTO:" + offset(after), "TZNAME:" + (zone.abbreviation(for: at) ?? offset(after)), "END:\(kind)",
            ]
        }
        let first = zone.secondsFromGMT(for: start)
        part(start, from: first, to: first)
        var cursor = start
        while let next = zone.nextDaylightSavingTimeTransition(after: cursor), next <= end {
            part(next, from: zone.secondsFromGMT(for: next.addingTimeInterval(-1)), to: zone.secondsFromGMT(for: next))
            cursor = next
        }
        lines.append("END:VTIMEZONE")
        return lines
    }

    static func local(_ day: DayKey, minute: Int) -> String {
        compact(day) + String(format: "T%02d%02d00", minute / 60, minute % 60)
    }

    static func compact(_ day: DayKey) -> String { day.description.replacingOccurrences(of: "-", with: "") }

    static func utc(_ date: Date) -> String { wallClock(date, offset: 0) + "Z" }

    static func wallClock(_ date: Date, offset seconds: Int) -> String {
        let calendar = Calendar.gregorian(in: TimeZone(secondsFromGMT: 0)!)
        let parts = calendar.dateComponents(
            [.year, .month, .day, .hour, .minute, .second], from: date.addingTimeInterval(TimeInterval(seconds)))
        return String(
            format: "%04d%02d%02dT%02d%02d%02d", parts.year!, parts.month!, parts.day!, parts.hour!, parts.minute!,
            parts.second!)
    }

    static func offset(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : "+"
        let minutes = abs(seconds) / 60
        return String(format: "%@%02d%02d", sign, minutes / 60, minutes % 60)
    }

    /// Text values escape backslashes, semicolons, commas and line breaks.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: ";", with: "\\;")
            .replacingOccurrences(of: ",", with: "\\,").replacingOccurrences(of: "\r\n", with: "\\n")
            .replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\r", with: "\\n")
    }

    /// Lines longer than 75 octets continue on the next line after a space, never inside a character.
    static func folded(_ line: String) -> String {
        var result = ""
        var length = 0
        for character in line {
            let size = String(character).utf8.count
            if length + size > 75 {
                result += "\r\n "
                length = 1
            }
            result.append(character)
            length += size
        }
        return result
    }
}
