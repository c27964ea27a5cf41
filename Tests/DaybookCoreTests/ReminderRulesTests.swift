import DaybookCore
import DaybookTestSupport
import Foundation
import Testing

@Suite("Reminders: what falls due, and when")
struct ReminderRulesTests {
    let seoul = Fixtures.seoul
    let today = DayKey(year: 2026, month: 11, day: 23)!

    func at(_ text: String) -> Date { .iso(text) }

    @Test("the daily journal nudge falls due at its time, once a day")
    func journal() {
        let settings = ReminderSettings(journalTime: TimeOfDay(hour: 21, minute: 30))
        let due = ReminderSchedule.due(
            settings, from: at("2026-11-23T21:00:00+09:00"), through: at("2026-11-23T21:31:00+09:00"), days: [today],
            timeZone: seoul, blocks: [], finished: [])
        #expect(due.map(\.key) == ["journal:2026-11-23"])
        #expect(due.first?.dueAt == at("2026-11-23T21:30:00+09:00"))
        // Not before its time, and not again in the next span.
        #expect(
            ReminderSchedule.due(
                settings, from: at("2026-11-23T21:31:00+09:00"), through: at("2026-11-23T23:59:00+09:00"),
                days: [today], timeZone: seoul, blocks: [], finished: []
            ).isEmpty)
        #expect(
            ReminderSchedule.due(
                .none, from: at("2026-11-23T21:00:00+09:00"), through: at("2026-11-23T22:00:00+09:00"),
                days: [today], timeZone: seoul, blocks: [], finished: []
            ).isEmpty)
    }

    @Test("a block's start and a session's end fall due when asked for; a block already done does not")
    func blocksAndFocus() {
        let settings = ReminderSettings(blockStart: true, focusFinished: true)
        let blocks = [
            ReminderSchedule.Block(
                taskID: "t1", title: "Write", startsAt: at("2026-11-23T09:00:00+09:00"), isDone: false),
            ReminderSchedule.Block(
                taskID: "t2", title: "Done early", startsAt: at("2026-11-23T09:30:00+09:00"), isDone: true),
            ReminderSchedule.Block(
                taskID: "t3", title: "Later", startsAt: at("2026-11-23T14:00:00+09:00"), isDone: false),
        ]
        let finished = [
            ReminderSchedule.FinishedSession(sessionID: "s1", title: "Write", endedAt: at("2026-11-23T09:25:00+09:00"))
        ]
        let due = ReminderSchedule.due(
            settings, from: at("2026-11-23T08:59:00+09:00"), through: at("2026-11-23T10:00:00+09:00"), days: [today],
            timeZone: seoul, blocks: blocks, finished: finished)
        #expect(
            due.map(\.kind) == [
                .blockStart(taskID: "t1", title: "Write"), .focusFinished(sessionID: "s1", title: "Write"),
            ])
        #expect(Set(due.map(\.key)).count == 2)
    }
}
