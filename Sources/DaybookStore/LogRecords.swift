import DaybookCore
import Foundation
import GRDB

/// A row of the `dailyLog` table.
struct DailyLogRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "dailyLog"

    var day: String
    var sleepQuality: Int?
    var mood: Int?
    var reflection: String
    var updatedAt: Date

    init(day: String, sleepQuality: Int?, mood: Int?, reflection: String, updatedAt: Date) {
        self.day = day
        self.sleepQuality = sleepQuality
        self.mood = mood
        self.reflection = reflection
        self.updatedAt = updatedAt
    }

    /// Read by column, not through `Decodable`: the log is read on every Today and Daily Log page.
    init(row: Row) throws {
        day = row["day"]
        sleepQuality = row["sleepQuality"]
        mood = row["mood"]
        reflection = row["reflection"]
        updatedAt = row["updatedAt"]
    }

    /// The domain value, or `nil` for a row this version cannot read.
    var log: DailyLog? {
        guard let key = DayKey(string: day) else { return nil }
        let rating = DailyLog.Limits.rating
        return DailyLog(
            day: key, sleepQuality: sleepQuality.flatMap { rating.contains($0) ? $0 : nil },
            mood: mood.flatMap { rating.contains($0) ? $0 : nil }, reflection: reflection, updatedAt: updatedAt)
    }
}

extension DatabaseSnapshot {
    func dailyLog(on day: DayKey) throws -> DailyLog? {
        try DailyLogRecord.fetchOne(
            db.cachedStatement(sql: "SELECT * FROM dailyLog WHERE day = ?"), arguments: [day.description])?.log
    }
}

extension AppDatabase: DailyLogStore {
    public func dailyLog(on day: DayKey) async throws -> DailyLog? {
        try await writer.read { db in try DatabaseSnapshot(db: db).dailyLog(on: day) }
    }

    public func saveSleepQuality(_ quality: Int, on day: DayKey, madeAt: Date?, at now: Date) async throws {
        _ = try await changeLog(DailyLogChange(sleepQuality: .some(quality)), on: day, madeAt: madeAt, at: now)
    }

    public func changeLog(_ change: DailyLogChange, on day: DayKey, madeAt: Date?, at now: Date) async throws
        -> DailyLog?
    {
        let stamp = madeAt ?? now
        return try await write { db in
            let row = try Row.fetchOne(db, sql: "SELECT * FROM dailyLog WHERE day = ?", arguments: [day.description])
            var record =
                try row.map(DailyLogRecord.init(row:))
                ?? DailyLogRecord(day: day.description, sleepQuality: nil, mood: nil, reflection: "", updatedAt: stamp)
            // A field changed after `madeAt` keeps its value.
            func changedLater(_ column: String) -> Bool {
                guard let madeAt, let at: Date = row?[column] else { return false }
                return at > madeAt
            }
            var applied: [String] = []
            if let value = change.sleepQuality, !changedLater("sleepQualityAt") {
                record.sleepQuality = value
                applied.append("sleepQualityAt")
            }
            if let value = change.mood, !changedLater("moodAt") {
                record.mood = value
                applied.append("moodAt")
            }
            if let value = change.reflection, !changedLater("reflectionAt") {
                record.reflection = value
                applied.append("reflectionAt")
            }
            guard !applied.isEmpty else { return record.log }
            record.updatedAt = max(row?["updatedAt"] ?? stamp, stamp)
            if record.log?.isEmpty ?? true {
                try DailyLogRecord.deleteOne(db, key: record.day)
                return nil
            }
            try record.upsert(db)
            try db.execute(
                sql: "UPDATE dailyLog SET \(applied.map { "\($0) = :at" }.joined(separator: ", ")) WHERE day = :day",
                arguments: ["at": stamp, "day": record.day])
            return record.log
        }
    }
}

extension AppDatabase {
    public func saveLog(_ log: DailyLog) async throws {
        try await write { db in
            if log.isEmpty {
                try DailyLogRecord.deleteOne(db, key: log.day.description)
            } else {
                try DailyLogRecord(
                    day: log.day.description, sleepQuality: log.sleepQuality, mood: log.mood,
                    reflection: log.reflection, updatedAt: log.updatedAt
                ).upsert(db)
            }
        }
    }

    public func dailyLogs(from first: DayKey, through last: DayKey) async throws -> [DayKey: DailyLog] {
        try await writer.read { db in try Self.dailyLogs(db, first...last) }
    }

    static func dailyLogs(_ db: Database, _ days: ClosedRange<DayKey>) throws -> [DayKey: DailyLog] {
        let records = try DailyLogRecord.filter(
            Column("day") >= days.lowerBound.description && Column("day") <= days.upperBound.description
        ).fetchAll(db)
        return Dictionary(records.compactMap { $0.log.map { ($0.day, $0) } }, uniquingKeysWith: { a, _ in a })
    }

    /// Every log, oldest first, for export.
    public func allDailyLogs() async throws -> [DailyLog] {
        try await writer.read(Self.allDailyLogs)
    }

    static func allDailyLogs(_ db: Database) throws -> [DailyLog] {
        try DailyLogRecord.order(Column("day")).fetchAll(db).compactMap(\.log)
    }
}
