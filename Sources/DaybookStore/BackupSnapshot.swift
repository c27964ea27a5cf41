import Foundation
import GRDB

/// A copy of the database taken for a backup, and the checks a copy passes before it replaces the live one.
extension AppDatabase {
    /// Writes a consistent, compacted copy of the whole database to `file` (SQLite's `VACUUM INTO`) while the
    /// server goes on reading and writing.
    /// - Throws: a GRDB error, for example when `file` already exists or the disk is full.
    public func snapshot(to file: URL) throws {
        // VACUUM refuses to run inside a transaction, so this read opens none of its own.
        try writer.unsafeRead { db in try db.execute(sql: "VACUUM INTO ?", arguments: [file.path]) }
    }

    /// What a snapshot file holds that a backup needs to know.
    public struct SnapshotContents: Sendable {
        /// Its applied migrations, in the order this Daybook registers them.
        public var migrations: [String]
        /// The ids of its photos, whose originals go with it.
        public var photoIDs: [String]
    }

    /// Reads a snapshot (or a restored database) without changing it.
    /// - Throws: `SnapshotProblem` when the file is damaged or has migrations this Daybook does not know.
    public static func inspectSnapshot(_ file: URL) throws -> SnapshotContents {
        var configuration = makeConfiguration()
        configuration.readonly = true
        let queue: DatabaseQueue
        do { queue = try DatabaseQueue(path: file.path, configuration: configuration) } catch {
            throw SnapshotProblem.damaged
        }
        defer { try? queue.close() }
        return try queue.read { db in
            guard (try? String.fetchOne(db, sql: "PRAGMA integrity_check")) == "ok" else {
                throw SnapshotProblem.damaged
            }
            // The same check as a database about to be opened: a newer Daybook's is not this one's to write into.
            let status = try schemaStatus(db)
            guard !status.isSuperseded else { throw SnapshotProblem.newerSchema(status.unknown) }
            let photos = try String.fetchAll(db, sql: "SELECT id FROM photo ORDER BY id")
            return SnapshotContents(migrations: status.applied, photoIDs: photos)
        }
    }

    public enum SnapshotProblem: Error, Equatable, CustomStringConvertible {
        case damaged
        case newerSchema([String])

        public var description: String {
            switch self {
            case .damaged: "The backup's database is damaged."
            case .newerSchema: "The backup was made by a newer Daybook; update Daybook to restore it."
            }
        }
    }
}
