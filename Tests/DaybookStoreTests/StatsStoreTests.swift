import DaybookCore
import DaybookTestSupport
import Foundation
import Testing

@testable import DaybookStore

@Suite("Statistics from SQLite")
struct StatsStoreTests {
    let seoul = Fixtures.seoul
    let newYork = TimeZone(identifier: "America/New_York")!

    func session(_ start: String, _ end: String, focused: Int, outcome: FocusOutcome = .completed, task: String? = nil)
        -> FocusSession
    {
        FocusSession(
            taskID: task, startedAt: .iso(start), endedAt: .iso(end), focusedSeconds: focused, pausedSeconds: 0,
            outcome: outcome, sound: .rain, plannedSeconds: nil)
    }

    func record(_ sessions: [FocusSession], in database: AppDatabase) async throws {
        for session in sessions { try await database.saveTimer(.idle, recording: session) }
    }

    func day(_ text: String) -> DayKey { DayKey(string: text)! }

    @Test("a session across midnight counts on each day for the part spent on it, and once as a session")
    func midnight() async throws {
        let database = try await Fixtures.database()
        try await record(
            [
                session("2026-11-20T23:30:00+09:00", "2026-11-21T00:30:00+09:00", focused: 3600),
                session(
                    "2026-11-21T09:00:00+09:00", "2026-11-21T09:25:00+09:00", focused: 1500, outcome: .stoppedEarly),
            ], in: database)
        let days = try await database.focusDays(from: day("2026-11-19"), through: day("2026-11-22"), timeZone: seoul)
        #expect(days[day("2026-11-20")] == FocusDayTotal(seconds: 1800, sessions: 1, completed: 1))
        #expect(days[day("2026-11-21")] == FocusDayTotal(seconds: 3300, sessions: 1, completed: 0))
        #expect(days[day("2026-11-19")] == nil)
        #expect(
            try await database.focusAllTime(timeZone: seoul) == FocusDayTotal(seconds: 5100, sessions: 2, completed: 1))

        // Seen from UTC the first session lies within the 20th (14:30–15:30); the table is recomputed.
        let utc = try await database.focusDays(
            from: day("2026-11-19"), through: day("2026-11-22"), timeZone: TimeZone(identifier: "UTC")!)
        #expect(utc[day("2026-11-20")] == FocusDayTotal(seconds: 3600, sessions: 1, completed: 1))
        #expect(utc[day("2026-11-21")] == FocusDayTotal(seconds: 1500, sessions: 1, completed: 0))
        // Recorded after the table was computed: added to it as it is saved.
        try await record([session("2026-11-21T01:00:00Z", "2026-11-21T01:10:00Z", focused: 600)], in: database)
        let later = try await database.focusDays(
            from: day("2026-11-21"), through: day("2026-11-21"), timeZone: TimeZone(identifier: "UTC")!)
        #expect(later[day("2026-11-21")] == FocusDayTotal(seconds: 2100, sessions: 2, completed: 1))
        #expect(
            try await database.focusAllTime(timeZone: TimeZone(identifier: "UTC")!)
                == FocusDayTotal(seconds: 5700, sessions: 3, completed: 2))
    }

    @Test("daylight saving: a 23-hour day and a session across the shift are counted by real time")
    func daylightSaving() async throws {
        let database = try await Fixtures.database()
        // New York springs forward on 2026-03-08 at 02:00 (EST, UTC−5 → EDT, UTC−4).
        try await record(
            [
                // 23:00 EST on the 7th to 01:00 EST on the 8th: an hour each side of midnight.
                session("2026-03-08T04:00:00Z", "2026-03-08T06:00:00Z", focused: 7200),
                // 01:30 EST to 03:30 EDT is one real hour.
                session("2026-03-08T06:30:00Z", "2026-03-08T07:30:00Z", focused: 3600),
                // 23:30 EDT on the 8th to 00:30 EDT on the 9th.
                session("2026-03-09T03:30:00Z", "2026-03-09T04:30:00Z", focused: 3000),
            ], in: database)
        let days = try await database.focusDays(from: day("2026-03-07"), through: day("2026-03-09"), timeZone: newYork)
        #expect(days[day("2026-03-07")]?.seconds == 3600)
        #expect(days[day("2026-03-08")]?.seconds == 3600 + 3600 + 1500)
        #expect(days[day("2026-03-09")]?.seconds == 1500)
        #expect(days[day("2026-03-08")]?.sessions == 2)
    }

    @Test("streaks: the current run may end yesterday while today is open; the longest is kept")
    func streaks() async throws {
        let database = try await Fixtures.database()
        let today = day("2026-11-21")
        func on(_ offset: Int, minutes: Int) -> FocusSession {
            let start = today.adding(days: offset).date(in: seoul).addingTimeInterval(9 * 3600)
            return FocusSession(
                taskID: nil, startedAt: start, endedAt: start.addingTimeInterval(Double(minutes * 60)),
                focusedSeconds: minutes * 60, pausedSeconds: 0, outcome: .completed, sound: .none, plannedSeconds: nil)
        }
        #expect(try await database.streaks(goalSeconds: 3600, today: today, timeZone: seoul) == Streaks())
        try await record(
            [
                on(-6, minutes: 60), on(-5, minutes: 90), on(-4, minutes: 61), on(-3, minutes: 59), on(-1, minutes: 30),
                on(-1, minutes: 30), on(0, minutes: 20),
            ], in: database)
        // Three in a row (−6…−4), a short day, then yesterday met by two sessions; today not yet.
        #expect(
            try await database.streaks(goalSeconds: 3600, today: today, timeZone: seoul)
                == Streaks(current: 1, longest: 3))
        try await record([on(0, minutes: 45)], in: database)
        #expect(
            try await database.streaks(goalSeconds: 3600, today: today, timeZone: seoul)
                == Streaks(current: 2, longest: 3))
        // Two days later without focus, the current run is over.
        #expect(
            try await database.streaks(goalSeconds: 3600, today: today.adding(days: 2), timeZone: seoul)
                == Streaks(current: 0, longest: 3))
        // Days after `today` never count.
        #expect(
            try await database.streaks(goalSeconds: 3600, today: today.adding(days: -5), timeZone: seoul)
                == Streaks(current: 2, longest: 2))
    }

    @Test("sleep and focus sums match the hand-computed pairs, a rated day without focus counting as zero")
    func correlationSums() async throws {
        let database = try await Fixtures.database()
        let first = day("2026-11-01")
        let ratings = [5, 4, 2, 1, 3, 4]
        let minutes = [120, 90, 30, 0, 60, 100]
        for (index, (rating, focus)) in zip(ratings, minutes).enumerated() {
            let date = first.adding(days: index)
            try await database.saveLog(
                DailyLog(day: date, sleepQuality: rating, updatedAt: .iso("2026-11-21T08:00:00Z")))
            guard focus > 0 else { continue }
            let start = date.date(in: seoul).addingTimeInterval(10 * 3600)
            try await record(
                [
                    FocusSession(
                        taskID: nil, startedAt: start, endedAt: start.addingTimeInterval(Double(focus * 60)),
                        focusedSeconds: focus * 60, pausedSeconds: 0, outcome: .completed, sound: .none,
                        plannedSeconds: nil)
                ], in: database)
        }
        // A mood-only day is left out of the sleep sums; days outside the range are left out of both.
        try await database.saveLog(
            DailyLog(day: first.adding(days: 6), mood: 3, updatedAt: .iso("2026-11-21T08:00:00Z")))
        try await database.saveLog(
            DailyLog(day: day("2026-11-30"), sleepQuality: 5, updatedAt: .iso("2026-11-21T08:00:00Z")))
        try await database.saveLog(
            DailyLog(day: day("2026-10-31"), sleepQuality: 1, updatedAt: .iso("2026-11-21T08:00:00Z")))
        let both = try await database.ratingFocusSums(from: first, through: day("2026-11-21"), timeZone: seoul)
        let sums = try #require(both[.sleep])
        #expect(both[.mood] == RatingFocusSums(pairs: [(3, 0)]))
        let expected = RatingFocusSums(pairs: zip(ratings, minutes).map { (Double($0), Double($1)) })
        #expect(sums == expected)
        #expect(sums.high.days == 3 && sums.low.days == 2)
        #expect(abs(sums.high.minutes - 310.0 / 3) < 1e-9)
        let r = try #require(sums.pearson)
        #expect(r > 0.9)
    }

    @Test("tasks planned and done per day count each occurrence of a series, skipped days left out")
    func tallies() async throws {
        let database = try await Fixtures.database()
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = seoul
        let monday = day("2026-11-16")
        try await database.saveTask(PlannedTask(id: "run", title: "Run", day: monday, repeatRule: .daily))
        try await database.saveTask(PlannedTask(id: "one", title: "Call", day: monday.adding(days: 1), isDone: true))
        try await database.saveTask(PlannedTask(id: "two", title: "Read", day: monday.adding(days: 1)))
        try await database.setDone(true, taskID: "run", on: monday.adding(days: 1))
        try await database.detachOccurrence(of: "run", on: monday.adding(days: 2), replacement: nil)
        let tallies = try await database.taskTallies(
            from: monday.adding(days: -1), through: monday.adding(days: 3), calendar: calendar)
        #expect(tallies[monday.adding(days: -1)] == nil)
        #expect(tallies[monday] == TaskTally(done: 0, planned: 1))
        #expect(tallies[monday.adding(days: 1)] == TaskTally(done: 2, planned: 3))
        #expect(tallies[monday.adding(days: 2)] == nil)
        #expect(tallies[monday.adding(days: 3)] == TaskTally(done: 0, planned: 1))
    }

    @Test("focus per task is clipped to the week and grouped by title and colour")
    func perTask() async throws {
        let database = try await Fixtures.database()
        let monday = day("2026-11-16")
        try await database.saveTask(PlannedTask(id: "w", title: "Write", day: monday, colorHex: "#3366cc"))
        try await record(
            [
                session("2026-11-16T09:00:00+09:00", "2026-11-16T10:00:00+09:00", focused: 3600, task: "w"),
                // Sunday 23:00 → Monday 01:00: half of it belongs to this week.
                session("2026-11-15T23:00:00+09:00", "2026-11-16T01:00:00+09:00", focused: 7200, task: "w"),
                session("2026-11-17T09:00:00+09:00", "2026-11-17T09:20:00+09:00", focused: 1200),
                session("2026-11-23T09:00:00+09:00", "2026-11-23T10:00:00+09:00", focused: 3600, task: "w"),
            ], in: database)
        let rows = try await database.taskFocus(
            from: monday.date(in: seoul), to: monday.adding(days: 7).date(in: seoul))
        #expect(
            rows == [
                TaskFocus(title: "Write", colorHex: "#3366cc", seconds: 7200),
                TaskFocus(title: nil, colorHex: nil, seconds: 1200),
            ])
    }

    @Test("a daily log round-trips; clearing everything removes it")
    func dailyLogRoundTrip() async throws {
        let database = try await Fixtures.database()
        let saturday = day("2026-11-21")
        let log = DailyLog(
            day: saturday, sleepQuality: 4, mood: 2, reflection: "Slow start, *good* evening.",
            updatedAt: .iso("2026-11-21T22:00:00+09:00"))
        try await database.saveLog(log)
        #expect(try await database.dailyLog(on: saturday) == log)
        #expect(try await database.dailyLogs(from: saturday.adding(days: -3), through: saturday) == [saturday: log])
        try await database.saveLog(DailyLog(day: saturday, updatedAt: .iso("2026-11-21T22:05:00+09:00")))
        #expect(try await database.dailyLog(on: saturday) == nil)
    }
}
