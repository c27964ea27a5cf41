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

    public func saveSleepQuality(_ quality: Int, on day: DayKey, at now: Date) async throws {
        try await write { db in
            try db.execute(
                sql: """
                    INSERT INTO dailyLog (day, sleepQuality, updatedAt) VALUES (?, ?, ?)
                    ON CONFLICT (day) DO UPDATE SET sleepQuality = excluded.sleepQuality, updatedAt = excluded.updatedAt
                    """, arguments: [day.description, quality, now])
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
