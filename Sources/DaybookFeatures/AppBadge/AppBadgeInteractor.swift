import DaybookCore
import Foundation

/// The number on the app icon: what is left of today, when the owner wants it shown.
public struct AppBadgeInteractor: Sendable {
    private let settings: any SettingsStore
    private let snapshots: any SnapshotStore
    private let clock: any DaybookClock
    private let initial: @Sendable () -> Settings

    public init(
        settings: any SettingsStore, snapshots: any SnapshotStore, clock: any DaybookClock,
        initial: @escaping @Sendable () -> Settings
    ) {
        self.settings = settings
        self.snapshots = snapshots
        self.clock = clock
        self.initial = initial
    }

    /// The badge now, counted in one read of the store; nothing is read but the settings while it is off.
    public func load() async throws -> AppBadgeScene.Response {
        let owner = try await settings.loadSettings() ?? initial()
        guard owner.appBadge == .leftToday else { return AppBadgeScene.Response(setting: owner.appBadge, count: nil) }
        let zone = owner.timeZone
        let today = DayKey(date: clock.now(), timeZone: zone)
        let calendar = Calendar.gregorian(in: zone)
        let count = try await snapshots.read(splittingDaysIn: zone) { store in
            let trackers = try store.trackers()
            return LeftToday.count(
                tasks: try store.tasks(on: today, calendar: calendar), trackers: trackers,
                values: try store.trackerValues(
                    from: today.adding(days: -LeftToday.lookBack(trackers)), through: today),
                today: today)
        }
        return AppBadgeScene.Response(setting: .leftToday, count: count)
    }
}

public enum AppBadgePresenter {
    public static func present(_ response: AppBadgeScene.Response) -> AppBadgeScene.ViewModel {
        AppBadgeScene.ViewModel(appBadge: response.setting.rawValue, count: response.count)
    }
}
