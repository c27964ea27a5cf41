import DaybookCore
import Foundation

/// Plans the day: lists, creates, edits, completes and deletes tasks, and tells open pages.
public struct TimelineInteractor: Sendable {
    private let tasks: any TaskStore
    private let snapshots: any SnapshotStore
    private let settings: any SettingsStore
    private let clock: any DaybookClock
    private let ids: any IDGenerator
    private let events: EventBus
    private let initial: @Sendable () -> Settings

    public init(
        tasks: any TaskStore, snapshots: any SnapshotStore, settings: any SettingsStore, clock: any DaybookClock,
        ids: any IDGenerator, events: EventBus, initial: @escaping @Sendable () -> Settings
    ) {
        self.tasks = tasks
        self.snapshots = snapshots
        self.settings = settings
        self.clock = clock
        self.ids = ids
        self.events = events
        self.initial = initial
    }

    /// The tasks of a day (`YYYY-MM-DD`, or today in the owner's time zone), with focus time spent on each.
    public func day(_ raw: String?) async throws -> Timeline.Response {
        let owner = try await settings.loadSettings() ?? initial()
        let now = clock.now()
        let day: DayKey
        if let raw, !raw.isEmpty {
            guard let parsed = DayKey(string: raw) else { throw Timeline.Problem.invalidDate }
            day = parsed
        } else {
            day = DayKey(date: now, timeZone: owner.timeZone)
        }
        let zone = owner.timeZone
        let interval = DateInterval(start: day.date(in: zone), end: day.adding(days: 1).date(in: zone))
        let calendar = calendar(owner)
        return try await snapshots.read(splittingDaysIn: zone) { store in
            Timeline.Response(
                day: day, tasks: try store.tasks(on: day, calendar: calendar),
                focusSecondsByTask: try store.focusTotals(in: interval).secondsByTask, now: now, settings: owner)
        }
    }

    /// Creates a task; a draft without a date is for today.
    public func create(_ draft: TaskDraft) async throws -> PlannedTask {
        var draft = draft
        if draft.date?.isEmpty ?? true { draft.date = try await today().description }
        let task = PlannedTask(id: ids.makeID(), details: try validate(draft))
        try await tasks.saveTask(task)
        await events.publish(.tasks)
        return task
    }

    /// Changes the fields a draft carries; the others stay as they are.
    ///
    /// For a repeating task, `scope` says which occurrences change: the whole series, only the one on `day`
    /// (it becomes a one-off task of its own), or the one on `day` and every later one (the series ends the day
    /// before and a new one carries on). A one-off task ignores the scope.
    /// - Returns: the task as it now is for that day: the series, the one-off replacement, or the continuation.
    public func update(id: String, _ draft: TaskDraft, scope: EditScope = .all, on day: String? = nil) async throws
        -> PlannedTask
    {
        guard let existing = try await tasks.task(id: id) else { throw Timeline.Problem.unknownTask }
        let merged = TaskDraft(
            title: draft.title ?? existing.title, notes: draft.notes ?? existing.notes,
            date: draft.date ?? existing.day.description, start: draft.start ?? existing.start?.description ?? "",
            duration: draft.duration ?? existing.durationMinutes.map(String.init) ?? "",
            color: draft.color ?? existing.colorHex,
            repeatRule: draft.repeatRule ?? existing.repeatRule?.description ?? "")
        guard existing.repeatRule != nil, scope != .all else {
            let task = existing.applying(try validate(merged))
            try await tasks.saveTask(task)
            await events.publish(.tasks)
            return task
        }
        let occurrence = try await occurrenceDay(of: existing, day)
        switch scope {
        case .all:
            preconditionFailure("handled above")
        case .this:
            var single = merged
            single.repeatRule = "none"
            if draft.date == nil { single.date = occurrence.description }
            let replacement = PlannedTask(id: ids.makeID(), details: try validate(single))
            try await tasks.detachOccurrence(of: id, on: occurrence, replacement: replacement)
            await events.publish(.tasks)
            return replacement
        case .future:
            var rest = merged
            rest.date = occurrence.description
            let details = try validate(rest)
            guard occurrence > existing.day else {
                let task = existing.applying(details)
                try await tasks.saveTask(task)
                await events.publish(.tasks)
                return task
            }
            var continuation = PlannedTask(id: ids.makeID(), details: details)
            continuation.repeatUntil = continuation.repeatRule == nil ? nil : existing.repeatUntil
            try await tasks.splitSeries(id, at: occurrence, continuation: continuation)
            await events.publish(.tasks)
            return continuation
        }
    }

    /// Marks a task done (or not) on a day; for a repeating task only that occurrence.
    public func setDone(id: String, done: Bool, on raw: String?) async throws {
        guard try await tasks.task(id: id) != nil else { throw Timeline.Problem.unknownTask }
        let day: DayKey
        if let raw, !raw.isEmpty {
            guard let parsed = DayKey(string: raw) else { throw Timeline.Problem.invalidDate }
            day = parsed
        } else {
            day = try await today()
        }
        try await tasks.setDone(done, taskID: id, on: day)
        await events.publish(.tasks)
    }

    /// Deletes a task, returning what is needed to undo it.
    ///
    /// With `scope` `.this` only the occurrence on `day` of a repeating task goes; otherwise the whole task.
    public func delete(id: String, scope: EditScope = .all, on day: String? = nil) async throws -> Timeline.Deletion {
        guard let task = try await tasks.task(id: id) else { throw Timeline.Problem.unknownTask }
        if task.repeatRule != nil, scope == .this {
            let occurrence = try await occurrenceDay(of: task, day)
            try await tasks.detachOccurrence(of: id, on: occurrence, replacement: nil)
            await events.publish(.tasks)
            return .occurrence(task, occurrence)
        }
        guard try await tasks.deleteTask(id: id) else { throw Timeline.Problem.unknownTask }
        await events.publish(.tasks)
        return .task(task)
    }

    /// Undoes a deletion: the task as it was, or the occurrence back in its series.
    public func restore(_ deletion: Timeline.Deletion) async throws {
        switch deletion {
        case .task(let task): try await tasks.saveTask(task)
        case .occurrence(let task, let day): try await tasks.reattachOccurrence(of: task.id, on: day, removing: nil)
        }
        await events.publish(.tasks)
    }

    /// The day of the occurrence a scoped change is for; it must be a day the task occurs on.
    private func occurrenceDay(of task: PlannedTask, _ raw: String?) async throws -> DayKey {
        let day: DayKey
        if let raw, !raw.isEmpty {
            guard let parsed = DayKey(string: raw) else { throw Timeline.Problem.invalidDate }
            day = parsed
        } else {
            day = try await today()
        }
        let owner = try await settings.loadSettings() ?? initial()
        guard task.occurs(on: day, calendar: calendar(owner)) else { throw Timeline.Problem.notOnThatDay }
        return day
    }

    private func validate(_ draft: TaskDraft) throws -> TaskDetails {
        do {
            return try draft.validated()
        } catch {
            throw Timeline.Problem.invalid(error)
        }
    }

    private func today() async throws -> DayKey {
        let owner = try await settings.loadSettings() ?? initial()
        return DayKey(date: clock.now(), timeZone: owner.timeZone)
    }

    private func calendar(_ owner: Settings) -> Calendar {
        var calendar = Calendar.gregorian(in: owner.timeZone)
        calendar.firstWeekday = owner.firstWeekday.calendarValue
        return calendar
    }
}
