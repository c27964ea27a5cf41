import DaybookCore
import Foundation

/// Today: who is here and what time it is for them.
public struct TodayInteractor: Sendable {
    private let store: any SettingsStore
    private let clock: any DaybookClock

    public init(store: any SettingsStore, clock: any DaybookClock) {
        self.store = store
        self.clock = clock
    }

    /// - Returns: `nil` while onboarding is not finished.
    public func load() async throws -> Today.Load.Response? {
        guard let settings = try await store.loadSettings(), !settings.needsOnboarding else { return nil }
        return Today.Load.Response(settings: settings, now: clock.now())
    }
}
