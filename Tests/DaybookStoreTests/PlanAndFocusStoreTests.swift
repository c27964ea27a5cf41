import DaybookCore
import DaybookTestSupport
import Foundation
import GRDB
import Testing

@testable import DaybookStore

@Suite("Tasks and focus sessions in SQLite")
struct PlanAndFocusStoreTests {
    var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = Fixtures.seoul
        return calendar
    }
    let saturday = DayKey(string: "2026-11-21")!

    func task(
        _ id: String, _ title: String, day: DayKey, start: String? = nil, minutes: Int? = nil,
        repeating: RepeatRule? = nil
    ) -> PlannedTask {
        PlannedTask(
            id: id, title: title, day: day, start: start.flatMap(TimeOfDay.init(string:)), durationMinutes: minutes,
            repeatRule: repeating)
    }

    @Test("a day lists its own tasks and the repeating ones due that day, timed first by start")
    func tasksOfADay() async throws {
        let database = try await Fixtures.database()
        let friday = saturday.adding(days: -1)
        try await database.saveTask(task("a", "Write", day: saturday, start: "14:00", minutes: 60))
        try await database.saveTask(task("b", "Stretch", day: friday, start: "07:00", minutes: 15, repeating: .daily))
        try await database.saveTask(
            task("c", "Standup", day: friday, start: "09:30", minutes: 15, repeating: .weekdays))
        try await database.saveTask(task("d", "Call mum", day: saturday))
        try await database.saveTask(task("e", "Tomorrow", day: saturday.adding(days: 1), start: "08:00", minutes: 30))
        let titles = try await database.tasks(on: saturday, calendar: calendar).map(\.title)
        #expect(titles == ["Stretch", "Write", "Call mum"])
        let monday = try await database.tasks(on: saturday.adding(days: 2), calendar: calendar).map(\.title)
        #expect(monday == ["Stretch", "Standup"])
        #expect(try await database.tasks(on: friday.adding(days: -1), calendar: calendar).isEmpty)
    }

    @Test("a repeating task is done per occurrence; a single task is done once")
    func doneFlags() async throws {
        let database = try await Fixtures.database()
        try await database.saveTask(task("r", "Stretch", day: saturday, start: "07:00", minutes: 15, repeating: .daily))
        try await database.saveTask(task("s", "Write", day: saturday))
        try await database.setDone(true, taskID: "r", on: saturday)
        try await database.setDone(true, taskID: "s", on: saturday)
        let today = try await database.tasks(on: saturday, calendar: calendar)
        #expect(today.allSatisfy { $0.isDone })
        let tomorrow = try await database.tasks(on: saturday.adding(days: 1), calendar: calendar)
        #expect(tomorrow.map(\.isDone) == [false])
        try await database.setDone(false, taskID: "r", on: saturday)
        #expect(try await database.tasks(on: saturday, calendar: calendar).first { $0.id == "r" }?.isDone == false)
    }

    @Test("a saved task comes back exactly, and deleting it takes its completions along")
    func roundTripAndDelete() async throws {
        let database = try await Fixtures.database()
        var original = task(
            "w", "Deep work", day: saturday, start: "09:05", minutes: 95, repeating: .weekly([.monday, .friday]))
        original.notes = "Chapter 3"
        original.colorHex = "#b03a2e"
        try await database.saveTask(original)
        #expect(try await database.task(id: "w") == original)
        try await database.setDone(true, taskID: "w", on: saturday)
        #expect(try await database.deleteTask(id: "w"))
        #expect(try await !database.deleteTask(id: "w"))
        let completions = try await database.writer.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM taskCompletion")
        }
        #expect(completions == 0)
    }

    @Test("the timer survives a restart: saved running, loaded later, the elapsed time is right to the second")
    func timerSurvivesRestart() async throws {
        let folder = Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let start = Date.iso("2026-11-21T09:00:00+09:00")
        let running = try FocusTimer.idle.start(mode: .countdown(seconds: 1500), taskID: nil, sound: .rain, at: start)
        try await AppDatabase.open(folder: folder).saveTimer(running, recording: nil)

        let reopened = try AppDatabase.open(folder: folder)
        let loaded = try await reopened.loadTimer()
        #expect(loaded.phase == .running)
        #expect(loaded.elapsed(at: start.addingTimeInterval(600)) == 600)
        #expect(try await Fixtures.database().loadTimer() == .idle)
    }

    @Test("a finished session is recorded with the timer in one transaction; totals come from SQL")
    func sessionsAndTotals() async throws {
        let database = try await Fixtures.database()
        try await database.saveTask(task("a", "Write", day: saturday, start: "09:00", minutes: 60))
        let nine = Date.iso("2026-11-21T09:00:00+09:00")
        func session(_ taskID: String?, at start: Date, seconds: Int) -> FocusSession {
            FocusSession(
                taskID: taskID, startedAt: start, endedAt: start.addingTimeInterval(TimeInterval(seconds)),
                focusedSeconds: seconds, pausedSeconds: 0, outcome: .completed, sound: .rain, plannedSeconds: seconds)
        }
        try await database.saveTimer(.idle, recording: session("a", at: nine, seconds: 1500))
        try await database.saveTimer(.idle, recording: session("a", at: nine.addingTimeInterval(3600), seconds: 600))
        try await database.saveTimer(.idle, recording: session(nil, at: nine.addingTimeInterval(7200), seconds: 300))
        try await database.saveTimer(.idle, recording: session("gone", at: nine.addingTimeInterval(9000), seconds: 60))
        try await database.saveTimer(.idle, recording: session("a", at: nine.addingTimeInterval(86_400), seconds: 900))

        let day = DateInterval(
            start: saturday.date(in: Fixtures.seoul), end: saturday.adding(days: 1).date(in: Fixtures.seoul))
        let totals = try await database.focusTotals(in: day)
        #expect(totals.seconds == 1500 + 600 + 300 + 60)
        #expect(totals.sessions == 4)
        #expect(totals.secondsByTask == ["a": 2100])
        #expect(try await database.sessions(in: day).map(\.focusedSeconds) == [1500, 600, 300, 60])

        // Deleting a task keeps its sessions, unlinked.
        _ = try await database.deleteTask(id: "a")
        #expect(try await database.focusTotals(in: day).seconds == 2460)
    }
}
