import Foundation

/// A change to some settings as a person typed it: every field optional, every value raw text.
public struct SettingsChange: Equatable, Sendable, Codable {
    public var name: String?
    public var journalName: String?
    public var language: String?
    public var accentColor: String?
    public var appearance: String?
    public var timeZone: String?
    public var firstWeekday: String?
    public var units: String?
    public var focusMinutes: String?
    public var focusSound: String?
    public var dailyGoalMinutes: String?
    public var appBadge: String?

    public init(
        name: String? = nil, journalName: String? = nil, language: String? = nil, accentColor: String? = nil,
        appearance: String? = nil, timeZone: String? = nil, firstWeekday: String? = nil, units: String? = nil,
        focusMinutes: String? = nil, focusSound: String? = nil, dailyGoalMinutes: String? = nil,
        appBadge: String? = nil
    ) {
        self.name = name
        self.journalName = journalName
        self.language = language
        self.accentColor = accentColor
        self.appearance = appearance
        self.timeZone = timeZone
        self.firstWeekday = firstWeekday
        self.units = units
        self.focusMinutes = focusMinutes
        self.focusSound = focusSound
        self.dailyGoalMinutes = dailyGoalMinutes
        self.appBadge = appBadge
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decodeIfPresent(String.self, forKey: .name)
        journalName = try container.decodeIfPresent(String.self, forKey: .journalName)
        language = try container.decodeIfPresent(String.self, forKey: .language)
        accentColor = try container.decodeIfPresent(String.self, forKey: .accentColor)
        appearance = try container.decodeIfPresent(String.self, forKey: .appearance)
        timeZone = try container.decodeIfPresent(String.self, forKey: .timeZone)
        firstWeekday = try container.decodeIfPresent(String.self, forKey: .firstWeekday)
        units = try container.decodeIfPresent(String.self, forKey: .units)
        focusSound = try container.decodeIfPresent(String.self, forKey: .focusSound)
        appBadge = try container.decodeIfPresent(String.self, forKey: .appBadge)
        focusMinutes = try Self.decodeNumberOrText(container, .focusMinutes)
        dailyGoalMinutes = try Self.decodeNumberOrText(container, .dailyGoalMinutes)
    }

    /// JSON clients send a number; forms send text. Both are welcome.
    private static func decodeNumberOrText(_ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) throws
        -> String?
    {
        if let number = try? container.decodeIfPresent(Int.self, forKey: key) { return String(number) }
        return try container.decodeIfPresent(String.self, forKey: key)
    }

    /// The field names a change may carry, as the API and forms spell them.
    public static let fieldNames: [String] = CodingKeys.allCases.map { $0.rawValue }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case name, journalName, language, accentColor, appearance, timeZone, firstWeekday, units, focusMinutes
        case focusSound, dailyGoalMinutes, appBadge
    }
}

/// A settings field, named as in forms and the API.
public enum SettingsField: String, CaseIterable, Sendable, Codable {
    case name, journalName, language, accentColor, appearance, timeZone, firstWeekday, units, focusMinutes, focusSound
    case dailyGoalMinutes, appBadge
}

/// Why a value was refused. Each case names the catalog key of its message.
public enum FieldProblem: Error, Equatable, Sendable {
    case empty
    case tooLong(limit: Int)
    case lineBreak
    case invalidColor
    case unknownChoice
    case unknownTimeZone
    case notAWholeNumber
    case outOfRange(ClosedRange<Int>)
}

extension SettingsChange {
    /// Every field a change got wrong; nothing is saved when there is any.
    public struct Problem: Error, Equatable, Sendable {
        public var problems: [SettingsField: FieldProblem]

        public init(problems: [SettingsField: FieldProblem]) {
            self.problems = problems
        }
    }
}

extension Settings {
    /// These settings with `change` applied, or every problem found.
    ///
    /// - Throws: `SettingsChange.Problem` listing each refused field; `self` is untouched.
    public func applying(_ change: SettingsChange) throws(SettingsChange.Problem) -> Settings {
        var result = self
        var problems: [SettingsField: FieldProblem] = [:]

        func check<Value>(_ field: SettingsField, _ raw: String?, _ parse: (String) -> Result<Value, FieldProblem>)
            -> Value?
        {
            guard let raw else { return nil }
            switch parse(raw.trimmingWhiteSpace()) {
            case .success(let value): return value
            case .failure(let problem):
                problems[field] = problem
                return nil
            }
        }
        func choice<Choice: RawRepresentable<String>>(_: Choice.Type) -> (String) -> Result<Choice, FieldProblem> {
            { raw in
                guard let value = Choice(rawValue: raw) else { return .failure(.unknownChoice) }
                return .success(value)
            }
        }

        if let value = check(.name, change.name, Self.parseName) { result.name = value }
        if let value = check(.journalName, change.journalName, Self.parseName) { result.journalName = value }
        if let value = check(.language, change.language, choice(AppLanguage.self)) { result.language = value }
        if let value = check(.accentColor, change.accentColor, Self.parseColor) { result.accentColor = value }
        if let value = check(.appearance, change.appearance, choice(Appearance.self)) { result.appearance = value }
        if let value = check(.timeZone, change.timeZone, Self.parseTimeZone) { result.timeZoneIdentifier = value }
        if let value = check(.firstWeekday, change.firstWeekday, choice(FirstWeekday.self)) {
            result.firstWeekday = value
        }
        if let value = check(.units, change.units, choice(UnitSystem.self)) { result.units = value }
        if let value = check(.focusMinutes, change.focusMinutes, { Self.parseMinutes($0, in: Limits.focusMinutes) }) {
            result.focusMinutes = value
        }
        if let value = check(.focusSound, change.focusSound, choice(AmbientSound.self)) { result.focusSound = value }
        if let value = check(
            .dailyGoalMinutes, change.dailyGoalMinutes, { Self.parseMinutes($0, in: Limits.dailyGoalMinutes) })
        {
            result.dailyGoalMinutes = value
        }
        if let value = check(.appBadge, change.appBadge, choice(AppBadge.self)) { result.appBadge = value }

        guard problems.isEmpty else { throw SettingsChange.Problem(problems: problems) }
        return result
    }

    static func parseName(_ text: String) -> Result<String, FieldProblem> {
        if text.isEmpty { return .failure(.empty) }
        if text.count > Limits.nameLength { return .failure(.tooLong(limit: Limits.nameLength)) }
        if text.unicodeScalars.contains(where: { CharacterSet.controlCharacters.contains($0) }) {
            return .failure(.lineBreak)
        }
        return .success(text)
    }

    static func parseColor(_ text: String) -> Result<HexColor, FieldProblem> {
        guard let color = HexColor(hex: text) else { return .failure(.invalidColor) }
        return .success(color)
    }

    static func parseTimeZone(_ text: String) -> Result<String, FieldProblem> {
        guard TimeZone.knownTimeZoneIdentifiers.contains(text) || text == "UTC" || text == "GMT",
            let zone = TimeZone(identifier: text)
        else { return .failure(.unknownTimeZone) }
        return .success(zone.identifier)
    }

    static func parseMinutes(_ text: String, in range: ClosedRange<Int>) -> Result<Int, FieldProblem> {
        guard let minutes = Int(text) else { return .failure(.notAWholeNumber) }
        guard range.contains(minutes) else { return .failure(.outOfRange(range)) }
        return .success(minutes)
    }
}
