import DaybookCore
import Foundation
import GRDB

/// Reads a Loop Habit Tracker backup (its SQLite database) into `LoopBackup` rows, whatever its schema version:
/// each column is read only when the file has it, and table and column names match in any case, as SQL matches
/// them. Schemas 2 to 8 were made by the ActiveAndroid ORM (`Id INTEGER PRIMARY KEY AUTOINCREMENT`, columns added
/// by `assets/migrations/N.sql` from 5 on); from 9 Loop's own `09.sql` makes a new file (`id`), and both kinds of
/// file are migrated forward by the same scripts, which never rename a column.
///
/// The file is copied and opened read-only from the copy, so nothing is ever written beside the upload; a copy
/// that says it is in WAL mode is marked as a plain rollback-journal file first, since a read-only connection
/// cannot make the WAL's index.
public enum LoopBackupReader {
    /// The first bytes of every SQLite database file.
    public static let header = Data("SQLite format 3\0".utf8)

    /// Whether `file` starts like an SQLite database.
    public static func isDatabase(_ file: URL) -> Bool {
        guard let handle = try? FileHandle(forReadingFrom: file) else { return false }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: header.count)) == header
    }

    /// - Throws: `ImportBatch.Problem.unreadable` when the file is damaged or is not a Loop backup;
    ///   `ImportBatch.Problem.unknownVersion` when it is newer than Loop's newest schema.
    public static func read(_ file: URL) throws -> LoopBackup {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "loop-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("backup.db")
        var bytes = try Data(contentsOf: file)
        guard bytes.count >= 100, bytes.prefix(header.count) == header else {
            throw ImportBatch.Problem.unreadable("it is not an SQLite database")
        }
        // Bytes 18 and 19 are the write and read versions: 2 means WAL.
        if bytes[18] == 2 || bytes[19] == 2 {
            bytes[18] = 1
            bytes[19] = 1
        }
        try bytes.write(to: copy)
        var configuration = Configuration()
        configuration.readonly = true
        configuration.label = "LoopBackup"
        do {
            let queue = try DatabaseQueue(path: copy.path, configuration: configuration)
            defer { try? queue.close() }
            return try queue.read(readBackup)
        } catch let failure as ImportBatch.Problem {
            throw failure
        } catch {
            throw ImportBatch.Problem.unreadable("the database is damaged")
        }
    }

    private static func readBackup(_ db: Database) throws -> LoopBackup {
        guard try String?.fetchAll(db, sql: "PRAGMA quick_check") == ["ok"] else {
            throw ImportBatch.Problem.unreadable("the database is damaged")
        }
        let tables = Set(
            try String?.fetchAll(db, sql: "SELECT lower(name) FROM sqlite_master WHERE type = 'table'").compactMap {
                $0
            })
        guard tables.contains("habits"), tables.contains("repetitions") else {
            throw ImportBatch.Problem.unreadable(
                "it is not a Loop Habit Tracker backup (no Habits and Repetitions tables)")
        }
        let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
        guard version <= LoopBackup.newestVersion else {
            throw ImportBatch.Problem.unknownVersion("Loop database \(version)")
        }
        let habitColumns = try columns(db, "Habits")
        let repetitionColumns = try columns(db, "Repetitions")
        guard habitColumns.contains("id"), habitColumns.contains("name"), repetitionColumns.contains("habit"),
            repetitionColumns.contains("timestamp")
        else { throw ImportBatch.Problem.unreadable("its Habits and Repetitions tables are not Loop's") }
        func select(_ wanted: [String], from present: Set<String>) -> String {
            wanted.map { present.contains($0) ? $0 : "NULL" }.joined(separator: ", ")
        }
        let habitSQL =
            "SELECT "
            + select(
                [
                    "id", "position", "name", "type", "question", "description", "freq_num", "freq_den", "color",
                    "unit", "target_type", "target_value", "archived", "uuid",
                ], from: habitColumns) + " FROM Habits"
        // Values are converted by hand: SQLite lets any column hold any type, and a damaged file may.
        let habits = try Row.fetchAll(db, sql: habitSQL).compactMap { row -> LoopBackup.Habit? in
            let value = { (index: Int) -> DatabaseValue in row[index] }
            guard let id = Int64.fromDatabaseValue(value(0)) else { return nil }
            return LoopBackup.Habit(
                id: id, position: int(value(1)), name: text(value(2)), type: int(value(3)), question: text(value(4)),
                description: text(value(5)), frequencyNumerator: int(value(6)), frequencyDenominator: int(value(7)),
                color: int(value(8)), unit: text(value(9)), targetType: int(value(10)),
                targetValue: Double.fromDatabaseValue(value(11)), archived: int(value(12)), uuid: text(value(13)))
        }
        let repetitionSQL =
            "SELECT "
            + select(["id", "habit", "timestamp", "value", "notes"], from: repetitionColumns)
            + " FROM Repetitions"
        var repetitions: [LoopBackup.Repetition] = []
        let rows = try Row.fetchCursor(db, sql: repetitionSQL)
        var fallbackID: Int64 = 0
        while let row = try rows.next() {
            fallbackID += 1
            let value = { (index: Int) -> DatabaseValue in row[index] }
            repetitions.append(
                LoopBackup.Repetition(
                    id: Int64.fromDatabaseValue(value(0)) ?? fallbackID, habit: Int64.fromDatabaseValue(value(1)),
                    timestamp: Int64.fromDatabaseValue(value(2)), value: int(value(3)), notes: text(value(4))))
        }
        return LoopBackup(version: version, habits: habits, repetitions: repetitions)
    }

    private static func int(_ value: DatabaseValue) -> Int? { Int.fromDatabaseValue(value) }

    /// The table's column names, lowercased: SQL names are not case-sensitive, and the databases Loop's first
    /// versions made (through an Android ORM, before Loop kept migration files) call the key column `Id`.
    private static func columns(_ db: Database, _ table: String) throws -> Set<String> {
        Set(
            try Row.fetchAll(db, sql: "PRAGMA table_info(\(table))").compactMap { row -> String? in
                String.fromDatabaseValue(row["name"])?.lowercased()
            })
    }

    /// Text as stored; SQLite lets any column hold any type, so a number where text belongs is read as text.
    private static func text(_ value: DatabaseValue) -> String? {
        switch value.storage {
        case .string(let text): text
        case .int64(let number): String(number)
        case .double(let number): String(number)
        case .blob(let data): String(data: data, encoding: .utf8)
        case .null: nil
        }
    }
}
