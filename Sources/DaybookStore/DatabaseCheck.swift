import DaybookCore
import Foundation
import GRDB

/// The database's part of `daybook check`: SQLite's own checks, and the search index against the entries.
extension AppDatabase {
    /// What `PRAGMA integrity_check` finds; empty when the file is whole.
    public func integrityProblems() throws -> [String] {
        try writer.read { db in
            try String.fetchAll(db, sql: "PRAGMA integrity_check").filter { $0 != "ok" }
        }
    }

    /// Rows whose foreign key names a row that is not there (`PRAGMA foreign_key_check`), as `table rowid → parent`.
    public func foreignKeyProblems() throws -> [String] {
        try writer.read { db in
            try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").map { row in
                let table: String = row[0]
                let rowID: Int64? = row[1]
                let parent: String = row[2]
                return "\(table) \(rowID.map(String.init) ?? "?") → \(parent)"
            }
        }
    }

    /// How the search index differs from the live entries: entries it lacks, and documents of no live entry.
    public func searchIndexDifference() throws -> (missing: Int, extra: Int) {
        try writer.read { db in
            guard try db.tableExists(SearchIndex.table + "_docsize") else {
                let live = try Int.fetchOne(db, sql: "SELECT count(*) FROM journalEntry WHERE deletedAt IS NULL") ?? 0
                return (live, 0)
            }
            let docs = "\(SearchIndex.table)_docsize"
            let missing =
                try Int.fetchOne(
                    db,
                    sql: """
                        SELECT count(*) FROM journalEntry
                        WHERE deletedAt IS NULL AND number NOT IN (SELECT id FROM \(docs))
                        """) ?? 0
            let extra =
                try Int.fetchOne(
                    db,
                    sql: """
                        SELECT count(*) FROM \(docs)
                        WHERE id NOT IN (SELECT number FROM journalEntry WHERE deletedAt IS NULL)
                        """) ?? 0
            return (missing, extra)
        }
    }

    /// Builds the search index again from the live entries, in one transaction.
    public func rebuildSearchIndex() throws {
        try writer.write { db in try SearchIndex.rebuild(db) }
    }

    /// Every photo row, by id.
    public func allPhotos() throws -> [Photo] {
        try writer.read { db in try PhotoRecord.order(Column("id")).fetchAll(db).compactMap(\.photo) }
    }

    /// Keeps `sha256` as photo `id`'s content hash when the row has none yet (a photo stored before hashes were
    /// kept); a hash already kept is never replaced.
    public func fillPhotoHash(id: String, sha256: String) throws {
        try writer.write { db in
            try db.execute(
                sql: "UPDATE photo SET sha256 = ? WHERE id = ? AND sha256 IS NULL", arguments: [sha256, id])
        }
    }
}
