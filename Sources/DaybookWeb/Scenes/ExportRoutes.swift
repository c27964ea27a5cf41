import CSV
import DaybookCore
import DaybookStore
import Foundation
import Hummingbird

/// `/api/v1/export/sessions.csv` and `/api/v1/export/logs.csv`: everything, as spreadsheets read it.
struct ExportRoutes {
    let services: AppServices

    func register(on router: Router<DaybookRequestContext>) {
        router.get("/api/v1/export/sessions.csv") { request, _ in
            let database = try await services.database()
            let zone = try await services.ownerSettings(database, request: request).timeZone
            let rows = try await database.allSessions().map { exported in
                let session = exported.session
                return [
                    Self.timestamp(session.startedAt), Self.timestamp(session.endedAt),
                    DayKey(date: session.startedAt, timeZone: zone).description, String(session.focusedSeconds),
                    String(session.pausedSeconds), session.outcome.rawValue, session.sound.rawValue,
                    session.plannedSeconds.map(String.init) ?? "", session.taskID ?? "",
                    Self.neutralized(exported.taskTitle ?? ""),
                ]
            }
            return try Self.csv(
                header: [
                    "startedAt", "endedAt", "day", "focusedSeconds", "pausedSeconds", "outcome", "sound",
                    "plannedSeconds", "taskID", "taskTitle",
                ], rows: rows, name: "daybook-sessions.csv")
        }
        router.get("/api/v1/export/logs.csv") { _, _ in
            let database = try await services.database()
            let rows = try await database.allDailyLogs().map { log in
                [
                    log.day.description, log.sleepQuality.map(String.init) ?? "", log.mood.map(String.init) ?? "",
                    Self.neutralized(log.reflection), Self.timestamp(log.updatedAt),
                ]
            }
            return try Self.csv(
                header: ["day", "sleepQuality", "mood", "reflection", "updatedAt"], rows: rows,
                name: "daybook-logs.csv")
        }
    }

    static func timestamp(_ date: Date) -> String {
        date.formatted(.iso8601)
    }

    /// A spreadsheet runs a cell that starts with `=`, `+`, `@` or `-` as a formula; a leading apostrophe keeps
    /// the person's text as text (a Markdown list item "- milk" is left alone).
    static func neutralized(_ text: String) -> String {
        guard let first = text.first else { return text }
        let isFormula =
            "=+@\t\r".contains(first) || (first == "-" && text.dropFirst().first.map { !$0.isWhitespace } ?? false)
        return isFormula ? "'" + text : text
    }

    /// RFC 4180 text with a header row and CRLF line ends.
    static func csv(header: [String], rows: [[String]], name: String) throws -> Response {
        let stream = OutputStream(toMemory: ())
        let writer = try CSVWriter(stream: stream, newline: .crlf)
        try writer.write(row: header)
        for row in rows { try writer.write(row: row) }
        stream.close()
        var data = stream.property(forKey: .dataWrittenToMemoryStreamKey) as? Data ?? Data()
        data.append(contentsOf: Array("\r\n".utf8))
        return Response(
            status: .ok,
            headers: [
                .contentType: "text/csv; charset=utf-8; header=present",
                .contentDisposition: "attachment; filename=\"\(name)\"", .cacheControl: "no-store",
            ],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
