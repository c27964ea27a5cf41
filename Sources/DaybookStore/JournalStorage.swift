import DaybookCore
import Foundation
import GRDB

extension AppDatabase: JournalStore {
    public func createEntry(
        id: String, _ content: JournalEntryContent, plainText: String, origin: JournalEditOrigin?, at now: Date
    ) async throws -> JournalEntry {
        try await write { db in
            guard try JournalEntryRecord.fetchOne(db, id: id) == nil else { throw JournalStoreError.duplicateID }
            var record = JournalEntryRecord(
                id: id, content, plainText: plainText, createdAt: now, updatedAt: now, revision: 1)
            (record.madeAt, record.lineage) = (origin?.madeAt, origin?.lineage)
            try record.insert(db)
            return try Self.storedEntry(db, id: id)
        }
    }

    public func updateEntry(
        id: String, _ content: JournalEntryContent, plainText: String, revision: Int, at now: Date
    ) async throws -> JournalEntry {
        try await write { db in
            guard let stored = try JournalEntryRecord.fetchOne(db, id: id), stored.deletedAt == nil,
                let current = stored.entry
            else { throw JournalStoreError.notFound }
            guard stored.revision == revision else { throw JournalStoreError.conflict(current: current) }
            try Self.replace(db, stored, with: content, plainText: plainText, at: now)
            return try Self.storedEntry(db, id: id)
        }
    }

    public func entry(id: String) async throws -> JournalEntry? {
        try await writer.read { db in try DatabaseSnapshot(db: db).journalEntry(id: id) }
    }

    public func entries(_ query: JournalListQuery) async throws -> JournalPage {
        try await writer.read { db in try DatabaseSnapshot(db: db).journalEntries(query) }
    }

    public func wholeEntries(after: JournalCursor?, limit: Int) async throws -> (
        entries: [JournalEntry], next: JournalCursor?
    ) {
        try await writer.read { db in try DatabaseSnapshot(db: db).wholeJournalEntries(after: after, limit: limit) }
    }

    public func wholeEntries(ids: [String]) async throws -> [JournalEntry] {
        try await writer.read { db in try DatabaseSnapshot(db: db).wholeJournalEntries(ids: ids) }
    }

    public func tagCounts() async throws -> [JournalTagCount] {
        try await writer.read { db in try DatabaseSnapshot(db: db).journalTagCounts() }
    }

    public func calendarDays(from first: DayKey, through last: DayKey) async throws -> [JournalDay] {
        try await writer.read { db in try DatabaseSnapshot(db: db).journalDays(from: first, through: last) }
    }

    public func entriesOnThisDay(_ day: DayKey, limit: Int) async throws -> [JournalEntrySummary] {
        try await writer.read { db in try DatabaseSnapshot(db: db).journalEntriesOnThisDay(day, limit: limit) }
    }

    public func search(_ query: JournalSearchQuery) async throws -> JournalSearchPage {
        try await writer.read { db in try DatabaseSnapshot(db: db).searchJournal(query) }
    }

    public func moveToTrash(id: String, at now: Date) async throws -> Bool {
        try await write { db in
            guard let stored = try JournalEntryRecord.fetchOne(db, id: id), stored.deletedAt == nil else {
                return false
            }
            try stored.unindex(db)
            try db.execute(sql: "UPDATE journalEntry SET deletedAt = ? WHERE id = ?", arguments: [now, id])
            return true
        }
    }

    public func trashedEntries() async throws -> [JournalEntrySummary] {
        try await writer.read { db in try DatabaseSnapshot(db: db).trashedJournalEntries() }
    }

    public func restoreFromTrash(id: String) async throws -> Bool {
        try await write { db in
            guard var stored = try JournalEntryRecord.fetchOne(db, id: id), stored.deletedAt != nil else {
                return false
            }
            try db.execute(sql: "UPDATE journalEntry SET deletedAt = NULL WHERE id = ?", arguments: [id])
            stored.deletedAt = nil
            try stored.indexLive(db)
            return true
        }
    }

    public func emptyTrash() async throws -> Int {
        try await write { db in
            try db.execute(sql: "DELETE FROM journalEntry WHERE deletedAt IS NOT NULL")
            return db.changesCount
        }
    }

    public func purgeTrash(now: Date) async throws -> Int {
        let cutoff = now.addingTimeInterval(-Double(JournalEntry.Limits.trashDays) * 86_400)
        return try await write { db in
            try db.execute(
                sql: "DELETE FROM journalEntry WHERE deletedAt IS NOT NULL AND deletedAt < ?", arguments: [cutoff])
            return db.changesCount
        }
    }

    /// Writes new content over a stored entry, with the next revision, its tags and its index rows.
    /// Replaces a stored version with `content` at the next revision, made by `origin`'s session at its time
    /// (`nil`: made now, by no session).
    static func replace(
        _ db: Database, _ stored: JournalEntryRecord, with content: JournalEntryContent, plainText: String,
        origin: JournalEditOrigin? = nil, at now: Date
    ) throws {
        try stored.unindex(db)
        var record = JournalEntryRecord(
            id: stored.id, content, plainText: plainText, createdAt: stored.createdAt, updatedAt: now,
            revision: stored.revision + 1)
        record.number = stored.number
        (record.madeAt, record.lineage) = (origin?.madeAt, origin?.lineage)
        try db.cachedStatement(
            sql: """
                UPDATE journalEntry SET moment = ?, day = ?, timeZone = ?, title = ?, body = ?, plainText = ?,
                  wordCount = ?, tags = ?, isStarred = ?, coverPhotoID = ?, latitude = ?, longitude = ?,
                  placeName = ?, placeCountry = ?, updatedAt = ?, revision = ?, madeAt = ?, lineage = ?
                WHERE number = ?
                """
        ).execute(arguments: [
            record.moment, record.day, record.timeZone, record.title, record.body, record.plainText,
            record.wordCount, record.tags, record.isStarred, record.coverPhotoID, record.latitude,
            record.longitude, record.placeName, record.placeCountry, record.updatedAt, record.revision,
            record.madeAt, record.lineage, record.number,
        ])
        try record.indexLive(db)
    }

    static func storedEntry(_ db: Database, id: String) throws -> JournalEntry {
        guard let entry = try JournalEntryRecord.fetchOne(db, id: id)?.entry else { throw JournalStoreError.notFound }
        return entry
    }
}
