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

    /// Creates a task; a draft without a date is for the day it was made.
    ///
    /// - Parameters:
    ///   - id: the task's id, a lowercase UUID chosen on the device, so that a block added offline can be moved or
    ///     marked done before the server has it; created again under that id, it is the one task the id names.
    ///     `nil` lets the server choose.
    ///   - madeAt: when the person made it, for one sent later from a device that was offline (never after now).
    /// - Returns: the task stored under the id, and its day as it now is.
    /// - Throws: `Timeline.Problem.invalidID`, `.invalid` for a refused draft.
    public func create(_ draft: TaskDraft, id: String? = nil, madeAt: Date? = nil) async throws -> Timeline.Written {
        if let id, UUID(uuidString: id) == nil || id != id.lowercased() { throw Timeline.Problem.invalidID }
        let now = clock.now()
        let madeAt = madeAt.map { min($0, now) }
        var draft = draft
        if draft.date?.isEmpty ?? true { draft.date = try await today(at: madeAt ?? now).description }
        let task = PlannedTask(id: id ?? ids.makeID(), details: try Self.validate(draft))
        let stored = try await tasks.addTask(task, madeAt: madeAt, at: now)
        await events.publish(.tasks)
        return try await written(stored)
    }

    /// `task` with the day it is on, read after the write that made it.
    private func written(_ task: PlannedTask) async throws -> Timeline.Written {
        Timeline.Written(task: task, day: try await day(task.day.description))
    }

    /// Changes the fields a draft carries; the others stay as they are.
    ///
    /// For a repeating task, `scope` says which occurrences change: the whole series, only the one on `day`
    /// (it becomes a one-off task of its own), or the one on `day` and every later one (the series ends the day
    /// before and a new one carries on). A one-off task ignores the scope. The task is read and changed in one
    /// write, so simultaneous changes act as if they came one after another.
    ///
    /// `madeAt` is when the person made the change (never after now): one made before the task's current version
    /// (on another device, while this one waited offline) is left out, and the task as it stands is returned.
    /// - Returns: the task as it now is for that day (the series, the one-off replacement, or the continuation),
    ///   and the day it is on.
    /// - Throws: `Timeline.Problem.invalid` for a refused draft; `.conflictsWithTask` when only the start or the
    ///   length the task already has makes its block end after midnight.
    public func update(
        id: String, _ draft: TaskDraft, scope: EditScope = .all, on day: String? = nil, madeAt: Date? = nil
    ) async throws -> Timeline.Written {
        let owner = try await ownerSettings()
        let now = clock.now()
        let today = DayKey(date: now, timeZone: owner.timeZone)
        let calendar = calendar(owner)
        let ids = ids
        let outcome: TaskChangeOutcome?
        do {
            outcome = try await tasks.changeTask(id: id, madeAt: madeAt.map { min($0, now) }, at: now) { existing in
                try Self.change(existing, by: draft, scope: scope, on: day, today: today, calendar: calendar, ids: ids)
            }
        } catch Timeline.Problem.invalid(let error)
            where error.problems == [.duration: .endsAfterMidnight] && !Self.placesItsBlock(draft)
        {
            throw Timeline.Problem.conflictsWithTask(error)
        }
        switch outcome {
        case nil: throw Timeline.Problem.unknownTask
        case .superseded(let task): return try await written(task)
        case .made(.replace(let task), _), .made(.detach(_, replacement: let task?), _),
            .made(.split(_, continuation: let task), _):
            await events.publish(.tasks)
            return try await written(task)
        case .made(.detach(_, replacement: nil), let task), .made(.delete, let task):
            preconditionFailure("an edit always leaves a task, never only removes \(task.id)")
        }
    }

    /// Whether a change names both the start and the length of its block, so that where the block ends is the
    /// change's own doing rather than the stored task's.
    private static func placesItsBlock(_ draft: TaskDraft) -> Bool {
        !(draft.start ?? "").isEmpty && !(draft.duration ?? "").isEmpty
    }

    /// What an edit does to the task as stored: the fields the draft carries replace the task's.
    private static func change(
        _ existing: PlannedTask, by draft: TaskDraft, scope: EditScope, on day: String?, today: DayKey,
        calendar: Calendar, ids: any IDGenerator
    ) throws -> TaskChange {
        let merged = TaskDraft(
            title: draft.title ?? existing.title, notes: draft.notes ?? existing.notes,
            date: draft.date ?? existing.day.description, start: draft.start ?? existing.start?.description ?? "",
            duration: draft.duration ?? existing.durationMinutes.map(String.init) ?? "",
            color: draft.color ?? existing.colorHex,
            repeatRule: draft.repeatRule ?? existing.repeatRule?.description ?? "")
        guard existing.repeatRule != nil, scope != .all else {
            return .replace(existing.applying(try validate(merged)))
        }
        let occurrence = try occurrenceDay(of: existing, day, today: today, calendar: calendar)
        switch scope {
        case .all:
            preconditionFailure("handled above")
        case .this:
            var single = merged
            single.repeatRule = "none"
            if draft.date == nil { single.date = occurrence.description }
            return .detach(occurrence, replacement: PlannedTask(id: ids.makeID(), details: try validate(single)))
        case .future:
            var rest = merged
            rest.date = occurrence.description
            let details = try validate(rest)
            guard occurrence > existing.day else { return .replace(existing.applying(details)) }
            var continuation = PlannedTask(id: ids.makeID(), details: details)
            continuation.repeatUntil = continuation.repeatRule == nil ? nil : existing.repeatUntil
            return .split(occurrence, continuation: continuation)
        }
    }

    /// Marks a task done (or not) on a day; for a repeating task only that occurrence.
    ///
    /// `madeAt` is when the person made the change (never after now): a done state set since, on another device,
    /// stays.
    /// - Returns: the day as it now is.
    @discardableResult
    public func setDone(id: String, done: Bool, on raw: String?, madeAt: Date? = nil) async throws
        -> Timeline.Response
    {
        let now = clock.now()
        let madeAt = madeAt.map { min($0, now) }
        let day: DayKey
        if let raw, !raw.isEmpty {
            guard let parsed = DayKey(string: raw) else { throw Timeline.Problem.invalidDate }
            day = parsed
        } else {
            day = try await today(at: madeAt ?? now)
        }
        guard try await tasks.setDone(done, taskID: id, on: day, madeAt: madeAt, at: now) else {
            throw Timeline.Problem.unknownTask
        }
        await events.publish(.tasks)
        return try await self.day(day.description)
    }

    /// Deletes a task, returning what is needed to undo it.
    ///
    /// With `scope` `.this` only the occurrence on `day` of a repeating task goes; otherwise the whole task.
    /// `madeAt` is when the person deleted it (never after now): a task changed since, on another device, stays,
    /// and the answer is `nil`.
    public func delete(id: String, scope: EditScope = .all, on day: String? = nil, madeAt: Date? = nil) async throws
        -> Timeline.Deletion?
    {
        let owner = try await ownerSettings()
        let now = clock.now()
        let today = DayKey(date: now, timeZone: owner.timeZone)
        let calendar = calendar(owner)
        let outcome = try await tasks.changeTask(id: id, madeAt: madeAt.map { min($0, now) }, at: now) { task in
            guard task.repeatRule != nil, scope == .this else { return .delete }
            return .detach(
                try Self.occurrenceDay(of: task, day, today: today, calendar: calendar), replacement: nil)
        }
        switch outcome {
        case nil: throw Timeline.Problem.unknownTask
        case .superseded: return nil
        case .made(.detach(let occurrence, _), let task):
            await events.publish(.tasks)
            return .occurrence(task, occurrence)
        case .made(_, let task):
            await events.publish(.tasks)
            return .task(task)
        }
    }

    /// Undoes a deletion: the task as it was, or the occurrence back in its series.
    public func restore(_ deletion: Timeline.Deletion) async throws {
        switch deletion {
        case .task(let task): try await tasks.saveTask(task)
        case .occurrence(let task, let day): try await tasks.reattachOccurrence(of: task.id, on: day, removing: nil)
        }
        await events.publish(.tasks)
    }

    /// The day of the occurrence a scoped change is for (today when none is named); the task must occur on it.
    private static func occurrenceDay(of task: PlannedTask, _ raw: String?, today: DayKey, calendar: Calendar) throws
        -> DayKey
    {
        var day = today
        if let raw, !raw.isEmpty {
            guard let parsed = DayKey(string: raw) else { throw Timeline.Problem.invalidDate }
            day = parsed
        }
        guard task.occurs(on: day, calendar: calendar) else { throw Timeline.Problem.notOnThatDay }
        return day
    }

    private static func validate(_ draft: TaskDraft) throws -> TaskDetails {
        do {
            return try draft.validated()
        } catch {
            throw Timeline.Problem.invalid(error)
        }
    }

    private func ownerSettings() async throws -> Settings {
        try await settings.loadSettings() ?? initial()
    }

    /// The owner's day at `moment`.
    private func today(at moment: Date) async throws -> DayKey {
        DayKey(date: moment, timeZone: try await ownerSettings().timeZone)
    }

    private func calendar(_ owner: Settings) -> Calendar {
        var calendar = Calendar.gregorian(in: owner.timeZone)
        calendar.firstWeekday = owner.firstWeekday.calendarValue
        return calendar
    }
}
