import DaybookCore
import Foundation
import GRDB

/// A row of the `focusSession` table.
struct FocusSessionRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "focusSession"

    var id: Int64?
    var taskID: String?
    var startedAt: Date
    var endedAt: Date
    var focusedSeconds: Int
    var pausedSeconds: Int
    var outcome: String
    var sound: String
    var plannedSeconds: Int?

    init(_ session: FocusSession) {
        taskID = session.taskID
        startedAt = session.startedAt
        endedAt = session.endedAt
        focusedSeconds = session.focusedSeconds
        pausedSeconds = session.pausedSeconds
        outcome = session.outcome.rawValue
        sound = session.sound.rawValue
        plannedSeconds = session.plannedSeconds
    }

    var session: FocusSession {
        FocusSession(
            taskID: taskID, startedAt: startedAt, endedAt: endedAt, focusedSeconds: focusedSeconds,
            pausedSeconds: pausedSeconds, outcome: FocusOutcome(rawValue: outcome) ?? .stoppedEarly,
            sound: AmbientSound(rawValue: sound) ?? .none, plannedSeconds: plannedSeconds)
    }
}

extension DatabaseSnapshot {
    func timer() throws -> FocusTimer {
        let json = try String.fetchOne(db.cachedStatement(sql: "SELECT state FROM focusTimer WHERE id = 1"))
        // A state this version cannot read (written by a newer one) is treated as idle rather than failing.
        guard let json, let timer = try? JSONDecoder().decode(FocusTimer.self, from: Data(json.utf8)) else {
            return .idle
        }
        return timer
    }

    func focusTotals(in interval: DateInterval) throws -> FocusTotals {
        let rows = try Row.fetchCursor(
            db.cachedStatement(
                sql: """
                    SELECT taskID, SUM(focusedSeconds) AS seconds, COUNT(*) AS sessions FROM focusSession
                    WHERE startedAt >= ? AND startedAt < ? GROUP BY taskID
                    """), arguments: [interval.start, interval.end])
        var totals = FocusTotals()
        while let row = try rows.next() {
            let seconds: Int = row[1]
            totals.seconds += seconds
            totals.sessions += row[2] as Int
            if let taskID: String = row[0] { totals.secondsByTask[taskID] = seconds }
        }
        return totals
    }
}

extension AppDatabase: FocusStore {
    public func loadTimer() async throws -> FocusTimer {
        try await writer.read { db in try DatabaseSnapshot(db: db).timer() }
    }

    /// Saves the timer and the session it finished, whatever was stored: for setting up a state (tests, demo data).
    /// Scenes move the timer with `transitionTimer`, which checks what it read.
    public func saveTimer(_ timer: FocusTimer, recording session: FocusSession?) async throws {
        try await write { db in try Self.save(timer, recording: [session].compactMap { $0 }, db) }
    }

    public func transitionTimer<Outcome: Sendable>(
        _ change: @escaping @Sendable (FocusTimer) throws -> TimerTransition<Outcome>
    ) async throws -> Outcome {
        try await write { db in
            let stored = try DatabaseSnapshot(db: db).timer()
            let next = try change(stored)
            if next.timer != stored || !next.finished.isEmpty {
                try Self.save(next.timer, recording: next.finished, db)
            }
            return next.outcome
        }
    }

    private static func save(_ timer: FocusTimer, recording sessions: [FocusSession], _ db: Database) throws {
        for session in sessions {
            var record = FocusSessionRecord(session)
            // A session may outlive its task: the link is dropped rather than the session.
            if let taskID = record.taskID, try TaskRecord.exists(db, key: taskID) == false { record.taskID = nil }
            try record.insert(db)
            try recordFocusDays(db, session: session)
        }
        let json = String(decoding: try JSONEncoder().encode(timer), as: UTF8.self)
        try db.execute(
            sql: """
                INSERT INTO focusTimer (id, state) VALUES (1, ?)
                ON CONFLICT(id) DO UPDATE SET state = excluded.state
                """, arguments: [json])
    }

    public func focusTotals(in interval: DateInterval) async throws -> FocusTotals {
        try await writer.read { db in try DatabaseSnapshot(db: db).focusTotals(in: interval) }
    }

    public func sessions(in interval: DateInterval) async throws -> [FocusSession] {
        try await writer.read { db in
            try FocusSessionRecord
                .filter(Column("startedAt") >= interval.start && Column("startedAt") < interval.end)
                .order(Column("startedAt"))
                .fetchAll(db).map(\.session)
        }
    }
}

extension AppDatabase {
    /// A session as exported: the task's title beside its id.
    public struct ExportedSession: Sendable {
        public var session: FocusSession
        public var taskTitle: String?
    }

    /// Every session, oldest first, for export.
    public func allSessions() async throws -> [ExportedSession] {
        try await writer.read(Self.allSessions)
    }

    static func allSessions(_ db: Database) throws -> [ExportedSession] {
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT s.*, t.title AS taskTitle FROM focusSession s LEFT JOIN task t ON t.id = s.taskID
                ORDER BY s.startedAt
                """)
        var sessions: [ExportedSession] = []
        while let row = try rows.next() {
            sessions.append(
                ExportedSession(session: try FocusSessionRecord(row: row).session, taskTitle: row["taskTitle"]))
        }
        return sessions
    }
}
