import DaybookCore
import Foundation

/// Runs the focus timer: every action first settles a countdown that reached zero, then acts,
/// saves the timer and any finished session together, and tells open pages.
public struct FocusInteractor: Sendable {
    private let store: any FocusStore
    private let tasks: any TaskStore
    private let snapshots: any SnapshotStore
    private let settings: any SettingsStore
    private let clock: any DaybookClock
    private let events: EventBus
    private let initial: @Sendable () -> Settings

    public init(
        store: any FocusStore, tasks: any TaskStore, snapshots: any SnapshotStore, settings: any SettingsStore,
        clock: any DaybookClock, events: EventBus, initial: @escaping @Sendable () -> Settings
    ) {
        self.store = store
        self.tasks = tasks
        self.snapshots = snapshots
        self.settings = settings
        self.clock = clock
        self.events = events
        self.initial = initial
    }

    /// The timer now, recording a countdown that finished while nobody watched.
    public func current() async throws -> Focus.Response {
        let now = clock.now()
        let owner = try await settings.loadSettings() ?? initial()
        let (stored, response) = try await snapshots.read(splittingDaysIn: owner.timeZone) { store in
            let stored = try store.timer()
            return (stored, try Self.response(stored.settle(at: now).0, now: now, owner: owner, store: store))
        }
        // Usually one read is all it takes; a countdown that ended unwatched is recorded first.
        guard response.timer == stored else { return try await respond(try await settled()) }
        return response
    }

    /// Starts a session now, or at `madeAt`: when the person started it on a device away from the server.
    public func start(_ request: Focus.Start.Request, madeAt: Date? = nil) async throws -> Focus.Response {
        let owner = try await settings.loadSettings() ?? initial()
        let minutes = request.minutes ?? owner.focusMinutes
        guard request.stopwatch == true || FocusTimer.Limits.countdownMinutes.contains(minutes) else {
            throw Focus.Problem.invalidMinutes(FocusTimer.Limits.countdownMinutes)
        }
        let sound: AmbientSound
        if let raw = request.sound {
            guard let chosen = AmbientSound(rawValue: raw) else { throw Focus.Problem.unknownSound }
            sound = chosen
        } else {
            sound = owner.focusSound
        }
        if let taskID = request.taskID, try await tasks.task(id: taskID) == nil { throw Focus.Problem.unknownTask }
        let mode: FocusTimer.Mode = request.stopwatch == true ? .stopwatch : .countdown(seconds: minutes * 60)
        return try await act(madeAt: madeAt) { timer, now throws(FocusTimerError) in
            (try timer.start(mode: mode, taskID: request.taskID, sound: sound, at: now), nil)
        }
    }

    /// Pauses now, or at `madeAt` (the device's clock), which may not be before the timer's last change.
    public func pause(madeAt: Date? = nil) async throws -> Focus.Response {
        try await act(madeAt: madeAt) { timer, now throws(FocusTimerError) in (try timer.pause(at: now), nil) }
    }

    public func resume(madeAt: Date? = nil) async throws -> Focus.Response {
        try await act(madeAt: madeAt) { timer, now throws(FocusTimerError) in (try timer.resume(at: now), nil) }
    }

    /// Stops now, or at `madeAt`: the session is recorded as ending then.
    public func stop(madeAt: Date? = nil) async throws -> Focus.Response {
        try await act(madeAt: madeAt) { timer, now throws(FocusTimerError) in
            let (idle, session) = try timer.stop(at: now)
            return (idle, session.focusedSeconds > 0 ? session : nil)
        }
    }

    public func extend(byMinutes minutes: Int) async throws -> Focus.Response {
        try await act { timer, now throws(FocusTimerError) in (try timer.extend(byMinutes: minutes, at: now), nil) }
    }

    /// Plays another sound in the session under way; every open page crossfades to it.
    public func changeSound(_ raw: String) async throws -> Focus.Response {
        guard let sound = AmbientSound(rawValue: raw) else { throw Focus.Problem.unknownSound }
        return try await act { timer, _ throws(FocusTimerError) in (try timer.changingSound(to: sound), nil) }
    }

    /// When a running countdown will reach zero, so a watcher can settle it on time.
    public func endsAt() async throws -> Date? {
        let timer = try await store.loadTimer()
        return timer.phase == .running ? timer.endsAt : nil
    }

    /// The stored timer settled now: a countdown that reached zero is recorded as finished.
    private func settled() async throws -> (FocusTimer, Date) {
        let now = clock.now()
        let (timer, changed) = try await store.transitionTimer { stored in
            let (timer, session) = stored.settle(at: now)
            return TimerTransition(
                timer: timer, finished: [session].compactMap { $0 }, outcome: (timer, timer != stored))
        }
        if changed { await events.publish(.timer) }
        return (timer, now)
    }

    /// Settles the timer, then makes `transition` at `madeAt` (a device's time, checked) or now: read, checked and
    /// saved in one write, so four simultaneous stops record one session and three refusals.
    ///
    /// A refusal is thrown inside that write, which then saves nothing, not even a countdown that ended meanwhile
    /// (the next read or the watcher records it): a refused request leaves no trace, so the same request sent
    /// again with its idempotency key is refused again rather than told it was made.
    private func act(
        madeAt: Date? = nil,
        _ transition: @escaping @Sendable (FocusTimer, Date) throws(FocusTimerError) -> (FocusTimer, FocusSession?)
    ) async throws -> Focus.Response {
        let now = clock.now()
        let (timer, changed) = try await store.transitionTimer { stored -> TimerTransition<(FocusTimer, Bool)> in
            if let madeAt {
                do throws(DeviceTime.Problem) {
                    try DeviceTime.check(madeAt, now: now, after: stored.lastChange)
                } catch {
                    throw Focus.Problem.deviceTime(error)
                }
            }
            let (timer, finished) = stored.settle(at: madeAt ?? now)
            let settled = [finished].compactMap { $0 }
            do throws(FocusTimerError) {
                let (next, session) = try transition(timer, madeAt ?? now)
                let finished = settled + [session].compactMap { $0 }
                return TimerTransition(
                    timer: next, finished: finished, outcome: (next, next != stored || !finished.isEmpty))
            } catch {
                throw Focus.Problem.timer(error)
            }
        }
        if changed { await events.publish(.timer) }
        return try await respond((timer, now))
    }

    private func respond(_ state: (FocusTimer, Date)) async throws -> Focus.Response {
        let (timer, now) = state
        let owner = try await settings.loadSettings() ?? initial()
        return try await snapshots.read(splittingDaysIn: owner.timeZone) { store in
            try Self.response(timer, now: now, owner: owner, store: store)
        }
    }

    private static func response(_ timer: FocusTimer, now: Date, owner: Settings, store: any StoreSnapshot) throws
        -> Focus.Response
    {
        let zone = owner.timeZone
        let today = DayKey(date: now, timeZone: zone)
        let day = DateInterval(start: today.date(in: zone), end: today.adding(days: 1).date(in: zone))
        let task = try timer.taskID.flatMap { try store.task(id: $0) }
        return Focus.Response(
            timer: timer, now: now, task: task, todaySeconds: try store.focusTotals(in: day).seconds, settings: owner)
    }
}
