import DaybookCore
import Foundation
import GRDB

/// The one row of the `settings` table.
struct SettingsRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "settings"

    var id: Int64 = 1
    var name: String
    var journalName: String
    var language: String
    var accentColor: String
    var appearance: String
    var timeZone: String
    var firstWeekday: String
    var units: String
    var focusMinutes: Int
    var focusSound: String
    var dailyGoalMinutes: Int
    var appBadge: String

    init(_ settings: Settings) {
        name = settings.name
        journalName = settings.journalName
        language = settings.language.rawValue
        accentColor = settings.accentColor.hex
        appearance = settings.appearance.rawValue
        timeZone = settings.timeZoneIdentifier
        firstWeekday = settings.firstWeekday.rawValue
        units = settings.units.rawValue
        focusMinutes = settings.focusMinutes
        focusSound = settings.focusSound.rawValue
        dailyGoalMinutes = settings.dailyGoalMinutes
        appBadge = settings.appBadge.rawValue
    }

    /// The domain value; a value this version does not know (written by a newer one) falls back to its default.
    var settings: Settings {
        let fallback = Settings.initial(language: .english, timeZone: TimeZone(secondsFromGMT: 0)!)
        return Settings(
            name: name, journalName: journalName, language: AppLanguage(rawValue: language) ?? fallback.language,
            accentColor: HexColor(hex: accentColor) ?? fallback.accentColor,
            appearance: Appearance(rawValue: appearance) ?? fallback.appearance,
            timeZoneIdentifier: TimeZone(identifier: timeZone) == nil ? fallback.timeZoneIdentifier : timeZone,
            firstWeekday: FirstWeekday(rawValue: firstWeekday) ?? fallback.firstWeekday,
            units: UnitSystem(rawValue: units) ?? fallback.units,
            focusMinutes: Settings.Limits.focusMinutes.contains(focusMinutes) ? focusMinutes : fallback.focusMinutes,
            focusSound: AmbientSound(rawValue: focusSound) ?? fallback.focusSound,
            dailyGoalMinutes: Settings.Limits.dailyGoalMinutes.contains(dailyGoalMinutes)
                ? dailyGoalMinutes : fallback.dailyGoalMinutes,
            appBadge: AppBadge(rawValue: appBadge) ?? fallback.appBadge)
    }
}

extension AppDatabase: SettingsStore {
    /// From memory once read: this process is the one writer, and every save replaces the copy kept there.
    public func loadSettings() async throws -> Settings? {
        if let known = settingsCache.value { return known }
        let stored = try await writer.read { db in try SettingsRecord.fetchOne(db, key: 1)?.settings }
        settingsCache.remember(read: stored)
        return stored
    }

    public func saveSettings(_ settings: Settings) async throws {
        try await rememberingSettings(settings) {
            try await write { db in try SettingsRecord(settings).upsert(db) }
        }
    }

    /// Runs a write that saves `settings` and keeps the copy in memory true: replaced once the write is done,
    /// forgotten (read again next time) when it failed.
    func rememberingSettings<T>(_ settings: Settings, _ write: () async throws -> T) async throws -> T {
        settingsCache.forget()
        do {
            let result = try await write()
            settingsCache.replace(with: settings)
            return result
        } catch {
            settingsCache.forget()
            throw error
        }
    }
}
