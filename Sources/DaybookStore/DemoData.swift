import DaybookCore
import Foundation

extension AppDatabase {
    /// Fills the database with realistic, deterministic demo data.
    ///
    /// - Parameters:
    ///   - years: how many years of history to make (used by data kinds that have history).
    ///   - seed: the same seed always makes the same data.
    ///   - timeZone: the owner's time zone.
    public func fillDemo(years: Int, seed: UInt64, timeZone: TimeZone) async throws {
        var random = SeededGenerator(seed: seed)
        let names = ["Mina", "Jun", "Aiko", "Wei", "Sam", "Noor", "Elena", "Tomas"]
        let journals = ["Morning Pages", "Field Notes", "Quiet Hours", "The Long Week", "Small Wins"]
        var settings = Settings.initial(language: .english, timeZone: timeZone)
        settings.name = names.randomElement(using: &random)!
        settings.journalName = journals.randomElement(using: &random)!
        settings.accentColor = HexColor.presets.randomElement(using: &random)!
        settings.focusMinutes = [25, 30, 45, 50, 90].randomElement(using: &random)!
        try await saveSettings(settings)
    }
}
