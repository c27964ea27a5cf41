import Foundation

/// Something the owner keeps track of day by day: a number with a unit, a yes/no habit, a 1–5 rating or a
/// length of time. Each day holds at most one value.
public struct Tracker: Equatable, Sendable, Identifiable {
    public var id: String
    public var name: String
    public var kind: TrackerKind
    /// What a number counts; `nil` for other kinds and for plain numbers.
    public var unit: TrackerUnit?
    /// What a day should reach; a yes/no tracker's target is always "done".
    public var target: TrackerTarget?
    /// A preset's name or `#rrggbb`, as tasks take it.
    public var color: String
    /// Where it shows among the active trackers, smallest first.
    public var position: Int
    public var createdAt: Date
    /// When it was archived; archived trackers leave Today and the widgets but keep their values.
    public var archivedAt: Date?
    /// How many days of each window must be met; every day unless set.
    public var frequency: TrackerFrequency
    /// A question or description shown on the tracker's page ("Did you meditate today?"); `nil` for none.
    public var note: String?

    public init(
        id: String, name: String, kind: TrackerKind, unit: TrackerUnit? = nil, target: TrackerTarget? = nil,
        color: String = TaskColor.defaultName, position: Int = 0, createdAt: Date, archivedAt: Date? = nil,
        frequency: TrackerFrequency = .daily, note: String? = nil
    ) {
        self.id = id
        self.name = name
        self.kind = kind
        self.unit = unit
        self.target = target
        self.color = color
        self.position = position
        self.createdAt = createdAt
        self.archivedAt = archivedAt
        self.frequency = frequency
        self.note = note
    }

    public var isArchived: Bool { archivedAt != nil }

    /// Whether a day's value counts toward the streak: a yes/no tracker done; with a target, the target reached;
    /// without one, anything noted.
    public func meets(_ value: Double?) -> Bool {
        guard let value else { return false }
        if kind == .boolean { return value >= 1 }
        guard let target else { return true }
        return target.isMet(by: value)
    }

    /// How much of the day's aim a value reaches, 0–1, for the strength score: a number short of an "at least"
    /// target earns its share; everything else earns all or nothing.
    public func credit(_ value: Double?) -> Double {
        guard let value else { return 0 }
        if kind != .boolean, let target, target.comparison == .atLeast, target.value > 0 {
            return min(1, max(0, value / target.value))
        }
        return meets(value) ? 1 : 0
    }

    /// Explicit limits, shown to people when they are crossed.
    public enum Limits {
        public static let nameLength = 60
        public static let unitLabelLength = 20
        /// Active and archived together.
        public static let count = 100
        /// The largest size of a number (either sign).
        public static let magnitude = 1_000_000_000.0
        public static let rating = 1...5
        /// A day holds at most 24 hours.
        public static let durationMinutes = 0...1440
        /// The note's length in characters; it may run over several lines.
        public static let noteLength = 500
    }

    /// A note as kept: trimmed, `nil` when blank.
    ///
    /// - Throws: `FieldProblem.tooLong` past `Limits.noteLength` characters.
    public static func checkedNote(_ raw: String?) throws(FieldProblem) -> String? {
        guard let text = raw?.trimmingWhiteSpace(), !text.isEmpty else { return nil }
        guard text.count <= Limits.noteLength else { throw .tooLong(limit: Limits.noteLength) }
        return text
    }

    /// A note from elsewhere (an import) as kept: trimmed, cut to `Limits.noteLength` characters, `nil` when
    /// blank.
    public static func clippedNote(_ raw: String?) -> String? {
        guard let text = raw?.trimmingWhiteSpace(), !text.isEmpty else { return nil }
        return String(text.prefix(Limits.noteLength)).trimmingWhiteSpace()
    }
}

public enum TrackerKind: String, CaseIterable, Codable, Sendable {
    /// A number, with a unit when it counts something: 2.5 l, 8,000 steps.
    case number
    /// Done or not done.
    case boolean
    /// One to five stars.
    case rating
    /// Hours and minutes, kept as minutes.
    case duration
}

/// The unit of a number tracker: one of the canonical units, or a label of the owner's own.
public enum TrackerUnit: Equatable, Sendable {
    case canonical(CanonicalUnit)
    /// An amount of money in the ISO 4217 currency `code` (for example `EUR`).
    case currency(code: String)
    case custom(String)

    /// The unit as stored (in the database and the export): a name (`litres`, `currency`, `custom`) and a label
    /// (the currency code or the custom label).
    public var stored: (name: String, label: String?) {
        switch self {
        case .canonical(let canonical): (canonical.rawValue, nil)
        case .currency(let code): (CanonicalUnit.currency.rawValue, code)
        case .custom(let label): (CanonicalUnit.customName, label)
        }
    }

    /// A unit from its stored name and label; nil for none or a name this version does not know.
    public init?(stored name: String?, label: String?) {
        switch name {
        case CanonicalUnit.currency.rawValue?: self = .currency(code: label ?? "USD")
        case CanonicalUnit.customName?:
            guard let label else { return nil }
            self = .custom(label)
        case let name?:
            guard let canonical = CanonicalUnit(rawValue: name) else { return nil }
            self = .canonical(canonical)
        case nil: return nil
        }
    }

    /// The canonical units, in the order a unit picker offers them for `system`: its own measures first.
    public static func offered(for system: UnitSystem) -> [CanonicalUnit] {
        let metric: [CanonicalUnit] = [.kilograms, .kilometres, .litres]
        let imperial: [CanonicalUnit] = [.pounds, .miles]
        return (system == .metric ? metric + imperial : imperial + metric) + [.steps, .currency]
    }

    /// The currency people of `language` most likely count in, as a new currency tracker's default.
    public static func defaultCurrency(for language: AppLanguage) -> String {
        switch language {
        case .english: "USD"
        case .korean: "KRW"
        case .japanese: "JPY"
        case .simplifiedChinese: "CNY"
        }
    }
}

/// The seven units Daybook knows how to name and format in every language.
public enum CanonicalUnit: String, CaseIterable, Codable, Sendable {
    case currency, kilograms, pounds, kilometres, miles, litres, steps

    /// The short names people type (`kg`, `lb`, `km`, `mi`, `l`), as the CLI takes them.
    public init?(typed: String) {
        switch typed.trimmingCharacters(in: .whitespaces).lowercased() {
        case "currency", "money": self = .currency
        case "kg", "kgs", "kilogram", "kilograms": self = .kilograms
        case "lb", "lbs", "pound", "pounds": self = .pounds
        case "km", "kilometer", "kilometers", "kilometre", "kilometres": self = .kilometres
        case "mi", "mile", "miles": self = .miles
        case "l", "liter", "liters", "litre", "litres": self = .litres
        case "steps", "step": self = .steps
        default: return nil
        }
    }

    /// The name a unit of one's own goes by, with its label beside it.
    public static let customName = "custom"

    /// Every unit name the API and the CLI take, spelled as both write them, for the errors that list them.
    public static var names: [String] { allCases.map(\.rawValue) + [customName] }

    /// The measuring system the unit belongs to; `nil` for units every system shares.
    public var system: UnitSystem? {
        switch self {
        case .kilograms, .kilometres, .litres: .metric
        case .pounds, .miles: .imperial
        case .currency, .steps: nil
        }
    }
}

/// A day's aim: reach at least, or stay at most, a value.
public struct TrackerTarget: Equatable, Sendable {
    public enum Comparison: String, CaseIterable, Codable, Sendable {
        case atLeast, atMost
    }

    public var comparison: Comparison
    public var value: Double

    public init(_ comparison: Comparison, _ value: Double) {
        self.comparison = comparison
        self.value = value
    }

    public func isMet(by value: Double) -> Bool {
        switch comparison {
        case .atLeast: value >= self.value
        case .atMost: value <= self.value
        }
    }
}
