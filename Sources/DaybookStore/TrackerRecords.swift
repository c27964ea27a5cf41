import DaybookCore
import Foundation
import GRDB

/// A row of the `tracker` table.
struct TrackerRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "tracker"

    var id: String
    var name: String
    var nameKey: String
    var kind: String
    var unit: String?
    var unitLabel: String?
    var targetComparison: String?
    var targetValue: Double?
    var color: String
    var position: Int
    var createdAt: Date
    var archivedAt: Date?
    var frequencyTimes: Int
    var frequencyDays: Int
    var note: String?

    init(_ tracker: Tracker) {
        id = tracker.id
        name = tracker.name
        nameKey = Self.nameKey(tracker.name)
        kind = tracker.kind.rawValue
        (unit, unitLabel) = (tracker.unit?.stored.name, tracker.unit?.stored.label)
        targetComparison = tracker.target?.comparison.rawValue
        targetValue = tracker.target?.value
        color = tracker.color
        position = tracker.position
        createdAt = tracker.createdAt
        archivedAt = tracker.archivedAt
        frequencyTimes = tracker.frequency.times
        frequencyDays = tracker.frequency.days
        note = tracker.note
    }

    init(row: Row) throws {
        id = row["id"]
        name = row["name"]
        nameKey = row["nameKey"]
        kind = row["kind"]
        unit = row["unit"]
        unitLabel = row["unitLabel"]
        targetComparison = row["targetComparison"]
        targetValue = row["targetValue"]
        color = row["color"]
        position = row["position"]
        createdAt = row["createdAt"]
        archivedAt = row["archivedAt"]
        frequencyTimes = row["frequencyTimes"]
        frequencyDays = row["frequencyDays"]
        note = row["note"]
    }

    /// Names compare without case or surrounding space: "Water" and "water " are the same tracker.
    static func nameKey(_ name: String) -> String {
        name.trimmingWhiteSpace().lowercased()
    }

    /// The domain value, or `nil` for a row this version cannot read.
    var tracker: Tracker? {
        guard let kind = TrackerKind(rawValue: kind) else { return nil }
        let unit = TrackerUnit(stored: self.unit, label: unitLabel)
        var target: TrackerTarget?
        if let comparison = targetComparison.flatMap(TrackerTarget.Comparison.init(rawValue:)), let targetValue {
            target = TrackerTarget(comparison, targetValue)
        }
        // A frequency this version cannot keep reads as every day rather than losing the tracker.
        let frequency = (try? TrackerFrequency(times: frequencyTimes, days: frequencyDays)) ?? .daily
        return Tracker(
            id: id, name: name, kind: kind, unit: unit, target: target, color: color,
            position: position, createdAt: createdAt, archivedAt: archivedAt, frequency: frequency, note: note)
    }
}

extension DatabaseSnapshot {
    func trackers() throws -> [Tracker] {
        try AppDatabase.trackers(db)
    }

    func trackerValues(on day: DayKey) throws -> [String: Double] {
        let rows = try Row.fetchCursor(
            db.cachedStatement(sql: "SELECT trackerID, value FROM trackerValue WHERE day = ?"),
            arguments: [day.description])
        var values: [String: Double] = [:]
        while let row = try rows.next() { values[row[0]] = row[1] }
        return values
    }

    func trackerValues(trackerID: String, from first: DayKey, through last: DayKey) throws -> [DayKey: Double] {
        try AppDatabase.trackerValues(db, trackerID: trackerID, first...last)
    }

    func trackerValues(from first: DayKey, through last: DayKey) throws -> [String: [DayKey: Double]] {
        let rows = try Row.fetchCursor(
            db.cachedStatement(sql: "SELECT trackerID, day, value FROM trackerValue WHERE day BETWEEN ? AND ?"),
            arguments: [first.description, last.description])
        var values: [String: [DayKey: Double]] = [:]
        while let row = try rows.next() {
            guard let day = DayKey(string: row[1]) else { continue }
            values[row[0], default: [:]][day] = row[2]
        }
        return values
    }
}

extension AppDatabase: TrackerStore {
    static func trackers(_ db: Database) throws -> [Tracker] {
        try TrackerRecord.fetchAll(
            db.cachedStatement(
                sql:
                    "SELECT * FROM tracker ORDER BY archivedAt IS NOT NULL, IIF(archivedAt IS NULL, position, 0), nameKey"
            )
        ).compactMap(\.tracker)
    }

    static func trackerValues(_ db: Database, trackerID: String, _ days: ClosedRange<DayKey>) throws -> [DayKey: Double]
    {
        let rows = try Row.fetchCursor(
            db.cachedStatement(sql: "SELECT day, value FROM trackerValue WHERE trackerID = ? AND day BETWEEN ? AND ?"),
            arguments: [trackerID, days.lowerBound.description, days.upperBound.description])
        var values: [DayKey: Double] = [:]
        while let row = try rows.next() {
            if let day = DayKey(string: row[0]) { values[day] = row[1] }
        }
        return values
    }

    public func trackers() async throws -> [Tracker] {
        try await writer.read { db in try Self.trackers(db) }
    }

    public func tracker(id: String) async throws -> Tracker? {
        try await writer.read { db in try TrackerRecord.fetchOne(db, key: id)?.tracker }
    }

    public func createTracker(_ tracker: Tracker, limit: Int) async throws -> Tracker {
        try await write { db in
            guard try TrackerRecord.fetchCount(db) < limit else { throw TrackerStoreError.tooMany }
            var tracker = tracker
            try Self.checkNameIsFree(db, tracker.name, except: tracker.id)
            let last = try Int.fetchOne(db, sql: "SELECT MAX(position) FROM tracker WHERE archivedAt IS NULL")
            tracker.position = (last ?? -1) + 1
            try TrackerRecord(tracker).insert(db)
            return tracker
        }
    }

    public func updateTracker(_ tracker: Tracker) async throws {
        try await write { db in
            guard let stored = try TrackerRecord.fetchOne(db, key: tracker.id)?.tracker else {
                throw TrackerStoreError.notFound
            }
            try Self.checkNameIsFree(db, tracker.name, except: tracker.id)
            var tracker = tracker
            if stored.isArchived, !tracker.isArchived {
                // A restored tracker comes back at the end of the active ones.
                let last = try Int.fetchOne(db, sql: "SELECT MAX(position) FROM tracker WHERE archivedAt IS NULL")
                tracker.position = (last ?? -1) + 1
            }
            try TrackerRecord(tracker).update(db)
        }
    }

    private static func checkNameIsFree(_ db: Database, _ name: String, except id: String) throws {
        let taken = try Bool.fetchOne(
            db, sql: "SELECT EXISTS (SELECT 1 FROM tracker WHERE nameKey = ? AND id != ?)",
            arguments: [TrackerRecord.nameKey(name), id])
        if taken == true { throw TrackerStoreError.duplicateName }
    }

    public func reorderTrackers(_ ids: [String]) async throws {
        try await write { db in
            let active = try String.fetchAll(
                db, sql: "SELECT id FROM tracker WHERE archivedAt IS NULL ORDER BY position, nameKey")
            let listed = ids.filter(active.contains)
            let order = listed + active.filter { !listed.contains($0) }
            for (position, id) in order.enumerated() {
                try db.execute(sql: "UPDATE tracker SET position = ? WHERE id = ?", arguments: [position, id])
            }
        }
    }

    public func deleteTracker(id: String) async throws -> Bool {
        try await write { db in try TrackerRecord.deleteOne(db, key: id) }
    }

    @discardableResult
    public func setTrackerValue(_ value: Double?, trackerID: String, on day: DayKey, at now: Date, madeAt: Date?)
        async throws -> Double?
    {
        let live = madeAt == nil
        let stamp = madeAt ?? now
        return try await write { db in
            guard try TrackerRecord.exists(db, key: trackerID) else { throw TrackerStoreError.notFound }
            // A value set after `madeAt` (on another device, while this change waited offline) stays.
            if let value {
                try db.execute(
                    sql: """
                        INSERT INTO trackerValue (trackerID, day, value, updatedAt) VALUES (?, ?, ?, ?)
                        ON CONFLICT (trackerID, day) DO UPDATE SET value = excluded.value, updatedAt = excluded.updatedAt
                        WHERE ? OR trackerValue.updatedAt <= excluded.updatedAt
                        """, arguments: [trackerID, day.description, value, stamp, live])
            } else {
                try db.execute(
                    sql: "DELETE FROM trackerValue WHERE trackerID = ? AND day = ? AND (? OR updatedAt <= ?)",
                    arguments: [trackerID, day.description, live, stamp])
            }
            return try Double.fetchOne(
                db, sql: "SELECT value FROM trackerValue WHERE trackerID = ? AND day = ?",
                arguments: [trackerID, day.description])
        }
    }

    public func addTrackerValue(
        _ amount: Double, trackerID: String, on day: DayKey, at now: Date,
        check: @escaping @Sendable (Double) throws -> Double
    ) async throws -> Double {
        try await write { db in
            guard try TrackerRecord.exists(db, key: trackerID) else { throw TrackerStoreError.notFound }
            let standing = try Double.fetchOne(
                db, sql: "SELECT value FROM trackerValue WHERE trackerID = ? AND day = ?",
                arguments: [trackerID, day.description])
            let sum = try check((standing ?? 0) + amount)
            try db.execute(
                sql: """
                    INSERT INTO trackerValue (trackerID, day, value, updatedAt) VALUES (?, ?, ?, ?)
                    ON CONFLICT (trackerID, day) DO UPDATE SET value = excluded.value, updatedAt = excluded.updatedAt
                    """, arguments: [trackerID, day.description, sum, now])
            return sum
        }
    }

    public func trackerValues(trackerID: String, from first: DayKey, through last: DayKey) async throws
        -> [DayKey: Double]
    {
        try await writer.read { db in try Self.trackerValues(db, trackerID: trackerID, first...last) }
    }
}
