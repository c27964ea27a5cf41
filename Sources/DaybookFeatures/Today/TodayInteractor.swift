import DaybookCore
import Foundation

/// Today: who is here, what is due, how far today's focus has come, and (in the morning) how they slept.
public struct TodayInteractor: Sendable {
    private let store: any SettingsStore
    private let snapshots: any SnapshotStore
    private let logs: any DailyLogStore
    private let events: EventBus
    private let clock: any DaybookClock

    public init(
        store: any SettingsStore, snapshots: any SnapshotStore, logs: any DailyLogStore, clock: any DaybookClock,
        events: EventBus = EventBus()
    ) {
        self.store = store
        self.snapshots = snapshots
        self.logs = logs
        self.clock = clock
        self.events = events
    }

    /// - Returns: `nil` while onboarding is not finished.
    public func load() async throws -> Today.Load.Response? {
        guard let settings = try await store.loadSettings(), !settings.needsOnboarding else { return nil }
        let now = clock.now()
        let zone = settings.timeZone
        let today = DayKey(date: now, timeZone: zone)
        let calendar = Calendar.gregorian(in: zone)
        return try await snapshots.read(splittingDaysIn: zone) { store in
            // Split at midnight like the Dashboard and the Daily Log: last night's late session counts partly here.
            Today.Load.Response(
                settings: settings, now: now, tasks: try store.tasks(on: today, calendar: calendar),
                focusSeconds: try store.focusDays(from: today, through: today)[today]?.seconds ?? 0,
                timerPhase: try store.timer().settle(at: now).0.phase, log: try store.dailyLog(on: today),
                onThisDay: try store.journalEntriesOnThisDay(today, limit: 5),
                trackers: try store.trackers().filter { !$0.isArchived },
                trackerValues: try store.trackerValues(on: today),
                backupFailed: try store.backupStatus().currentFailure != nil)
        }
    }

    /// Notes how the owner slept last night, in today's log.
    ///
    /// - Parameter raw: `1`…`5` as typed or sent.
    /// - Throws: `Today.Problem.invalidRating` for anything else; nothing is saved.
    /// - Parameter madeAt: when the person answered, for an answer sent later from a device that was offline: it
    ///   goes to that day's log, and does not undo an answer given since.
    public func recordSleep(_ raw: String?, madeAt: Date? = nil) async throws {
        guard let text = raw?.trimmingCharacters(in: .whitespaces), let quality = Int(text),
            DailyLog.Limits.rating.contains(quality)
        else { throw Today.Problem.invalidRating }
        let settings = try await store.loadSettings()
        let now = clock.now()
        let madeAt = madeAt.map { min($0, now) }
        let today = DayKey(date: madeAt ?? now, timeZone: settings?.timeZone ?? TimeZone(secondsFromGMT: 0)!)
        try await logs.saveSleepQuality(quality, on: today, madeAt: madeAt, at: now)
        await events.publish(.log)
    }
}
