import DaybookCore
import Foundation
import GRDB

extension AppDatabase: StatsStore {
    public func focusDays(from first: DayKey, through last: DayKey, timeZone: TimeZone) async throws
        -> [DayKey: FocusDayTotal]
    {
        try await read(splittingDaysIn: timeZone) { db in try Self.focusDays(db, first...last) }
    }

    static func focusDays(_ db: Database, _ days: ClosedRange<DayKey>) throws -> [DayKey: FocusDayTotal] {
        let rows = try Row.fetchCursor(
            db.cachedStatement(sql: "SELECT day, seconds, sessions, completed FROM focusDay WHERE day BETWEEN ? AND ?"),
            arguments: [days.lowerBound.description, days.upperBound.description])
        var result: [DayKey: FocusDayTotal] = [:]
        while let row = try rows.next() {
            guard let day = DayKey(string: row[0]) else { continue }
            result[day] = FocusDayTotal(seconds: row[1], sessions: row[2], completed: row[3])
        }
        return result
    }

    /// The sums over every day ever.
    public func focusAllTime(timeZone: TimeZone) async throws -> FocusDayTotal {
        try await read(splittingDaysIn: timeZone) { db in try Self.focusAllTime(db) }
    }

    /// The sums over every day, kept beside `focusDay` as sessions are added (summing ten years of days on
    /// every visit cost a millisecond).
    static func focusAllTime(_ db: Database) throws -> FocusDayTotal {
        let row = try Row.fetchOne(db, sql: "SELECT seconds, sessions, completed FROM focusDayZone")
        return FocusDayTotal(seconds: row?[0] ?? 0, sessions: row?[1] ?? 0, completed: row?[2] ?? 0)
    }

    /// Focus per task (by title and colour) for sessions between `start` and `end`, clipped to them.
    public func taskFocus(from start: Date, to end: Date) async throws -> [TaskFocus] {
        try await writer.read { db in try Self.taskFocus(db, from: start, to: end) }
    }

    static func taskFocus(_ db: Database, from start: Date, to end: Date) throws -> [TaskFocus] {
        // Sessions are clipped to the range in proportion to their wall-clock time inside it. The lower
        // bound on startedAt (two days before the range) keeps the search on the index.
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT t.title AS title, t.color AS color,
                       SUM(CASE WHEN julianday(s.endedAt) <= julianday(s.startedAt) THEN s.focusedSeconds
                                ELSE s.focusedSeconds
                                     * (MIN(julianday(s.endedAt), julianday(:end)) - MAX(julianday(s.startedAt), julianday(:start)))
                                     / (julianday(s.endedAt) - julianday(s.startedAt)) END) AS seconds
                FROM focusSession s LEFT JOIN task t ON t.id = s.taskID
                WHERE s.startedAt >= :earliest AND s.startedAt < :end AND s.endedAt > :start
                GROUP BY t.title, t.color
                ORDER BY seconds DESC
                """,
            arguments: ["start": start, "end": end, "earliest": start.addingTimeInterval(-2 * 86_400)])
        return rows.map { row in
            TaskFocus(
                title: row["title"], colorHex: row["color"],
                seconds: Int(((row["seconds"] as Double?) ?? 0).rounded()))
        }
        .filter { $0.seconds > 0 }
    }

    /// The sessions that overlap `start`…`end`.
    public func focusSpans(from start: Date, to end: Date) async throws -> [FocusSpan] {
        try await writer.read { db in try Self.focusSpans(db, from: start, to: end) }
    }

    static func focusSpans(_ db: Database, from start: Date, to end: Date) throws -> [FocusSpan] {
        // Seconds since 1970 straight from SQLite: parsing hundreds of date texts was most of the time.
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT (julianday(startedAt) - 2440587.5) * 86400.0, (julianday(endedAt) - 2440587.5) * 86400.0,
                       focusedSeconds
                FROM focusSession WHERE startedAt >= ? AND startedAt < ? AND endedAt > ?
                """, arguments: [start.addingTimeInterval(-2 * 86_400), end, start])
        var spans: [FocusSpan] = []
        while let row = try rows.next() {
            spans.append(
                FocusSpan(
                    startedAt: Date(timeIntervalSince1970: (row[0] as Double).rounded()),
                    endedAt: Date(timeIntervalSince1970: (row[1] as Double).rounded()), focusedSeconds: row[2]))
        }
        return spans
    }

    /// Runs of days with at least `goalSeconds` of focus, up to `today`.
    public func streaks(goalSeconds: Int, today: DayKey, timeZone: TimeZone) async throws -> Streaks {
        try await read(splittingDaysIn: timeZone) { db in try Self.streaks(db, goalSeconds: goalSeconds, today: today) }
    }

    static func streaks(_ db: Database, goalSeconds: Int, today: DayKey) throws -> Streaks {
        // The days that met the goal, in order (one short text per day), counted into runs. A window
        // function in SQL does the same but sorts and materializes the runs, several times slower.
        let days = try String.fetchCursor(
            db, sql: "SELECT day FROM focusDay WHERE seconds >= ? AND day <= ? ORDER BY day",
            arguments: [max(goalSeconds, 1), today.description])
        var streaks = Streaks()
        var run = 0
        var previous: DayKey?
        while let text = try days.next() {
            guard let day = DayKey(string: text) else { continue }
            run = previous.map { $0.adding(days: 1) == day } == true ? run + 1 : 1
            streaks.longest = max(streaks.longest, run)
            previous = day
        }
        if let previous, previous >= today.adding(days: -1) { streaks.current = run }
        return streaks
    }

    /// Sums for correlating each daily rating with that day's focus minutes, over the rated days in the range.
    public func ratingFocusSums(from first: DayKey, through last: DayKey, timeZone: TimeZone) async throws
        -> [DailyRating: RatingFocusSums]
    {
        try await read(splittingDaysIn: timeZone) { db in try Self.ratingFocusSums(db, first...last) }
    }

    static func ratingFocusSums(_ db: Database, _ days: ClosedRange<DayKey>) throws -> [DailyRating: RatingFocusSums] {
        let (first, last) = (days.lowerBound, days.upperBound)
        // One pass over the rated days (by the ratings index); a rated day without focus counts as zero.
        func sums(_ x: String) -> String {
            """
            COUNT(\(x)), IFNULL(SUM(\(x)), 0), IFNULL(SUM(CASE WHEN \(x) IS NOT NULL THEN y END), 0),
            IFNULL(SUM(\(x) * \(x)), 0), IFNULL(SUM(CASE WHEN \(x) IS NOT NULL THEN y * y END), 0),
            IFNULL(SUM(\(x) * y), 0), IFNULL(AVG(CASE WHEN \(x) >= 4 THEN y END), 0),
            COUNT(CASE WHEN \(x) >= 4 THEN 1 END), IFNULL(AVG(CASE WHEN \(x) <= 2 THEN y END), 0),
            COUNT(CASE WHEN \(x) <= 2 THEN 1 END)
            """
        }
        let row = try Row.fetchOne(
            db,
            sql: """
                WITH pairs AS (
                    SELECT l.sleepQuality AS sleep, l.mood AS mood, IFNULL(f.seconds, 0) / 60.0 AS y
                    FROM dailyLog l LEFT JOIN focusDay f ON f.day = l.day
                    WHERE l.day BETWEEN ? AND ? AND (l.sleepQuality IS NOT NULL OR l.mood IS NOT NULL)
                )
                SELECT \(sums("sleep")), \(sums("mood")) FROM pairs
                """, arguments: [first.description, last.description])
        guard let row else { return [:] }
        func read(_ offset: Int) -> RatingFocusSums {
            RatingFocusSums(
                count: row[offset], sumX: row[offset + 1], sumY: row[offset + 2], sumXX: row[offset + 3],
                sumYY: row[offset + 4], sumXY: row[offset + 5], high: (row[offset + 6], row[offset + 7]),
                low: (row[offset + 8], row[offset + 9]))
        }
        return [.sleep: read(0), .mood: read(10)]
    }

    /// How each active tracker went with the day's focus and mood over `days`.
    ///
    /// - Parameter focus: focus per day, read already for the Dashboard; it holds at least `days`.
    static func trackerInsights(
        _ db: Database, _ days: ClosedRange<DayKey>, focus focusDays: [DayKey: FocusDayTotal], timeZone: TimeZone
    ) throws -> [TrackerInsight] {
        let trackers = try trackers(db).filter { !$0.isArchived }
        guard !trackers.isEmpty else { return [] }
        let snapshot = DatabaseSnapshot(db: db)
        let values = try snapshot.trackerValues(from: days.lowerBound, through: days.upperBound)
        let focus = focusDays.mapValues { Double($0.seconds) / 60 }
        // Moods alone, by the ratings index: the logs' reflections are not needed here.
        var moods: [DayKey: Int] = [:]
        let rows = try Row.fetchCursor(
            db, sql: "SELECT day, mood FROM dailyLog WHERE day BETWEEN ? AND ? AND mood IS NOT NULL",
            arguments: [days.lowerBound.description, days.upperBound.description])
        while let row = try rows.next() {
            if let day = DayKey(string: row[0]) { moods[day] = row[1] }
        }
        return trackers.map {
            TrackerInsight(
                tracker: $0, values: values[$0.id] ?? [:], days: days, focusMinutes: focus, moods: moods,
                timeZone: timeZone)
        }
    }

    /// The first day anything was recorded (a session, a task or a log), or `nil` for an empty journal.
    public func firstRecordedDay(timeZone: TimeZone) async throws -> DayKey? {
        try await read(splittingDaysIn: timeZone) { db in try Self.firstRecordedDay(db) }
    }

    static func firstRecordedDay(_ db: Database) throws -> DayKey? {
        let text = try String.fetchOne(
            db,
            sql: """
                SELECT MIN(day) FROM (
                    SELECT MIN(day) AS day FROM focusDay UNION ALL SELECT MIN(day) FROM task
                    UNION ALL SELECT MIN(day) FROM dailyLog)
                """)
        return text.flatMap(DayKey.init(string:))
    }

    public func statsSnapshot(_ query: StatsQuery) async throws -> StatsSnapshot {
        try await read(splittingDaysIn: query.timeZone) { db in
            var snapshot = StatsSnapshot()
            snapshot.days = try Self.focusDays(db, query.days)
            snapshot.recordDays =
                query.days.contains(query.records.lowerBound) && query.days.contains(query.records.upperBound)
                ? snapshot.days.filter { query.records.contains($0.key) } : try Self.focusDays(db, query.records)
            snapshot.allTime = try Self.focusAllTime(db)
            snapshot.tallies = try Self.taskTallies(db, query.records, calendar: query.calendar)
            snapshot.logs = try Self.dailyLogs(db, query.records)
            snapshot.firstDay = try Self.firstRecordedDay(db)
            snapshot.spans = try Self.focusSpans(db, from: query.hours.lowerBound, to: query.hours.upperBound)
            snapshot.weekTasks = try Self.taskFocus(db, from: query.week.lowerBound, to: query.week.upperBound)
            if query.goalSeconds > 0 {
                snapshot.streaks = try Self.streaks(db, goalSeconds: query.goalSeconds, today: query.today)
            }
            snapshot.ratings = try Self.ratingFocusSums(db, query.insight)
            snapshot.trackers = try Self.trackerInsights(
                db, query.insight, focus: snapshot.days, timeZone: query.timeZone)
            return snapshot
        }
    }

    // MARK: - Focus per day

    static func rebuildFocusDays(_ db: Database, timeZone: TimeZone) throws {
        var days: [DayKey: FocusDayTotal] = [:]
        let rows = try Row.fetchCursor(db, sql: "SELECT startedAt, endedAt, focusedSeconds, outcome FROM focusSession")
        while let row = try rows.next() {
            add(
                FocusSpan(startedAt: row["startedAt"], endedAt: row["endedAt"], focusedSeconds: row["focusedSeconds"]),
                completed: row["outcome"] == FocusOutcome.completed.rawValue, to: &days, timeZone: timeZone)
        }
        try db.execute(sql: "DELETE FROM focusDay")
        let insert = try db.makeStatement(
            sql: "INSERT INTO focusDay (day, seconds, sessions, completed) VALUES (?, ?, ?, ?)")
        for (day, total) in days {
            try insert.execute(arguments: [day.description, total.seconds, total.sessions, total.completed])
        }
        let total = days.values.reduce(into: FocusDayTotal()) {
            $0.seconds += $1.seconds
            $0.sessions += $1.sessions
            $0.completed += $1.completed
        }
        try db.execute(sql: "DELETE FROM focusDayZone")
        try db.execute(
            sql: "INSERT INTO focusDayZone (id, timeZone, seconds, sessions, completed) VALUES (1, ?, ?, ?, ?)",
            arguments: [timeZone.identifier, total.seconds, total.sessions, total.completed])
    }

    /// Adds one new session to `focusDay`, when it has been computed.
    static func recordFocusDays(_ db: Database, session: FocusSession) throws {
        guard let identifier = try String.fetchOne(db, sql: "SELECT timeZone FROM focusDayZone"),
            let timeZone = TimeZone(identifier: identifier)
        else { return }
        var days: [DayKey: FocusDayTotal] = [:]
        add(
            FocusSpan(startedAt: session.startedAt, endedAt: session.endedAt, focusedSeconds: session.focusedSeconds),
            completed: session.outcome == .completed, to: &days, timeZone: timeZone)
        for (day, total) in days {
            try db.execute(
                sql: """
                    INSERT INTO focusDay (day, seconds, sessions, completed) VALUES (?, ?, ?, ?)
                    ON CONFLICT(day) DO UPDATE SET seconds = seconds + excluded.seconds,
                        sessions = sessions + excluded.sessions, completed = completed + excluded.completed
                    """, arguments: [day.description, total.seconds, total.sessions, total.completed])
        }
        try db.execute(
            sql: "UPDATE focusDayZone SET seconds = seconds + ?, sessions = sessions + 1, completed = completed + ?",
            arguments: [session.focusedSeconds, session.outcome == .completed ? 1 : 0])
    }

    /// Forgets `focusDay`, so it is computed again on next use (after writing sessions in bulk).
    static func invalidateFocusDays(_ db: Database) throws {
        try db.execute(sql: "DELETE FROM focusDayZone")
    }

    private static func add(
        _ span: FocusSpan, completed: Bool, to days: inout [DayKey: FocusDayTotal], timeZone: TimeZone
    ) {
        let first = DayKey(date: span.startedAt, timeZone: timeZone)
        for (day, seconds) in span.focusedSecondsByDay(in: timeZone) {
            days[day, default: FocusDayTotal()].seconds += seconds
        }
        days[first, default: FocusDayTotal()].sessions += 1
        if completed { days[first, default: FocusDayTotal()].completed += 1 }
    }
}
