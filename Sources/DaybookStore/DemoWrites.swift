import DaybookCore
import Foundation
import GRDB

/// What the store opens to the demo generator (`DaybookDemo`): one write that saves the owner's settings and
/// splits focus per day when it ends, and the rows the generator adds beside its own prepared statements.
extension AppDatabase {
    /// Runs `body` in one write after saving `settings`; the per-day focus is split in their time zone afterwards.
    package func writeDemo<T: Sendable>(
        settings: Settings, _ body: @escaping @Sendable (Database) throws -> T
    ) async throws -> T {
        try await rememberingSettings(settings) {
            try await writer.write { db in
                try SettingsRecord(settings).upsert(db)
                let result = try body(db)
                try Self.rebuildFocusDays(db, timeZone: settings.timeZone)
                return result
            }
        }
    }

    /// Adds a tracker as it is, at its position.
    package static func insertDemoTracker(_ db: Database, _ tracker: Tracker) throws {
        try TrackerRecord(tracker).insert(db)
    }

    /// Adds an entry without indexing its text: `indexDemoEntries` indexes them all at once.
    package static func insertDemoEntry(
        _ db: Database, id: String, _ content: JournalEntryContent, plainText: String, createdAt: Date,
        updatedAt: Date
    ) throws {
        var record = JournalEntryRecord(
            id: id, content, plainText: plainText, createdAt: createdAt, updatedAt: updatedAt, revision: 1)
        try record.insert(db, indexingText: false)
    }

    /// Indexes the text of every entry numbered after `number`, and merges the index.
    package static func indexDemoEntries(_ db: Database, after number: Int64) throws {
        try SearchIndex.insertEntries(db, after: number)
        try SearchIndex.optimize(db)
    }
}
