import DaybookCore
import Foundation
import GRDB

/// Owns the SQLite connection and its migrations. Every store protocol of Core is implemented on it.
public struct AppDatabase: Sendable {
    /// The file name of the database inside the data folder.
    public static let fileName = "daybook.sqlite"

    package let writer: any DatabaseWriter
    /// The owner's settings, kept in memory by the one writer.
    let settingsCache = SettingsCache()
    private let revisions = RevisionCounter()
    /// Grows with every committed change to journal entries.
    let journalRevisions = JournalRevisionCounter()
    /// The map's places as of a journal revision: rebuilt on the first map request after an entry changed.
    let placeIndexCache = Locked<(revision: Int, index: PlaceIndex)?>(nil)

    /// Wraps a connection and brings its schema up to date, rebuilding the search index when its tokenizer changed,
    /// and notes this Daybook's version as the one that opened it last (when another did before).
    ///
    /// - Parameter writer: a connection made with `AppDatabase.makeConfiguration()`.
    /// - Throws: `UpgradeProblem.newerDatabase`, before anything is written, when a newer Daybook migrated it; a
    ///   GRDB error when a migration fails, the database left at the last migration completed (each migration is
    ///   a transaction).
    public init(_ writer: any DatabaseWriter) throws {
        self.writer = writer
        try Self.refuseNewer(try writer.read { db in try Self.schemaStatus(db) })
        try Self.migrator.migrate(writer)
        try writer.write { db in try SearchIndex.prepare(db) }
        // Noted when another version opened it last; a full disk may refuse the note, never the opening.
        try? writer.write { db in try Self.recordOpening(db, version: BuildInfo.version, at: Date()) }
        writer.add(transactionObserver: revisions, extent: .databaseLifetime)
        writer.add(transactionObserver: journalRevisions, extent: .databaseLifetime)
    }

    /// Grows with every committed write; equal revisions mean equal answers to the same question.
    public var revision: Int { revisions.value }

    /// An empty database in memory, with the same schema: for tests and previews.
    public static func inMemory() throws -> AppDatabase {
        try AppDatabase(DatabaseQueue(configuration: makeConfiguration()))
    }

    /// What every connection needs: foreign keys, and the search tokenizer registered (each connection of a pool
    /// runs this when it opens).
    public static func makeConfiguration() -> Configuration {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.prepareDatabase { db in
            db.add(tokenizer: SearchTokenizer.self)
            for tokenizer in SearchTokenizer.retired { db.add(tokenizer: tokenizer) }
        }
        return configuration
    }

    /// The names of the migrations applied so far, oldest first.
    public func appliedMigrations() throws -> [String] {
        // In the order they were registered: sorted by name, "v10" would come before "v2".
        try writer.read { db in
            let applied = try Self.migrator.appliedIdentifiers(db)
            return Self.migrator.migrations.filter(applied.contains)
        }
    }

    /// The names of every table, for schema checks.
    public func tableNames() throws -> [String] {
        try writer.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        }
    }

    /// The journal mode in effect (`wal` for a file, `memory` in memory).
    public func journalMode() throws -> String {
        try writer.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") ?? "" }
    }
}
