import Foundation

/// The owner's preferences: one row in the database.
public struct Settings: Equatable, Sendable {
    public var name: String
    public var journalName: String
    public var language: AppLanguage
    public var accentColor: HexColor
    public var appearance: Appearance
    /// An IANA identifier such as `Asia/Seoul`; always one `TimeZone(identifier:)` knows.
    public var timeZoneIdentifier: String
    public var firstWeekday: FirstWeekday
    public var units: UnitSystem
    /// The default length of a focus session, 1–240 minutes.
    public var focusMinutes: Int
    public var focusSound: AmbientSound
    /// Minutes of focus a day should hold, 0–960; 0 means no goal. Today draws a ring toward it.
    public var dailyGoalMinutes: Int
    /// What the installed app's icon badge counts; nothing until the owner turns it on.
    public var appBadge: AppBadge

    public init(
        name: String, journalName: String, language: AppLanguage, accentColor: HexColor, appearance: Appearance,
        timeZoneIdentifier: String, firstWeekday: FirstWeekday, units: UnitSystem, focusMinutes: Int,
        focusSound: AmbientSound, dailyGoalMinutes: Int = Limits.defaultDailyGoalMinutes, appBadge: AppBadge = .off
    ) {
        self.name = name
        self.journalName = journalName
        self.language = language
        self.accentColor = accentColor
        self.appearance = appearance
        self.timeZoneIdentifier = timeZoneIdentifier
        self.firstWeekday = firstWeekday
        self.units = units
        self.focusMinutes = focusMinutes
        self.focusSound = focusSound
        self.dailyGoalMinutes = dailyGoalMinutes
        self.appBadge = appBadge
    }

    /// Settings before the owner has chosen anything.
    ///
    /// - Parameters:
    ///   - language: negotiated from the browser on the first visit.
    ///   - timeZone: the server's time zone, the best first guess.
    public static func initial(language: AppLanguage, timeZone: TimeZone) -> Settings {
        Settings(
            name: "", journalName: "", language: language, accentColor: .defaultAccent, appearance: .system,
            timeZoneIdentifier: timeZone.identifier, firstWeekday: .monday, units: .metric,
            focusMinutes: Limits.defaultFocusMinutes, focusSound: .rain)
    }

    /// Onboarding shows while the name or the journal's name is empty.
    public var needsOnboarding: Bool { name.isEmpty || journalName.isEmpty }

    public var timeZone: TimeZone { TimeZone(identifier: timeZoneIdentifier) ?? TimeZone(secondsFromGMT: 0)! }

    /// Explicit limits, shown to people when they are crossed.
    public enum Limits {
        public static let nameLength = 100
        public static let focusMinutes = 1...240
        public static let defaultFocusMinutes = 25
        /// 0 turns the goal off; 16 hours is the most a day can sensibly hold.
        public static let dailyGoalMinutes = 0...960
        public static let defaultDailyGoalMinutes = 120
    }
}

extension HexColor {
    /// Deep teal: calm, and readable on cream and on near-black.
    public static let defaultAccent = HexColor(hex: "#2f6f6a")!

    /// Swatches offered during onboarding and in Settings.
    public static let presets: [HexColor] = [
        "#2f6f6a", "#3b5ba5", "#7b4fa0", "#b03a5b", "#c2562b", "#a07818", "#4d7a2f", "#5b6470",
    ].compactMap { HexColor(hex: $0) }
}

public enum Appearance: String, CaseIterable, Codable, Sendable {
    case system, light, dark
}

public enum UnitSystem: String, CaseIterable, Codable, Sendable {
    case metric, imperial
}

/// The day a week starts on, in calendars and weekly statistics.
public enum FirstWeekday: String, CaseIterable, Codable, Sendable {
    case monday, sunday, saturday

    /// `Calendar.firstWeekday` numbering: Sunday is 1.
    public var calendarValue: Int {
        switch self {
        case .sunday: 1
        case .monday: 2
        case .saturday: 7
        }
    }
}

/// The ambient loops Focus Mode can play.
public enum AmbientSound: String, CaseIterable, Codable, Sendable {
    case rain, birdsong, waves
    case brownNoise = "brown-noise"
    case fireplace
    case none
}

/// What the badge on Daybook's Home Screen or dock icon shows.
public enum AppBadge: String, CaseIterable, Codable, Sendable {
    /// No badge.
    case off
    /// How much of today is left: the yes/no trackers due and not ticked, and the blocks not done.
    case leftToday
}
