import DaybookCore
import DaybookStore
import DaybookTestSupport
import Foundation
import Testing

@testable import DaybookFeatures

/// Counts up: task-1, task-2, …
final class SequentialIDs: IDGenerator, @unchecked Sendable {
    private var next = 0
    func makeID() -> String {
        next += 1
        return "task-\(next)"
    }
}

@Suite("Timeline scene")
struct TimelineInteractorTests {
    let morning = Date.iso("2026-11-21T08:00:00+09:00")

    func make(_ database: AppDatabase, events: EventBus = EventBus()) -> TimelineInteractor {
        TimelineInteractor(
            tasks: database, snapshots: database, settings: database, clock: FixedClock(morning), ids: SequentialIDs(),
            events: events, initial: { Fixtures.settings() })
    }

    @Test("a task without a date is for today in the owner's time zone; blocks overlap side by side")
    func createAndList() async throws {
        let database = try await Fixtures.database(settings: Fixtures.settings())
        let timeline = make(database)
        _ = try await timeline.create(TaskDraft(title: "Write", start: "09:00", duration: "90m"))
        _ = try await timeline.create(TaskDraft(title: "Standup", start: "09:30", duration: "15"))
        _ = try await timeline.create(TaskDraft(title: "Call mum"))
        let day = try await timeline.day(nil)
        #expect(day.day.description == "2026-11-21")
        let model = TimelinePresenter.present(day, localizer: Fixtures.localizer())
        #expect(model.isToday)
        #expect(model.blocks.map(\.title) == ["Write", "Standup"])
        #expect(model.blocks.map(\.columns) == [2, 2])
        #expect(model.blocks.map(\.column) == [0, 1])
        #expect(model.blocks.first?.timeLabel == "09:00–10:30")
        #expect(model.anytime.map(\.title) == ["Call mum"])
    }

    @Test("a bad draft is refused with every problem, in the person's language, and nothing is saved")
    func invalidDraft() async throws {
        let database = try await Fixtures.database(settings: Fixtures.settings())
        let timeline = make(database)
        await #expect {
            try await timeline.create(TaskDraft(title: " ", start: "23:30", duration: "2h"))
        } throws: { error in
            guard case .invalid(let validation) = error as? Timeline.Problem else { return false }
            let fields = TimelinePresenter.fieldMessages(validation, localizer: Fixtures.localizer(.korean))
            return fields["title"] == Fixtures.localizer(.korean)("task.error.titleEmpty")
                && fields["duration"] == Fixtures.localizer(.korean)("task.error.endsAfterMidnight")
        }
        #expect(try await timeline.day(nil).tasks.isEmpty)
        await #expect(throws: Timeline.Problem.invalidDate) { try await timeline.day("2026-02-30") }
    }

    @Test("editing changes only what is sent; deleting can be undone")
    func editDeleteUndo() async throws {
        let database = try await Fixtures.database(settings: Fixtures.settings())
        let events = EventBus()
        let stream = await events.subscribe()
        let timeline = make(database, events: events)
        let task = try await timeline.create(
            TaskDraft(title: "Write", start: "09:00", duration: "60", repeatRule: "weekdays")).task
        let moved = try await timeline.update(id: task.id, TaskDraft(start: "10:00")).task
        #expect(moved.start?.description == "10:00")
        #expect(moved.durationMinutes == 60)
        #expect(moved.repeatRule == .weekdays)
        let deleted = try #require(try await timeline.delete(id: task.id))
        #expect(try await database.task(id: task.id) == nil)
        try await timeline.restore(deleted)
        #expect(try await database.task(id: task.id) == moved)
        await #expect(throws: Timeline.Problem.unknownTask) { try await timeline.update(id: "nope", TaskDraft()) }
        var count = 0
        for await event in stream {
            #expect(event == .tasks)
            count += 1
            if count == 4 { break }
        }
    }

    @Test("done is per occurrence for a repeating task, and focus time shows on its block")
    func doneAndFocus() async throws {
        let database = try await Fixtures.database(settings: Fixtures.settings())
        let timeline = make(database)
        let task = try await timeline.create(
            TaskDraft(title: "Stretch", start: "07:00", duration: "15", repeatRule: "daily")).task
        try await timeline.setDone(id: task.id, done: true, on: nil)
        let nine = Date.iso("2026-11-21T09:00:00+09:00")
        try await database.saveTimer(
            .idle,
            recording: FocusSession(
                taskID: task.id, startedAt: nine, endedAt: nine.addingTimeInterval(900), focusedSeconds: 900,
                pausedSeconds: 0, outcome: .completed, sound: .rain, plannedSeconds: 900))
        let today = TimelinePresenter.present(try await timeline.day(nil), localizer: Fixtures.localizer())
        #expect(today.blocks.first?.isDone == true)
        #expect(today.blocks.first?.focusLabel == "15 min focused")
        let tomorrow = try await timeline.day("2026-11-22")
        #expect(tomorrow.tasks.first?.isDone == false)
    }

    /// The titles and starts of the tasks on `day`, as "Title@HH:mm" (or just the title for anytime tasks).
    func plan(_ timeline: TimelineInteractor, _ day: String) async throws -> [String] {
        try await timeline.day(day).tasks.map { task in
            task.start.map { "\(task.title)@\($0)\(task.isDone ? "✓" : "")" } ?? task.title
        }
    }

    @Test("editing one day of a repeating task changes that day only, keeping it done")
    func editThisOccurrence() async throws {
        let database = try await Fixtures.database(settings: Fixtures.settings())
        let timeline = make(database)
        let series = try await timeline.create(
            TaskDraft(title: "Run", date: "2026-11-21", start: "07:00", duration: "30", repeatRule: "daily")).task
        try await timeline.setDone(id: series.id, done: true, on: "2026-11-23")

        let single = try await timeline.update(
            id: series.id, TaskDraft(title: "Long run", duration: "90"), scope: .this, on: "2026-11-23").task
        #expect(single.repeatRule == nil)
        #expect(single.day.description == "2026-11-23")
        #expect(try await plan(timeline, "2026-11-22") == ["Run@07:00"])
        #expect(try await plan(timeline, "2026-11-23") == ["Long run@07:00✓"])
        #expect(try await plan(timeline, "2026-11-24") == ["Run@07:00"])
        #expect(try await timeline.day("2026-11-23").tasks.first?.durationMinutes == 90)

        await #expect(throws: Timeline.Problem.notOnThatDay) {
            try await timeline.update(id: series.id, TaskDraft(title: "x"), scope: .this, on: "2026-11-20")
        }
    }

    @Test("editing from a day on ends the series the day before and carries completions over")
    func editFuture() async throws {
        let database = try await Fixtures.database(settings: Fixtures.settings())
        let timeline = make(database)
        let series = try await timeline.create(
            TaskDraft(title: "Run", date: "2026-11-21", start: "07:00", duration: "30", repeatRule: "daily")).task
        try await timeline.setDone(id: series.id, done: true, on: "2026-11-22")
        try await timeline.setDone(id: series.id, done: true, on: "2026-11-26")

        let rest = try await timeline.update(
            id: series.id, TaskDraft(start: "06:30"), scope: .future, on: "2026-11-24").task
        #expect(rest.id != series.id)
        #expect(try await plan(timeline, "2026-11-22") == ["Run@07:00✓"])
        #expect(try await plan(timeline, "2026-11-23") == ["Run@07:00"])
        #expect(try await plan(timeline, "2026-11-24") == ["Run@06:30"])
        #expect(try await plan(timeline, "2026-11-26") == ["Run@06:30✓"])
        #expect(try await database.task(id: series.id)?.repeatUntil?.description == "2026-11-23")

        // From its first day on is the whole series: no split.
        let whole = try await timeline.update(
            id: series.id, TaskDraft(title: "Jog"), scope: .future, on: "2026-11-21").task
        #expect(whole.id == series.id)
        #expect(try await plan(timeline, "2026-11-23") == ["Jog@07:00"])
        #expect(try await plan(timeline, "2026-11-25") == ["Run@06:30"])
    }

    @Test("deleting one day of a repeating task leaves the others, and undo puts it back")
    func deleteOccurrence() async throws {
        let database = try await Fixtures.database(settings: Fixtures.settings())
        let timeline = make(database)
        let series = try await timeline.create(
            TaskDraft(title: "Read", date: "2026-11-21", repeatRule: "weekly:sat,sun")).task
        let deletion = try #require(try await timeline.delete(id: series.id, scope: .this, on: "2026-11-22"))
        #expect(deletion == .occurrence(series, DayKey(string: "2026-11-22")!))
        #expect(try await plan(timeline, "2026-11-22").isEmpty)
        #expect(try await plan(timeline, "2026-11-28") == ["Read"])
        try await timeline.restore(deletion)
        #expect(try await plan(timeline, "2026-11-22") == ["Read"])

        _ = try await timeline.delete(id: series.id)
        #expect(try await plan(timeline, "2026-11-28").isEmpty)
    }
}
