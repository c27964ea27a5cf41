import DaybookCore
import Foundation
import GRDB

extension AppDatabase {
    public func updateEntryKeepingBoth(
        id: String, _ content: JournalEntryContent, plainText: String, origin: JournalEditOrigin,
        conflictID: String, at now: Date
    ) async throws -> JournalSave {
        try await write { db in
            guard let stored = try JournalEntryRecord.fetchOne(db, id: id), stored.deletedAt == nil else {
                throw JournalStoreError.notFound
            }
            let madeAt = origin.madeAt
            let sameSession = origin.lineage != nil && origin.lineage == stored.lineage
            if stored.revision == origin.revision || sameSession {
                // From the stored version, or from the session that made it (its answer lost on the way): its newer
                // words replace it; its older words, arriving late, change nothing.
                if stored.revision == origin.revision || madeAt >= stored.versionMadeAt {
                    try Self.replace(db, stored, with: content, plainText: plainText, origin: origin, at: now)
                }
                return JournalSave(entry: try Self.storedEntry(db, id: id), conflict: nil)
            }
            let incoming = JournalEntryRecord(
                id: id, content, plainText: plainText, createdAt: stored.createdAt, updatedAt: now,
                revision: stored.revision)
            // Both devices wrote the same thing: nothing to choose between.
            if incoming.sameContent(as: stored) {
                return JournalSave(entry: try Self.storedEntry(db, id: id), conflict: nil)
            }
            // Someone else changed the entry since: the version made later on its device becomes the entry, and
            // the other is kept beside it.
            let incomingIsLater = madeAt >= stored.versionMadeAt
            let other = JournalConflictRecord(
                id: conflictID, entryID: id, version: incomingIsLater ? stored : incoming,
                madeAt: incomingIsLater ? stored.versionMadeAt : madeAt,
                entryMadeAt: incomingIsLater ? madeAt : stored.versionMadeAt, baseRevision: origin.revision,
                entryRevision: stored.revision + 1, createdAt: now)
            if incomingIsLater {
                try Self.replace(db, stored, with: content, plainText: plainText, origin: origin, at: now)
            } else {
                try db.execute(
                    sql: "UPDATE journalEntry SET revision = revision + 1 WHERE number = ?", arguments: [stored.number])
            }
            try other.insert(db)
            return JournalSave(entry: try Self.storedEntry(db, id: id), conflict: other.conflict)
        }
    }

    public func conflicts(entryID: String) async throws -> [JournalConflict] {
        try await writer.read { db in
            try JournalConflictRecord.fetchAll(
                db, where: "entryID = ? ORDER BY resolvedAt IS NOT NULL, createdAt, id", arguments: [entryID]
            ).compactMap(\.conflict)
        }
    }

    public func resolveConflict(entryID: String, conflictID: String, keep: JournalConflictChoice, at now: Date)
        async throws -> JournalEntry
    {
        try await write { db in
            guard let stored = try JournalEntryRecord.fetchOne(db, id: entryID), stored.deletedAt == nil else {
                throw JournalStoreError.notFound
            }
            guard
                var open = try JournalConflictRecord.fetchAll(
                    db, where: "id = ? AND entryID = ? AND resolvedAt IS NULL", arguments: [conflictID, entryID]
                ).first, let chosen = open.conflict
            else { throw JournalStoreError.noConflict }
            switch keep {
            case .entry:
                try db.execute(
                    sql: "UPDATE journalEntry SET revision = revision + 1, updatedAt = ? WHERE number = ?",
                    arguments: [now, stored.number])
                try db.execute(
                    sql: "UPDATE journalConflict SET resolvedAt = ? WHERE id = ?", arguments: [now, conflictID])
            case .other:
                // The row keeps the version not chosen, as the entry had it.
                let entryMadeAt = stored.revision == open.entryRevision ? open.entryMadeAt : stored.versionMadeAt
                let madeAt = open.madeAt
                open.version = stored
                (open.madeAt, open.entryMadeAt, open.resolvedAt) = (entryMadeAt, madeAt, now)
                try open.update(db)
                try Self.replace(db, stored, with: chosen.content, plainText: chosen.plainText, at: now)
            }
            return try Self.storedEntry(db, id: entryID)
        }
    }

    public func deleteSetAside(entryID: String, conflictID: String) async throws -> Bool {
        try await write { db in
            try db.execute(
                sql: "DELETE FROM journalConflict WHERE id = ? AND entryID = ? AND resolvedAt IS NOT NULL",
                arguments: [conflictID, entryID])
            return db.changesCount > 0
        }
    }
}

/// A row of the `journalConflict` table: the other version, in the columns an entry keeps it in, and when
/// each version was made.
struct JournalConflictRecord {
    var id: String
    var entryID: String
    /// The other version; only its content columns are kept (id, times and revision are the conflict's).
    var version: JournalEntryRecord
    var madeAt: Date
    var entryMadeAt: Date
    var baseRevision: Int
    var entryRevision: Int
    var createdAt: Date
    var resolvedAt: Date?

    init(
        id: String, entryID: String, version: JournalEntryRecord, madeAt: Date, entryMadeAt: Date,
        baseRevision: Int, entryRevision: Int, createdAt: Date
    ) {
        (self.id, self.entryID, self.version) = (id, entryID, version)
        (self.madeAt, self.entryMadeAt, self.baseRevision) = (madeAt, entryMadeAt, baseRevision)
        (self.entryRevision, self.createdAt) = (entryRevision, createdAt)
    }

    /// Reads a row of `select`.
    init(row: Row) {
        (id, entryID, version) = (row["id"], row["entryID"], JournalEntryRecord(row: row))
        (madeAt, entryMadeAt, baseRevision, entryRevision) = (
            row["madeAt"], row["entryMadeAt"], row["baseRevision"], row["entryRevision"]
        )
        (createdAt, resolvedAt) = (row["createdAt"], row["resolvedAt"])
    }

    /// The rows, with the columns of `journalEntry` a conflict does not keep, so `JournalEntryRecord` reads them.
    static let select = """
        SELECT *, NULL AS number, 0 AS wordCount, createdAt AS updatedAt, 0 AS revision, NULL AS deletedAt
        FROM journalConflict
        """

    /// The domain value, or `nil` for a row this version cannot read.
    var conflict: JournalConflict? {
        guard let entry = version.entry else { return nil }
        return JournalConflict(
            id: id, entryID: entryID, content: entry.content, plainText: version.plainText, madeAt: madeAt,
            entryMadeAt: entryMadeAt, baseRevision: baseRevision, entryRevision: entryRevision,
            createdAt: createdAt, resolvedAt: resolvedAt)
    }

    private var values: StatementArguments {
        let v = version
        return [
            v.moment, v.day, v.timeZone, v.title, v.body, v.plainText, v.tags, v.isStarred, v.coverPhotoID,
            v.latitude, v.longitude, v.placeName, v.placeCountry, madeAt, entryMadeAt, baseRevision, entryRevision,
            createdAt, resolvedAt,
        ]
    }

    func insert(_ db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO journalConflict (moment, day, timeZone, title, body, plainText, tags, isStarred,
                  coverPhotoID, latitude, longitude, placeName, placeCountry, madeAt, entryMadeAt, baseRevision,
                  entryRevision, createdAt, resolvedAt, id, entryID)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: values + [id, entryID])
    }

    func update(_ db: Database) throws {
        try db.execute(
            sql: """
                UPDATE journalConflict SET moment = ?, day = ?, timeZone = ?, title = ?, body = ?, plainText = ?,
                  tags = ?, isStarred = ?, coverPhotoID = ?, latitude = ?, longitude = ?, placeName = ?,
                  placeCountry = ?, madeAt = ?, entryMadeAt = ?, baseRevision = ?, entryRevision = ?, createdAt = ?,
                  resolvedAt = ?
                WHERE id = ?
                """, arguments: values + [id])
    }

    static func fetchAll(_ db: Database, where condition: String, arguments: StatementArguments) throws
        -> [JournalConflictRecord]
    {
        try Row.fetchAll(db, sql: "\(select) WHERE \(condition)", arguments: arguments)
            .map(JournalConflictRecord.init(row:))
    }
}

extension JournalEntryRecord {
    /// Whether two versions hold the same content (ids, times and revisions aside).
    func sameContent(as other: JournalEntryRecord) -> Bool {
        moment == other.moment && day == other.day && timeZone == other.timeZone && title == other.title
            && body == other.body && tags == other.tags && isStarred == other.isStarred
            && coverPhotoID == other.coverPhotoID && latitude == other.latitude && longitude == other.longitude
            && placeName == other.placeName && placeCountry == other.placeCountry
    }
}
