import CSV
import DaybookCore
import DaybookStore
import Foundation

/// Focus sessions, daily logs and tracker values as RFC 4180 CSV, as spreadsheets read them.
package enum ExportCSV {
    package static func sessions(_ sessions: [AppDatabase.ExportedSession], timeZone zone: TimeZone) throws -> Data {
        let rows = sessions.map { exported in
            let session = exported.session
            return [
                timestamp(session.startedAt), timestamp(session.endedAt),
                DayKey(date: session.startedAt, timeZone: zone).description, String(session.focusedSeconds),
                String(session.pausedSeconds), session.outcome.rawValue, session.sound.rawValue,
                session.plannedSeconds.map(String.init) ?? "", session.taskID ?? "",
                neutralized(exported.taskTitle ?? ""),
            ]
        }
        return try csv(
            header: [
                "startedAt", "endedAt", "day", "focusedSeconds", "pausedSeconds", "outcome", "sound", "plannedSeconds",
                "taskID", "taskTitle",
            ], rows: rows)
    }

    package static func logs(_ logs: [DailyLog]) throws -> Data {
        let rows = logs.map { log in
            [
                log.day.description, log.sleepQuality.map(String.init) ?? "", log.mood.map(String.init) ?? "",
                neutralized(log.reflection), timestamp(log.updatedAt),
            ]
        }
        return try csv(header: ["day", "sleepQuality", "mood", "reflection", "updatedAt"], rows: rows)
    }

    package static func trackerValues(_ values: [(tracker: String, day: String, value: Double)]) throws -> Data {
        let rows = values.map { [$0.day, neutralized($0.tracker), String($0.value)] }
        return try csv(header: ["day", "tracker", "value"], rows: rows)
    }

    package static func timestamp(_ date: Date) -> String {
        date.formatted(.iso8601)
    }

    /// A spreadsheet runs a cell that starts with `=`, `+`, `@` or `-` as a formula; a leading apostrophe keeps
    /// the person's text as text (a Markdown list item "- milk" is left alone).
    package static func neutralized(_ text: String) -> String {
        guard let first = text.first else { return text }
        let isFormula =
            "=+@\t\r".contains(first) || (first == "-" && text.dropFirst().first.map { !$0.isWhitespace } ?? false)
        return isFormula ? "'" + text : text
    }

    /// RFC 4180 text with a header row and CRLF line ends.
    package static func csv(header: [String], rows: [[String]]) throws -> Data {
        let stream = OutputStream(toMemory: ())
        let writer = try CSVWriter(stream: stream, newline: .crlf)
        try writer.write(row: header)
        for row in rows { try writer.write(row: row) }
        stream.close()
        var data = stream.property(forKey: .dataWrittenToMemoryStreamKey) as? Data ?? Data()
        data.append(contentsOf: Array("\r\n".utf8))
        return data
    }
}
