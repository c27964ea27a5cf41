import DaybookCore
import DaybookTestSupport
import Foundation
import GRDB
import Testing

@testable import DaybookStore

@Suite("One read per page")
struct SnapshotStoreTests {
    let seoul = Fixtures.seoul
    let day = DayKey(string: "2026-11-21")!

    func session(_ start: String, minutes: Int, task: String? = nil) -> FocusSession {
        let startedAt = Date.iso(start)
        return FocusSession(
            taskID: task, startedAt: startedAt, endedAt: startedAt.addingTimeInterval(Double(minutes * 60)),
            focusedSeconds: minutes * 60, pausedSeconds: 0, outcome: .completed, sound: .rain, plannedSeconds: nil)
    }

    @Test("a snapshot answers what the single reads answer, from one transaction")
    func snapshotMatchesReads() async throws {
        let database = try await Fixtures.database(settings: Fixtures.settings())
        let task = PlannedTask(
            id: "t1", title: "Write", notes: "", day: day, start: TimeOfDay(minutes: 540), durationMinutes: 60,
            colorHex: "#2f6f6a", isDone: false, repeatRule: nil, repeatUntil: nil)
        try await database.saveTask(task)
        // 23:30 to 00:30 in Seoul: half of it belongs to the next day.
        try await database.saveTimer(.idle, recording: session("2026-11-21T23:30:00+09:00", minutes: 60, task: "t1"))
        try await database.saveLog(DailyLog(day: day, sleepQuality: 4, updatedAt: .iso("2026-11-21T08:00:00+09:00")))
        let calendar = Calendar.gregorian(in: seoul)
        let interval = DateInterval(start: day.date(in: seoul), end: day.adding(days: 1).date(in: seoul))

        let (tasks, focusDays, totals, log, timer) = try await database.read(splittingDaysIn: seoul) { store in
            (
                try store.tasks(on: day, calendar: calendar),
                try store.focusDays(from: day, through: day.adding(days: 1)),
                try store.focusTotals(in: interval), try store.dailyLog(on: day), try store.timer()
            )
        }
        #expect(tasks.map(\.title) == ["Write"])
        #expect(tasks == (try await database.tasks(on: day, calendar: calendar)))
        #expect(focusDays[day]?.seconds == 1800 && focusDays[day.adding(days: 1)]?.seconds == 1800)
        #expect(totals.secondsByTask["t1"] == 3600)
        #expect(log?.sleepQuality == 4)
        #expect(timer == .idle)
    }

    @Test("focus per day follows the time zone a read asks for, rebuilt once when it changes")
    func splitFollowsZone() async throws {
        let database = try await Fixtures.database(settings: Fixtures.settings())
        try await database.saveTimer(.idle, recording: session("2026-11-21T23:30:00+09:00", minutes: 60))
        let utc = TimeZone(identifier: "UTC")!
        let inSeoul = try await database.read(splittingDaysIn: seoul) { try $0.focusDays(from: day, through: day) }
        let inUTC = try await database.read(splittingDaysIn: utc) { try $0.focusDays(from: day, through: day) }
        // In UTC the whole session falls on the 21st (14:30–15:30).
        #expect(inSeoul[day]?.seconds == 1800)
        #expect(inUTC[day]?.seconds == 3600)
    }

    @Test("the revision grows with every committed write and stays put while only reading")
    func revisionCounts() async throws {
        let database = try await Fixtures.database()
        let start = database.revision
        _ = try await database.loadSettings()
        _ = try await database.read(splittingDaysIn: seoul) { try $0.timer() }
        #expect(database.revision == start + 1)  // the first split of focus per day is written once
        _ = try await database.read(splittingDaysIn: seoul) { try $0.timer() }
        #expect(database.revision == start + 1)
        try await database.saveSettings(Fixtures.settings())
        #expect(database.revision == start + 2)
        await #expect(throws: (any Error).self) {
            try await database.writer.write { db in
                try db.execute(sql: "INSERT INTO nowhere VALUES (1)")  // fails: rolled back
            }
        }
        #expect(database.revision == start + 2)
    }

    @Test("settings are kept in memory: saved settings come back without a read, and a fresh open reads them")
    func settingsKept() async throws {
        let folder = Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = try AppDatabase.open(folder: folder)
        #expect(try await database.loadSettings() == nil)
        var settings = Fixtures.settings(name: "지민", language: .korean)
        try await database.saveSettings(settings)
        #expect(try await database.loadSettings() == settings)
        settings.dailyGoalMinutes = 90
        try await database.saveSettings(settings)
        #expect(try await database.loadSettings()?.dailyGoalMinutes == 90)
        #expect(try await AppDatabase.open(folder: folder).loadSettings() == settings)
    }
}
