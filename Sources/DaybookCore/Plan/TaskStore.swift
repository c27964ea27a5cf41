import Foundation

/// Where planned tasks are kept.
public protocol TaskStore: Sendable {
    /// The tasks that occur on `day`: those planned for it and the repeating ones due that day, with the
    /// done flag of that occurrence. Timed tasks come first, by start.
    func tasks(on day: DayKey, calendar: Calendar) async throws -> [PlannedTask]
    /// A task as stored (for a repeating task, `isDone` is not per occurrence here).
    func task(id: String) async throws -> PlannedTask?
    /// Inserts or replaces a task.
    func saveTask(_ task: PlannedTask) async throws
    /// Deletes a task and its completions; `false` when there was none.
    func deleteTask(id: String) async throws -> Bool
    /// Marks one occurrence done or not: the task itself, or for a repeating task the given day only.
    ///
    /// `madeAt` is when the person made the change, for one sent later from a device that was offline: a done
    /// state set after it (on another device) stays. `nil` for a change made now, which always applies.
    /// - Returns: `false` when there is no such task.
    func setDone(_ done: Bool, taskID: String, on day: DayKey, madeAt: Date?, at now: Date) async throws -> Bool
    /// Adds a task under the id it carries, made at `madeAt` (`now` when `nil`); an id already taken keeps its task.
    /// - Returns: the task stored under that id: `task`, or the one that was there (a creation sent twice).
    func addTask(_ task: PlannedTask, madeAt: Date?, at now: Date) async throws -> PlannedTask
    /// Changes a stored task in one write transaction: `change` is given the task as stored at that moment and
    /// says what becomes of it, so that simultaneous changes each act on what the one before them left.
    ///
    /// `madeAt` is when the person made the change (`nil`: now, and it always applies); a change made before the
    /// task's current version was made (on another device, while this one waited offline) is left out.
    /// - Returns: `nil` when there is no such task.
    func changeTask(
        id: String, madeAt: Date?, at now: Date, _ change: @escaping @Sendable (PlannedTask) throws -> TaskChange
    ) async throws -> TaskChangeOutcome?
    /// Takes one occurrence of a repeating task out of its series and, in the same transaction, saves
    /// `replacement` in its place (done if the occurrence was); with no replacement the occurrence is just gone.
    func detachOccurrence(of taskID: String, on day: DayKey, replacement: PlannedTask?) async throws
    /// Puts an occurrence taken out by `detachOccurrence` back, deleting its replacement (if any) with it.
    func reattachOccurrence(of taskID: String, on day: DayKey, removing replacementID: String?) async throws
    /// Ends a repeating task on the day before `day` and saves `continuation` from `day` on, in one transaction;
    /// the completions and skipped days from `day` on move to the continuation.
    func splitSeries(_ taskID: String, at day: DayKey, continuation: PlannedTask) async throws
}

/// What a change does to a stored task, decided from the task as it is when the change is written.
public enum TaskChange: Sendable, Equatable {
    /// The task becomes this (the same id).
    case replace(PlannedTask)
    /// The occurrence on a day leaves its series; `replacement` (a task of its own), if any, takes its place.
    case detach(DayKey, replacement: PlannedTask?)
    /// The series ends the day before; `continuation` carries on from that day.
    case split(DayKey, continuation: PlannedTask)
    /// The task goes, with its completions.
    case delete
}

/// What became of a change to a stored task.
public enum TaskChangeOutcome: Sendable, Equatable {
    /// The change was written; `before` is the task as it was.
    case made(TaskChange, before: PlannedTask)
    /// A change made later, elsewhere, stands: this one was made before it and is left out. The task as it stands.
    case superseded(PlannedTask)
}

/// Which occurrences of a repeating task a change is for.
public enum EditScope: String, CaseIterable, Sendable, Codable {
    /// The whole series, from its first day.
    case all
    /// Only the occurrence on the given day.
    case this
    /// The occurrence on the given day and every later one.
    case future
}

/// Where the focus timer's state and the finished sessions are kept.
public protocol FocusStore: Sendable {
    /// The timer as last saved; idle when none was.
    func loadTimer() async throws -> FocusTimer
    /// Moves the timer in one write transaction: `change` is given the timer as stored at that moment and says
    /// what it becomes and which sessions that finished; both are saved together before any other write can read
    /// the timer. So simultaneous actions (two devices, the lock screen, an outbox replay) each act on what the
    /// one before them left, as if they came one after another. A `change` that throws (a refused action) saves
    /// nothing.
    func transitionTimer<Outcome: Sendable>(
        _ change: @escaping @Sendable (FocusTimer) throws -> TimerTransition<Outcome>
    ) async throws -> Outcome
    /// Focused seconds of the sessions that started in `interval`, in total and per task id.
    func focusTotals(in interval: DateInterval) async throws -> FocusTotals
    /// The sessions that started in `interval`, oldest first.
    func sessions(in interval: DateInterval) async throws -> [FocusSession]
}

/// What one move of the stored timer leaves: the timer, the sessions it finished, and what the caller learns.
public struct TimerTransition<Outcome: Sendable>: Sendable {
    public var timer: FocusTimer
    public var finished: [FocusSession]
    public var outcome: Outcome

    public init(timer: FocusTimer, finished: [FocusSession] = [], outcome: Outcome) {
        self.timer = timer
        self.finished = finished
        self.outcome = outcome
    }
}

/// Sums of focused time, from SQL aggregates.
public struct FocusTotals: Equatable, Sendable {
    public var seconds: Int
    public var sessions: Int
    public var secondsByTask: [String: Int]

    public init(seconds: Int = 0, sessions: Int = 0, secondsByTask: [String: Int] = [:]) {
        self.seconds = seconds
        self.sessions = sessions
        self.secondsByTask = secondsByTask
    }
}
