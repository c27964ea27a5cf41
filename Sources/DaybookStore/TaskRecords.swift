import DaybookCore
import Foundation
import GRDB

/// A row of the `task` table.
struct TaskRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "task"

    var id: String
    var title: String
    var notes: String
    var day: String
    var startMinute: Int?
    var durationMinutes: Int?
    var color: String
    var isDone: Bool
    var repeatRule: String?
    var repeatUntil: String?

    /// Read by column, not through `Decodable`: a day's tasks are read on every Today and Timeline page.
    init(row: Row) throws {
        id = row["id"]
        title = row["title"]
        notes = row["notes"]
        day = row["day"]
        startMinute = row["startMinute"]
        durationMinutes = row["durationMinutes"]
        color = row["color"]
        isDone = row["isDone"]
        repeatRule = row["repeatRule"]
        repeatUntil = row["repeatUntil"]
    }

    init(_ task: PlannedTask) {
        id = task.id
        title = task.title
        notes = task.notes
        day = task.day.description
        startMinute = task.start?.minutes
        durationMinutes = task.durationMinutes
        color = task.colorHex
        isDone = task.isDone
        repeatRule = task.repeatRule?.description
        repeatUntil = task.repeatUntil?.description
    }

    /// The domain value, or `nil` for a row this version cannot read.
    var task: PlannedTask? {
        guard let day = DayKey(string: day) else { return nil }
        return PlannedTask(
            id: id, title: title, notes: notes, day: day, start: startMinute.flatMap(TimeOfDay.init(minutes:)),
            durationMinutes: durationMinutes, colorHex: color, isDone: isDone,
            repeatRule: repeatRule.flatMap(RepeatRule.init(string:)),
            repeatUntil: repeatUntil.flatMap(DayKey.init(string:)))
    }
}

extension DatabaseSnapshot {
    func tasks(on day: DayKey, calendar: Calendar) throws -> [PlannedTask] {
        let key = day.description
        // `+day`: repeating tasks come from their own small index, not from every task before this day.
        let records = try TaskRecord.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT * FROM task
                    WHERE (day = ? OR (repeatRule IS NOT NULL AND +day <= ? AND (repeatUntil IS NULL OR repeatUntil >= ?)))
                      AND id NOT IN (SELECT taskID FROM taskSkip WHERE day = ?)
                    """), arguments: [key, key, key, key])
        let completed = try String.fetchSet(
            db.cachedStatement(sql: "SELECT taskID FROM taskCompletion WHERE day = ?"), arguments: [key])
        return records.compactMap(\.task)
            .filter { $0.occurs(on: day, calendar: calendar) }
            .map { task in
                var occurrence = task
                if task.repeatRule != nil { occurrence.isDone = completed.contains(task.id) }
                return occurrence
            }
            .sorted { a, b in
                switch (a.start, b.start) {
                case (let x?, let y?): x != y ? x < y : a.title < b.title
                case (.some, nil): true
                case (nil, .some): false
                case (nil, nil): a.title < b.title
                }
            }
    }

    func task(id: String) throws -> PlannedTask? {
        try TaskRecord.fetchOne(db.cachedStatement(sql: "SELECT * FROM task WHERE id = ?"), arguments: [id])?.task
    }
}

extension AppDatabase: TaskStore {
    public func tasks(on day: DayKey, calendar: Calendar) async throws -> [PlannedTask] {
        try await writer.read { db in try DatabaseSnapshot(db: db).tasks(on: day, calendar: calendar) }
    }

    public func task(id: String) async throws -> PlannedTask? {
        try await writer.read { db in try DatabaseSnapshot(db: db).task(id: id) }
    }

    public func saveTask(_ task: PlannedTask) async throws {
        try await write { db in try TaskRecord(task).upsert(db) }
    }

    public func deleteTask(id: String) async throws -> Bool {
        try await write { db in try TaskRecord.deleteOne(db, key: id) }
    }

    public func setDone(_ done: Bool, taskID: String, on day: DayKey) async throws {
        _ = try await setDone(done, taskID: taskID, on: day, madeAt: nil, at: Date())
    }

    public func setDone(_ done: Bool, taskID: String, on day: DayKey, madeAt: Date?, at now: Date) async throws
        -> Bool
    {
        try await write { db in
            guard let record = try TaskRecord.fetchOne(db, key: taskID) else { return false }
            // The occurrence's day for a repeating task; a one-off task has one done state, kept under its own day.
            let occurrence = record.repeatRule == nil ? record.day : day.description
            let stamp = madeAt ?? now
            // A done state set after `madeAt` (on another device, while this change waited offline) stays.
            if madeAt != nil,
                let last = try Date.fetchOne(
                    db, sql: "SELECT madeAt FROM taskDoneChange WHERE taskID = ? AND day = ?",
                    arguments: [taskID, occurrence]), last > stamp
            {
                return true
            }
            try db.execute(
                sql: """
                    INSERT INTO taskDoneChange (taskID, day, madeAt) VALUES (?, ?, ?)
                    ON CONFLICT (taskID, day) DO UPDATE SET madeAt = excluded.madeAt
                    """, arguments: [taskID, occurrence, stamp])
            if record.repeatRule == nil {
                try db.execute(sql: "UPDATE task SET isDone = ? WHERE id = ?", arguments: [done, taskID])
            } else if done {
                try db.execute(
                    sql: "INSERT OR IGNORE INTO taskCompletion (taskID, day) VALUES (?, ?)",
                    arguments: [taskID, day.description])
            } else {
                try db.execute(
                    sql: "DELETE FROM taskCompletion WHERE taskID = ? AND day = ?",
                    arguments: [taskID, day.description])
            }
            return true
        }
    }

    public func addTask(_ task: PlannedTask, madeAt: Date?, at now: Date) async throws -> PlannedTask {
        try await write { db in
            if let stored = try DatabaseSnapshot(db: db).task(id: task.id) { return stored }
            try TaskRecord(task).insert(db)
            try Self.stamp(db, task.id, madeAt ?? now)
            return task
        }
    }

    public func changeTask(
        id: String, madeAt: Date?, at now: Date, _ change: @escaping @Sendable (PlannedTask) throws -> TaskChange
    ) async throws -> TaskChangeOutcome? {
        try await write { db in
            guard let stored = try DatabaseSnapshot(db: db).task(id: id) else { return nil }
            let stamp = madeAt ?? now
            // A version made after `madeAt` (on another device, while this change waited offline) stays.
            if madeAt != nil,
                let current = try Date.fetchOne(db, sql: "SELECT madeAt FROM task WHERE id = ?", arguments: [id]),
                current > stamp
            {
                return .superseded(stored)
            }
            let decided = try change(stored)
            switch decided {
            case .replace(let task):
                try TaskRecord(task).upsert(db)
                try Self.stamp(db, task.id, stamp)
            case .detach(let day, let replacement):
                try Self.detach(db, id, on: day, replacement: replacement)
                try Self.stamp(db, id, stamp)
                if let replacement { try Self.stamp(db, replacement.id, stamp) }
            case .split(let day, let continuation):
                try Self.split(db, id, at: day, continuation: continuation)
                try Self.stamp(db, id, stamp)
                try Self.stamp(db, continuation.id, stamp)
            case .delete:
                _ = try TaskRecord.deleteOne(db, key: id)
            }
            return .made(decided, before: stored)
        }
    }

    /// Records when the task's current version was made.
    private static func stamp(_ db: Database, _ id: String, _ madeAt: Date) throws {
        try db.execute(sql: "UPDATE task SET madeAt = ? WHERE id = ?", arguments: [madeAt, id])
    }

    public func detachOccurrence(of taskID: String, on day: DayKey, replacement: PlannedTask?) async throws {
        try await write { db in try Self.detach(db, taskID, on: day, replacement: replacement) }
    }

    private static func detach(_ db: Database, _ taskID: String, on day: DayKey, replacement: PlannedTask?) throws {
        let key = day.description
        let wasDone =
            try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM taskCompletion WHERE taskID = ? AND day = ?)",
                arguments: [taskID, key]) ?? false
        try db.execute(
            sql: "INSERT OR IGNORE INTO taskSkip (taskID, day) VALUES (?, ?)", arguments: [taskID, key])
        try db.execute(sql: "DELETE FROM taskCompletion WHERE taskID = ? AND day = ?", arguments: [taskID, key])
        if var replacement {
            replacement.isDone = replacement.isDone || wasDone
            try TaskRecord(replacement).upsert(db)
        }
    }

    public func reattachOccurrence(of taskID: String, on day: DayKey, removing replacementID: String?) async throws {
        try await write { db in
            try db.execute(
                sql: "DELETE FROM taskSkip WHERE taskID = ? AND day = ?", arguments: [taskID, day.description])
            if let replacementID { _ = try TaskRecord.deleteOne(db, key: replacementID) }
        }
    }

    public func splitSeries(_ taskID: String, at day: DayKey, continuation: PlannedTask) async throws {
        try await write { db in try Self.split(db, taskID, at: day, continuation: continuation) }
    }

    private static func split(_ db: Database, _ taskID: String, at day: DayKey, continuation: PlannedTask) throws {
        let key = day.description
        try db.execute(
            sql: "UPDATE task SET repeatUntil = ? WHERE id = ?",
            arguments: [day.adding(days: -1).description, taskID])
        try TaskRecord(continuation).upsert(db)
        guard continuation.repeatRule != nil else {
            try db.execute(
                sql:
                    "UPDATE task SET isDone = EXISTS (SELECT 1 FROM taskCompletion WHERE taskID = ? AND day = ?) WHERE id = ?",
                arguments: [taskID, key, continuation.id])
            try db.execute(
                sql: "DELETE FROM taskCompletion WHERE taskID = ? AND day >= ?", arguments: [taskID, key])
            try db.execute(sql: "DELETE FROM taskSkip WHERE taskID = ? AND day >= ?", arguments: [taskID, key])
            return
        }
        for table in ["taskCompletion", "taskSkip"] {
            try db.execute(
                sql: "UPDATE \(table) SET taskID = ? WHERE taskID = ? AND day >= ?",
                arguments: [continuation.id, taskID, key])
        }
    }
}

extension AppDatabase {
    /// Planned and done tasks per day from `first` through `last` (each occurrence of a series counts once).
    public func taskTallies(from first: DayKey, through last: DayKey, calendar: Calendar) async throws
        -> [DayKey: TaskTally]
    {
        guard first <= last else { return [:] }
        return try await writer.read { db in try Self.taskTallies(db, first...last, calendar: calendar) }
    }

    static func taskTallies(_ db: Database, _ days: ClosedRange<DayKey>, calendar: Calendar) throws
        -> [DayKey: TaskTally]
    {
        let (first, last) = (days.lowerBound.description, days.upperBound.description)
        var tallies: [DayKey: TaskTally] = [:]
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT day, COUNT(*), SUM(isDone) FROM task
                WHERE repeatRule IS NULL AND day BETWEEN ? AND ? GROUP BY day
                """, arguments: [first, last])
        while let row = try rows.next() {
            guard let day = DayKey(string: row[0]) else { continue }
            tallies[day] = TaskTally(done: row[2] ?? 0, planned: row[1])
        }
        let series = try TaskRecord.fetchAll(
            db,
            sql: """
                SELECT * FROM task WHERE repeatRule IS NOT NULL AND +day <= ?
                  AND (repeatUntil IS NULL OR repeatUntil >= ?)
                """, arguments: [last, first])
        // (`+day` keeps SQLite on the small index of repeating tasks rather than every task before `last`.)
        // "taskID@day" for each completed and each skipped occurrence in the range.
        func pairs(_ table: String) throws -> Set<String> {
            try String.fetchSet(
                db, sql: "SELECT taskID || '@' || day FROM \(table) WHERE day BETWEEN ? AND ?",
                arguments: [first, last])
        }
        let (done, skipped) = (try pairs("taskCompletion"), try pairs("taskSkip"))
        for task in series.compactMap(\.task) {
            var day = max(days.lowerBound, task.day)
            while day <= days.upperBound {
                let key = "\(task.id)@\(day)"
                if !skipped.contains(key), task.occurs(on: day, calendar: calendar) {
                    tallies[day, default: TaskTally()].planned += 1
                    if done.contains(key) { tallies[day, default: TaskTally()].done += 1 }
                }
                day = day.adding(days: 1)
            }
        }
        return tallies
    }
}
