import DaybookCore
import Foundation

/// Today: who is here and what time it is for them.
public struct TodayInteractor: Sendable {
    private let store: any SettingsStore
    private let tasks: any TaskStore
    private let focus: any FocusStore
    private let clock: any DaybookClock

    public init(store: any SettingsStore, tasks: any TaskStore, focus: any FocusStore, clock: any DaybookClock) {
        self.store = store
        self.tasks = tasks
        self.focus = focus
        self.clock = clock
    }

    /// - Returns: `nil` while onboarding is not finished.
    public func load() async throws -> Today.Load.Response? {
        guard let settings = try await store.loadSettings(), !settings.needsOnboarding else { return nil }
        let now = clock.now()
        let zone = settings.timeZone
        let today = DayKey(date: now, timeZone: zone)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let day = DateInterval(start: today.date(in: zone), end: today.adding(days: 1).date(in: zone))
        return Today.Load.Response(
            settings: settings, now: now, tasks: try await tasks.tasks(on: today, calendar: calendar),
            focusSeconds: try await focus.focusTotals(in: day).seconds,
            timerPhase: try await focus.loadTimer().settle(at: now).0.phase)
    }
}
