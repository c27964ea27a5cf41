import DaybookCore
import Foundation
import GRDB

/// What an export reads: every table that holds the owner's words and numbers, in one read transaction.
extension AppDatabase {
    /// The tables an export carries, and the columns left out of them (secrets never leave in an export).
    public static let exportedTables: [(table: String, leaveOut: Set<String>)] = [
        ("settings", []), ("task", []), ("taskCompletion", []), ("taskSkip", []), ("focusSession", []),
        ("dailyLog", []), ("journalEntry", []), ("journalConflict", []), ("photo", []), ("tracker", []),
        ("trackerValue", []),
        ("weatherObservation", []), ("reminderSettings", []), ("connections", []),
        ("backupPlan", ["passphrase"]),
    ]

    /// An entry as its Markdown file shows it.
    public struct ExportedEntry: Sendable {
        public var id: String
        public var moment: Date
        public var timeZone: String
        public var day: String
        public var title: String
        public var body: String
        public var tags: [String]
        public var isStarred: Bool
        public var latitude: Double?
        public var longitude: Double?
        public var placeName: String?
        public var placeCountry: String?
        public var coverPhotoID: String?
        public var updatedAt: Date
    }

    /// Everything an export writes, read at one moment.
    public struct ExportContents: Sendable {
        public var migrations: [String]
        public var entries: [ExportedEntry]
        public var photos: [(id: String, type: String)]
        public var trackerValues: [(tracker: String, day: String, value: Double)]
        public var calendar: [TaskCalendar.Item]
        public var sessions: [ExportedSession]
        public var logs: [DailyLog]
    }

    /// Reads everything an export needs in one read transaction, writing the tables as JSON into `tablesFile` as
    /// they are read (`{"table": [{"column": value, …}, …], …}`, columns in their order, values as SQLite holds
    /// them), so memory does not grow with them.
    public func exportContents(tablesInto tablesFile: URL) async throws -> ExportContents {
        try await writer.read { db in
            guard FileManager.default.createFile(atPath: tablesFile.path, contents: nil) else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: tablesFile.path])
            }
            let handle = try FileHandle(forWritingTo: tablesFile)
            defer { try? handle.close() }
            var json = JSONStream(handle: handle)
            try json.write("{")
            for (index, (table, leaveOut)) in Self.exportedTables.enumerated() {
                try json.write((index == 0 ? "" : ",") + JSONText.quoted(table) + ":[")
                let rows = try Row.fetchCursor(db, sql: "SELECT * FROM \"\(table)\"")
                var first = true
                while let row = try rows.next() {
                    try json.write(first ? "{" : ",{")
                    first = false
                    var firstColumn = true
                    for (column, value) in row where !leaveOut.contains(column) {
                        try json.write(
                            (firstColumn ? "" : ",") + JSONText.quoted(column) + ":" + JSONStream.value(value))
                        firstColumn = false
                    }
                    try json.write("}")
                }
                try json.write("]")
            }
            try json.write("}")
            try json.flush()
            let entries = try Row.fetchAll(
                db, sql: "SELECT * FROM journalEntry WHERE deletedAt IS NULL ORDER BY moment, id"
            ).map { row in
                let tags: String = row["tags"]
                return ExportedEntry(
                    id: row["id"], moment: row["moment"], timeZone: row["timeZone"], day: row["day"],
                    title: row["title"], body: row["body"], tags: tags.split(separator: "\n").map(String.init),
                    isStarred: row["isStarred"], latitude: row["latitude"], longitude: row["longitude"],
                    placeName: row["placeName"], placeCountry: row["placeCountry"], coverPhotoID: row["coverPhotoID"],
                    updatedAt: row["updatedAt"])
            }
            let photos = try Row.fetchAll(db, sql: "SELECT id, type FROM photo ORDER BY id").map {
                (id: $0["id"] as String, type: $0["type"] as String)
            }
            let values = try Row.fetchAll(
                db,
                sql: """
                    SELECT tracker.name, trackerValue.day, trackerValue.value FROM trackerValue
                    JOIN tracker ON tracker.id = trackerValue.trackerID ORDER BY trackerValue.day, tracker.position
                    """
            ).map { (tracker: $0[0] as String, day: $0[1] as String, value: $0[2] as Double) }
            return ExportContents(
                migrations: Self.migrator.migrations, entries: entries, photos: photos,
                trackerValues: values, calendar: try Self.calendarItems(db, from: nil),
                sessions: try Self.allSessions(db),
                logs: try Self.allDailyLogs(db))
        }
    }

    /// Tasks with the days removed from their series, for the calendar feed: those on or after `first` (all
    /// when nil), and every series still running then.
    public func calendarItems(from first: DayKey?) async throws -> [TaskCalendar.Item] {
        try await writer.read { db in try Self.calendarItems(db, from: first) }
    }

    static func calendarItems(_ db: Database, from first: DayKey?) throws -> [TaskCalendar.Item] {
        let key = first?.description ?? ""
        let records = try TaskRecord.fetchAll(
            db,
            sql: """
                SELECT * FROM task WHERE day >= ?
                   OR (repeatRule IS NOT NULL AND (repeatUntil IS NULL OR repeatUntil >= ?))
                """, arguments: [key, key])
        let skips = Dictionary(
            grouping: try Row.fetchAll(db, sql: "SELECT taskID, day FROM taskSkip WHERE day >= ?", arguments: [key]),
            by: { $0["taskID"] as String })
        return records.compactMap { record in
            record.task.map { task in
                TaskCalendar.Item(
                    task: task, skipped: (skips[task.id] ?? []).compactMap { DayKey(string: $0["day"] as String) })
            }
        }
    }
}

/// JSON text written to a file in pieces of at most 256 KiB.
struct JSONStream {
    let handle: FileHandle
    private var buffer = Data()

    init(handle: FileHandle) { self.handle = handle }

    mutating func write(_ text: String) throws {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 256 * 1024 { try flush() }
    }

    mutating func flush() throws {
        try handle.write(contentsOf: buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    static func value(_ value: DatabaseValue) -> String {
        switch value.storage {
        case .null: "null"
        case .int64(let number): String(number)
        case .double(let number): number.isFinite ? "\(number)" : "null"
        case .string(let text): JSONText.quoted(text)
        case .blob(let data): JSONText.quoted(data.base64EncodedString())
        }
    }
}
