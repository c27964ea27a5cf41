import DaybookCore
import DaybookDataFolder
import DaybookStore
import Foundation
import Hummingbird

/// `/api/v1/export/sessions.csv` and `/api/v1/export/logs.csv`: everything, as spreadsheets read it; and
/// `/settings/export.zip`: everything, in one ZIP.
struct ExportRoutes {
    let services: AppServices

    func register(on router: Router<DaybookRequestContext>) {
        router.get("/api/v1/export/sessions.csv") { request, context in
            let database = try context.env.database
            let zone = try context.env.settings.timeZone
            return Self.download(
                try ExportCSV.sessions(try await database.allSessions(), timeZone: zone),
                type: "text/csv; charset=utf-8; header=present",
                name: "daybook-sessions.csv")
        }
        router.get("/api/v1/export/logs.csv") { _, context in
            let database = try context.env.database
            return Self.download(
                try ExportCSV.logs(try await database.allDailyLogs()), type: "text/csv; charset=utf-8; header=present",
                name: "daybook-logs.csv")
        }
        router.get("/settings/export.zip") { request, context in
            let database = try context.env.database
            let settings = try context.env.settings
            let now = services.clock.now()
            let file = FileManager.default.temporaryDirectory.appendingPathComponent(
                "daybook-export-\(UUID().uuidString).zip")
            let export = ExportService(dataFolder: services.backups.service.dataFolder)
            _ = try await export.write(from: database, settings: settings, to: file, now: now)
            let name = "daybook-export-\(DayKey(date: now, timeZone: settings.timeZone)).zip"
            return FileDownload.response(file, type: "application/zip", name: name, removingAfter: true)
        }
    }

    static func download(_ data: Data, type: String, name: String) -> Response {
        Response(
            status: .ok,
            headers: [
                .contentType: type, .contentDisposition: "attachment; filename=\"\(name)\"", .cacheControl: "no-store",
            ],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
