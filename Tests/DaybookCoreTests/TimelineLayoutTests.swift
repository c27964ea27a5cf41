import Foundation
import Testing

@testable import DaybookCore

@Suite("Timeline layout")
struct TimelineLayoutTests {
    let day = DayKey(string: "2026-11-21")!

    /// A block from `start` to `end`, both `HH:mm`.
    func block(_ id: String, _ start: String, _ end: String) -> TimelineBlock {
        TimelineBlock(id: id, start: TimeOfDay(string: start)!.minutes, end: TimeOfDay(string: end)!.minutes)
    }

    func task(_ id: String, _ start: String?, minutes: Int? = 60, done: Bool = false) -> PlannedTask {
        PlannedTask(
            id: id, title: id, day: day, start: start.flatMap(TimeOfDay.init(string:)), durationMinutes: minutes,
            isDone: done)
    }

    func place(_ column: Int, of columns: Int) -> TimelinePlacement {
        TimelinePlacement(column: column, columns: columns)
    }

    @Test("blocks that don't overlap each take the full width")
    func noOverlap() {
        let layout = TimelineLayout.columns(for: [block("b", "11:00", "12:00"), block("a", "09:00", "10:00")])
        #expect(layout == ["a": place(0, of: 1), "b": place(0, of: 1)])
    }

    @Test("three blocks that all overlap sit in three columns, in order of start")
    func threeOverlapping() {
        let layout = TimelineLayout.columns(for: [
            block("c", "09:30", "10:00"), block("a", "09:00", "11:00"), block("b", "09:15", "10:30"),
        ])
        #expect(layout == ["a": place(0, of: 3), "b": place(1, of: 3), "c": place(2, of: 3)])
    }

    @Test("a chain A–B, B–C where A and C don't overlap needs two columns, and C reuses A's")
    func chain() {
        let layout = TimelineLayout.columns(for: [
            block("a", "09:00", "10:00"), block("b", "09:30", "10:30"), block("c", "10:00", "11:00"),
        ])
        #expect(layout == ["a": place(0, of: 2), "b": place(1, of: 2), "c": place(0, of: 2)])
    }

    @Test("a block ending as another starts does not overlap it")
    func touching() {
        let layout = TimelineLayout.columns(for: [block("a", "09:00", "10:00"), block("b", "10:00", "11:00")])
        #expect(layout == ["a": place(0, of: 1), "b": place(0, of: 1)])
    }

    @Test("each cluster has its own column count")
    func clusters() {
        let layout = TimelineLayout.columns(for: [
            block("a", "08:00", "09:00"), block("b", "08:30", "09:30"), block("c", "08:45", "09:15"),
            block("d", "13:00", "14:00"), block("e", "13:30", "14:30"), block("f", "18:00", "18:30"),
        ])
        #expect(layout["c"] == place(2, of: 3))
        #expect(layout["d"] == place(0, of: 2) && layout["e"] == place(1, of: 2))
        #expect(layout["f"] == place(0, of: 1))
        #expect(TimelineLayout.columns(for: [TimelineBlock]()).isEmpty)
    }

    @Test("tasks: only timed ones are placed")
    func tasks() {
        let layout = TimelineLayout.columns(for: [task("a", "09:00"), task("b", "09:30"), task("anytime", nil)])
        #expect(layout == ["a": place(0, of: 2), "b": place(1, of: 2)])
    }

    @Test("Today shows the block due now and when the next one starts")
    func dueAndNext() {
        let tasks = [task("write", "09:00", minutes: 90), task("lunch", "12:00"), task("read", nil)]
        let during = TimelineLayout.current(blocks: tasks, at: 10 * 60)
        #expect(during.due?.id == "write" && during.next?.id == "lunch" && during.startsInMinutes == 120)

        let between = TimelineLayout.current(blocks: tasks, at: 10 * 60 + 30)
        #expect(between.due == nil && between.next?.id == "lunch" && between.startsInMinutes == 90)

        let after = TimelineLayout.current(blocks: tasks, at: 13 * 60)
        #expect(after == DueNow(due: nil, next: nil, startsInMinutes: nil))
    }

    @Test("done blocks are skipped; overlapping blocks give the latest started; the end minute is not due")
    func dueEdges() {
        let tasks = [
            task("long", "09:00", minutes: 180), task("call", "10:00", minutes: 30), task("done", "11:00", done: true),
            task("gym", "18:00"),
        ]
        #expect(TimelineLayout.current(blocks: tasks, at: 10 * 60 + 10).due?.id == "call")
        #expect(TimelineLayout.current(blocks: tasks, at: 10 * 60 + 30).due?.id == "long")
        let atEleven = TimelineLayout.current(blocks: tasks, at: 11 * 60)
        #expect(atEleven.due?.id == "long" && atEleven.next?.id == "gym" && atEleven.startsInMinutes == 420)
        #expect(TimelineLayout.current(blocks: tasks, at: 12 * 60).due == nil)
    }
}
