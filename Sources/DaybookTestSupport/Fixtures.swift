import DaybookCore
import DaybookStore
import Foundation

/// Ready-made values for tests.
public enum Fixtures {
    public static let seoul = TimeZone(identifier: "Asia/Seoul")!

    /// Settings of someone who finished onboarding.
    public static func settings(
        name: String = "Mina", journalName: String = "Morning Pages", language: AppLanguage = .english,
        timeZone: TimeZone = seoul
    ) -> Settings {
        var settings = Settings.initial(language: language, timeZone: timeZone)
        settings.name = name
        settings.journalName = journalName
        return settings
    }

    /// A fresh in-memory database with every migration applied.
    public static func database(settings: Settings? = nil) async throws -> AppDatabase {
        let database = try AppDatabase.inMemory()
        if let settings { try await database.saveSettings(settings) }
        return database
    }

    /// A temporary folder removed by the caller (or by the OS).
    public static func temporaryFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent(
            "daybook-test-\(ProcessInfo.processInfo.globallyUniqueString)")
    }

    public static var catalog: StringCatalog { .bundled }

    public static func localizer(_ language: AppLanguage = .english, timeZone: TimeZone = seoul) -> Localizer {
        Localizer(language: language, timeZone: timeZone, catalog: .bundled)
    }
}
