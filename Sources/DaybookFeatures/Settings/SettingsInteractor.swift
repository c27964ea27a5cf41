import DaybookCore
import Foundation

/// Reads and changes the owner's settings; a change is saved whole or not at all.
public struct SettingsInteractor: Sendable {
    private let store: any SettingsStore
    private let events: EventBus
    private let initial: @Sendable () -> Settings

    /// - Parameters:
    ///   - events: told after every saved change, so open pages can follow.
    ///   - initial: the settings to start from before anything was saved.
    public init(store: any SettingsStore, events: EventBus, initial: @escaping @Sendable () -> Settings) {
        self.store = store
        self.events = events
        self.initial = initial
    }

    public func load() async throws -> SettingsScene.Load.Response {
        SettingsScene.Load.Response(settings: try await current(), timeZoneIdentifiers: Self.timeZoneIdentifiers)
    }

    /// Applies `change` and saves it.
    ///
    /// - Throws: `SettingsChange.Problem` when any field is refused; nothing is saved then.
    public func update(_ change: SettingsChange) async throws -> SettingsScene.Load.Response {
        let updated = try await current().applying(change)
        try await store.saveSettings(updated)
        await events.publish(.settings)
        return SettingsScene.Load.Response(settings: updated, timeZoneIdentifiers: Self.timeZoneIdentifiers)
    }

    public func current() async throws -> Settings {
        try await store.loadSettings() ?? initial()
    }

    static let timeZoneIdentifiers: [String] = (TimeZone.knownTimeZoneIdentifiers + ["UTC"]).sorted()
}
