import DaybookCore
import Foundation
import GRDB

extension AppDatabase: ImportStore {
    public func importedItems(from source: ImportSource) async throws -> [String: [String: String]] {
        try await importedItems(from: source, onlyKind: nil)
    }

    /// Source ids of one kind already imported from `source`, with our ids.
    public func importedItems(from source: ImportSource, kind: String) async throws -> [String: String] {
        try await importedItems(from: source, onlyKind: kind)[kind] ?? [:]
    }

    /// Source ids already imported from `source` (of one kind, or every kind when `kind` is nil), with our ids,
    /// by kind.
    private func importedItems(from source: ImportSource, onlyKind kind: String?) async throws -> [String: [String:
        String]]
    {
        try await writer.read { db in
            var items: [String: [String: String]] = [:]
            let rows = try Row.fetchCursor(
                db,
                sql: "SELECT kind, sourceID, localID FROM importedItem WHERE source = ?"
                    + (kind == nil ? "" : " AND kind = ?"),
                arguments: StatementArguments([source.rawValue, kind].compactMap { $0 }))
            while let row = try rows.next() { items[row[0], default: [:]][row[1]] = row[2] }
            return items
        }
    }

    public func trackersByName() async throws -> [String: Tracker] {
        try await writer.read { db in
            var byName: [String: Tracker] = [:]
            for record in try TrackerRecord.fetchAll(db) {
                if let tracker = record.tracker { byName[record.nameKey] = tracker }
            }
            return byName
        }
    }

    public func daysWithMood() async throws -> Set<DayKey> {
        try await writer.read { db in
            Set(
                try String.fetchAll(db, sql: "SELECT day FROM dailyLog WHERE mood IS NOT NULL").compactMap(
                    DayKey.init(string:)))
        }
    }

    public func trackerDaysWithValue(trackerIDs: [String]) async throws -> Set<String> {
        guard !trackerIDs.isEmpty else { return [] }
        return try await writer.read { db in
            let marks = Array(repeating: "?", count: trackerIDs.count).joined(separator: ",")
            return Set(
                try String.fetchAll(
                    db, sql: "SELECT trackerID || '/' || day FROM trackerValue WHERE trackerID IN (\(marks))",
                    arguments: StatementArguments(trackerIDs)))
        }
    }

    public func applyImport(_ plan: ImportPlan, at now: Date) async throws {
        try await bulkWrite { db in
            let remember = try db.cachedStatement(sql: AppDatabase.rememberImported)
            func note(_ kind: String, _ sourceID: String, _ localID: String) throws {
                try remember.execute(arguments: [plan.source.rawValue, kind, sourceID, localID, now])
            }
            // Photo rows were written as uploads are; the import remembers where they came from.
            for (sourceID, photo) in plan.photos { try note("photo", sourceID, photo.id) }
            var position =
                (try Int.fetchOne(db, sql: "SELECT MAX(position) FROM tracker WHERE archivedAt IS NULL") ?? -1) + 1
            for (sourceID, tracker, isNew) in plan.trackers {
                if isNew {
                    var tracker = tracker
                    tracker.position = position
                    position += 1
                    try TrackerRecord(tracker).insert(db)
                }
                try note("tracker", sourceID, tracker.id)
            }
            let value = try db.cachedStatement(
                sql: "INSERT OR IGNORE INTO trackerValue (trackerID, day, value, updatedAt) VALUES (?, ?, ?, ?)")
            for item in plan.values {
                try value.execute(arguments: [item.trackerID, item.day.description, item.value, now])
            }
            let lastBefore = try Int64.fetchOne(db, sql: "SELECT MAX(number) FROM journalEntry") ?? 0
            for (sourceID, id, content, plainText) in plan.entries {
                var record = JournalEntryRecord(
                    id: id, content, plainText: plainText, createdAt: now, updatedAt: now, revision: 1)
                try record.insert(db, indexingText: false)
                try note("entry", sourceID, id)
            }
            if !plan.entries.isEmpty { try SearchIndex.insertEntries(db, after: lastBefore) }
            for (sourceID, day, mood) in plan.moods {
                try db.execute(
                    sql: """
                        INSERT INTO dailyLog (day, mood, reflection, updatedAt) VALUES (?, ?, '', ?)
                        ON CONFLICT (day) DO UPDATE SET mood = excluded.mood, updatedAt = excluded.updatedAt
                        WHERE dailyLog.mood IS NULL
                        """, arguments: [day.description, mood, now])
                try note("mood", sourceID, day.description)
            }
            for (key, observation) in plan.weather { try Self.insertWeather(db, key, observation, at: now) }
        }
    }

    /// The weather an imported entry came with, kept as fetched weather is (the first kept for its hour stays).
    fileprivate static func insertWeather(
        _ db: Database, _ key: WeatherKey, _ observation: WeatherObservation, at now: Date
    ) throws {
        try db.cachedStatement(
            sql: """
                INSERT OR IGNORE INTO weatherObservation
                  (latitude, longitude, hour, condition, temperature, high, low, precipitation, wind, fetchedAt)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """
        ).execute(arguments: [
            key.latitude, key.longitude, key.hour, observation.condition.rawValue, observation.temperature,
            observation.high, observation.low, observation.precipitation, observation.wind, now,
        ])
    }

    /// Remembers where an imported item came from (its source, kind and id there) and its id here.
    fileprivate static let rememberImported =
        "INSERT OR REPLACE INTO importedItem (source, kind, sourceID, localID, importedAt) VALUES (?, ?, ?, ?, ?)"

    public func importEntries<T: Sendable>(
        from source: ImportSource, at now: Date, dryRun: Bool,
        _ body: @escaping @Sendable (any ImportEntryWriter) throws -> T
    ) async throws -> T {
        if dryRun {
            return try await writer.read { db in
                try body(try EntryImport(db, source: source, now: now, writes: false))
            }
        }
        return try await bulkWrite { db in
            let writer = try EntryImport(db, source: source, now: now, writes: true)
            let result = try body(writer)
            // The words are indexed together once the rows are in (see `SearchIndex.insertEntries`).
            if writer.inserted > 0 { try SearchIndex.insertEntries(db, after: writer.lastBefore) }
            return result
        }
    }
}

/// An import's entries written one at a time in its transaction.
private final class EntryImport: ImportEntryWriter {
    let db: Database
    let source: ImportSource
    let now: Date
    let writes: Bool
    /// The journal's last entry number before the import: entries past it are this import's.
    let lastBefore: Int64
    private(set) var inserted = 0
    /// `now` as the database keeps it, formatted once for every entry's row.
    private let importedAt: DatabaseValue

    init(_ db: Database, source: ImportSource, now: Date, writes: Bool) throws {
        self.db = db
        self.source = source
        self.now = now
        self.writes = writes
        importedAt = now.databaseValue
        lastBefore = try Int64.fetchOne(db, sql: "SELECT MAX(number) FROM journalEntry") ?? 0
    }

    func importedBefore(_ sourceID: String) throws -> Bool {
        let row = try Row.fetchOne(
            db.cachedStatement(
                sql: """
                    SELECT journalEntry.number FROM importedItem LEFT JOIN journalEntry ON journalEntry.id = localID
                    WHERE source = ? AND kind = 'entry' AND sourceID = ?
                    """), arguments: [source.rawValue, sourceID])
        guard let row else { return false }
        // The same entry twice in one file comes in twice, as the file has it; only an earlier import counts.
        let number: Int64? = row[0]
        return number.map { $0 <= lastBefore } ?? true
    }

    func insert(sourceID: String, id: String, _ entry: ImportPlan.PlannedEntry) throws {
        guard writes else { return }
        var record = JournalEntryRecord(
            id: id, entry.content, plainText: entry.plainText, wordCount: entry.wordCount, createdAt: now,
            updatedAt: now, revision: 1)
        try record.insert(db, indexingText: false)
        try db.cachedStatement(sql: AppDatabase.rememberImported).execute(arguments: [
            source.rawValue, "entry", sourceID, id, importedAt,
        ])
        if let (key, observation) = entry.weather { try AppDatabase.insertWeather(db, key, observation, at: now) }
        inserted += 1
    }
}
