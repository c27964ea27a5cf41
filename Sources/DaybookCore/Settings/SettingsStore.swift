import Foundation

/// Where the owner's settings are kept.
public protocol SettingsStore: Sendable {
    /// The saved settings, or `nil` before anything was saved.
    func loadSettings() async throws -> Settings?
    /// Replaces the saved settings in one transaction.
    func saveSettings(_ settings: Settings) async throws
}
