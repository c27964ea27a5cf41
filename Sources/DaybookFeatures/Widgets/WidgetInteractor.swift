import DaybookCore
import Foundation

/// Reads what the widgets show in one snapshot; the presenter makes each widget's timeline from it.
public struct WidgetInteractor: Sendable {
    private let snapshots: any SnapshotStore
    private let settings: any SettingsStore
    private let clock: any DaybookClock
    private let initial: @Sendable () -> Settings

    public init(
        snapshots: any SnapshotStore, settings: any SettingsStore, clock: any DaybookClock,
        initial: @escaping @Sendable () -> Settings
    ) {
        self.snapshots = snapshots
        self.settings = settings
        self.clock = clock
        self.initial = initial
    }

    /// - Parameter trackerID: the tracker widget's tracker; `nil` picks the first active yes/no tracker, else the
    ///   first active one. Ignored by the other widgets.
    public func load(_ name: Widgets.Name, trackerID: String? = nil) async throws -> Widgets.Response {
        let settings = try await settings.loadSettings() ?? initial()
        let now = clock.now()
        let zone = settings.timeZone
        let today = DayKey(date: now, timeZone: zone)
        let calendar = Calendar.gregorian(in: zone)
        return try await snapshots.read(splittingDaysIn: zone) { store in
            let timer = try store.timer().settle(at: now).0
            let stored = try store.focusDays(from: today, through: today)[today]?.seconds ?? 0
            // A session still going on is not in the day's total yet: add what it has focused today so far.
            var running = 0
            if timer.phase == .running || timer.phase == .paused {
                let midnight = today.date(in: zone)
                let elapsed = timer.elapsed(at: now)
                let since = max(midnight, timer.sessionStartedAt ?? midnight)
                running = Int(min(elapsed, now.timeIntervalSince(since)))
            }
            var response = Widgets.Response(
                settings: settings, now: now, today: today, tasks: try store.tasks(on: today, calendar: calendar),
                focusSeconds: stored + max(0, running), timer: timer,
                timerTask: try timer.taskID.flatMap { try store.task(id: $0) }, tracker: nil, trackerValues: [:],
                trackerProgress: TrackerProgress())
            guard name == .tracker else { return response }
            let trackers = try store.trackers()
            let active = trackers.filter { !$0.isArchived }
            let tracker: Tracker
            if let trackerID {
                guard let chosen = trackers.first(where: { $0.id == trackerID }) else {
                    throw Widgets.Problem.unknownTracker
                }
                tracker = chosen
            } else {
                guard let first = active.first(where: { $0.kind == .boolean }) ?? active.first else {
                    throw Widgets.Problem.noTracker
                }
                tracker = first
            }
            // The widget shows the current streak and the strength: the recent past is enough for both, unless the
            // streak runs all the way through it.
            let since = today.adding(days: -TrackerProgress.recentDays(for: tracker.frequency))
            var values = try store.trackerValues(trackerID: tracker.id, from: since, through: today)
            var progress = TrackerProgress(tracker: tracker, values: values, today: today, timeZone: zone, since: since)
            if progress.currentStreak >= since.days(to: today) {
                values = try store.trackerValues(
                    trackerID: tracker.id, from: DayKey.earliest, through: today)
                progress = TrackerProgress(tracker: tracker, values: values, today: today, timeZone: zone)
            }
            response.tracker = tracker
            response.trackerValues = values
            response.trackerProgress = progress
            return response
        }
    }
}
