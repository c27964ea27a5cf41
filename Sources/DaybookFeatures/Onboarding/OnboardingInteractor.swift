import DaybookCore
import Foundation

/// Gets a new owner from a welcome to a named journal.
public struct OnboardingInteractor: Sendable {
    private let store: any SettingsStore
    private let initial: @Sendable (AppLanguage) -> Settings

    /// - Parameters:
    ///   - store: where settings are saved.
    ///   - initial: the settings to start from before anything was saved, given the negotiated language.
    public init(store: any SettingsStore, initial: @escaping @Sendable (AppLanguage) -> Settings) {
        self.store = store
        self.initial = initial
    }

    /// The settings so far and the step to show: a step can't be skipped.
    public func load(requested: Onboarding.Step?, negotiated: AppLanguage) async throws -> Onboarding.Load.Response {
        let settings = try await current(negotiated: negotiated)
        var step = requested ?? .welcome
        if step == .journal, settings.name.isEmpty { step = .name }
        return Onboarding.Load.Response(settings: settings, step: step)
    }

    /// Saves the chosen language so every following step speaks it.
    public func chooseLanguage(_ raw: String, negotiated: AppLanguage) async throws -> Settings {
        try await save(SettingsChange(language: raw), negotiated: negotiated)
    }

    public func saveName(_ raw: String, negotiated: AppLanguage) async throws -> Settings {
        try await save(SettingsChange(name: raw), negotiated: negotiated)
    }

    /// Saves the journal's name and accent; onboarding is complete when the name is set too.
    public func finish(journalName: String, accentColor: String?, negotiated: AppLanguage) async throws -> Settings {
        let settings = try await current(negotiated: negotiated)
        guard !settings.name.isEmpty else { throw SettingsChange.Problem(problems: [.name: .empty]) }
        return try await save(
            SettingsChange(journalName: journalName, accentColor: accentColor ?? settings.accentColor.hex),
            negotiated: negotiated)
    }

    /// The saved settings, or the first-visit defaults.
    public func current(negotiated: AppLanguage) async throws -> Settings {
        try await store.loadSettings() ?? initial(negotiated)
    }

    private func save(_ change: SettingsChange, negotiated: AppLanguage) async throws -> Settings {
        let updated = try await current(negotiated: negotiated).applying(change)
        try await store.saveSettings(updated)
        return updated
    }
}
