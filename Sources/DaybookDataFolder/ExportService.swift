import DaybookArchive
import DaybookCore
import DaybookStore
import Foundation

/// Everything the owner has, in one ZIP anyone can open: a documented, versioned JSON of every table, one
/// Markdown file per entry with front matter, the photo originals, CSV for focus sessions, daily logs and tracker
/// values, and an iCalendar file of the tasks.
public struct ExportService: Sendable {
    public static let formatName = "daybook-export"
    /// Raised when the layout of `daybook.json` changes in a way a reader must know.
    public static let formatVersion = 1
    package static let folder = "daybook-export/"

    public let dataFolder: URL

    public init(dataFolder: URL) { self.dataFolder = dataFolder }

    public struct Written: Sendable {
        public var file: URL
        public var size: Int64
        public var entries: Int
        public var photos: Int
    }

    /// Reads everything from `database` and writes the ZIP to `destination` (whole or not at all). The tables
    /// go through a file beside it, so memory does not grow with them.
    /// - Parameter progress: files written so far and the total.
    public func write(
        from database: AppDatabase, settings: Settings, to destination: URL, now: Date,
        progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }
    ) async throws -> Written {
        let tables = destination.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).\(UUID().uuidString).tables")
        try FileManager.default.createDirectory(
            at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: tables) }
        let contents = try await database.exportContents(tablesInto: tables)
        return try await BackupRunner.offThePool {
            try self.write(contents, tables: tables, settings: settings, to: destination, now: now, progress: progress)
        }
    }

    package func write(
        _ contents: AppDatabase.ExportContents, tables: URL, settings: Settings, to destination: URL, now: Date,
        progress: (Int, Int) -> Void
    ) throws -> Written {
        let partial = destination.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).\(UUID().uuidString).partial")
        defer { try? FileManager.default.removeItem(at: partial) }
        let archive = try ZIPWriter(file: partial)
        let photoFolder = dataFolder.appendingPathComponent("photos", isDirectory: true)
        let photoNames = Dictionary(
            uniqueKeysWithValues: contents.photos.map {
                ($0.id, $0.id + "." + (PhotoType(rawValue: $0.type)?.fileExtension ?? "bin"))
            })
        let total = 7 + contents.entries.count + contents.photos.count
        var done = 0
        func add(_ path: String, _ data: Data) throws {
            try archive.add(name: Self.folder + path, data: data, modified: now)
            done += 1
            progress(done, total)
        }
        try add("README.md", Data(ExportDocument.readme.utf8))
        let json = tables.appendingPathExtension("json")
        defer { try? FileManager.default.removeItem(at: json) }
        try ExportDocument.writeJSON(to: json, tables: tables, contents: contents, settings: settings, now: now)
        try archive.add(name: Self.folder + "daybook.json", file: json, modified: now, method: .deflated)
        done += 1
        for entry in contents.entries {
            try add(ExportDocument.entryPath(entry), Data(ExportDocument.markdown(entry, photoNames: photoNames).utf8))
        }
        for photo in contents.photos {
            let file = photoFolder.appendingPathComponent(photo.id)
            if let attributes = try? FileManager.default.attributesOfItem(atPath: file.path) {
                // Photos are compressed already.
                try archive.add(
                    name: Self.folder + "photos/" + photoNames[photo.id]!, file: file,
                    modified: attributes[.modificationDate] as? Date ?? now, method: .stored)
            }
            done += 1
            progress(done, total)
        }
        let zone = settings.timeZone
        try add("csv/focus-sessions.csv", try ExportCSV.sessions(contents.sessions, timeZone: zone))
        try add("csv/daily-logs.csv", try ExportCSV.logs(contents.logs))
        try add("csv/tracker-values.csv", try ExportCSV.trackerValues(contents.trackerValues))
        try add(
            "tasks.ics",
            Data(
                TaskCalendar.document(
                    contents.calendar, name: settings.journalName, timeZone: zone, now: now, includeAnytime: true
                ).utf8))
        try archive.finish()
        if FileManager.default.fileExists(atPath: destination.path) {
            _ = try FileManager.default.replaceItemAt(destination, withItemAt: partial)
        } else {
            try FileManager.default.moveItem(at: partial, to: destination)
        }
        return Written(
            file: destination, size: try BackupService.size(of: destination), entries: contents.entries.count,
            photos: contents.photos.count)
    }
}
