import DaybookCore
import Foundation

public enum Trackers {
    /// The longest span of days one request for values may cover: ten years.
    public static let maximumSpanDays = 3660

    /// Why a tracker request was refused; nothing was saved.
    public indirect enum Problem: Error, Equatable, Sendable {
        case notFound
        case name(FieldProblem)
        case duplicateName
        case tooMany(limit: Int)
        case unknownKind
        /// A tracker's kind is fixed once it exists: its values would mean something else.
        case kindIsFixed
        case unknownUnit
        case unitLabel(FieldProblem)
        case invalidCurrency
        /// A unit given for a kind that has none (only numbers have units).
        case unitForKind
        case invalidTarget(TrackerKind)
        case invalidColor
        case invalidValue(TrackerKind)
        /// The duration editor's hours and minutes that are not whole numbers, or minutes past 59.
        case unreadableDuration
        /// A value change names neither a value nor an amount to add, or both.
        case valueOrAdd
        case invalidDate
        /// A span of days that ends before it starts, or is longer than `maximumSpanDays`.
        case invalidSpan
        /// Values are kept for today and the days before it.
        case futureDay
        /// Only a yes/no tracker can be toggled.
        case notToggleable
        /// An archived tracker takes no new values until it is restored.
        case archived
        /// A frequency that is none of the forms, or a count outside its form's limits.
        case invalidFrequency
        case note(FieldProblem)
        /// A change that would be right for a tracker of another kind, but not for this one as it is stored: a
        /// unit, its label or a target its kind does not take.
        case doesNotFit(Problem)
    }

    /// What a form, the API or the CLI sent to make or change a tracker. For a change, `nil` leaves a field as it
    /// is; an empty unit or target clears it.
    public struct Draft: Sendable, Equatable {
        public var name: String?
        public var kind: String?
        /// A canonical unit's name or short name (`kg`), `custom`, or empty for none.
        public var unit: String?
        /// The custom unit's label, or a currency's ISO code.
        public var unitLabel: String?
        /// `atLeast`, `atMost`, or empty for no target.
        public var targetComparison: String?
        /// For a duration: minutes, or `1h30m`.
        public var targetValue: String?
        public var color: String?
        /// `true` archives, `false` restores.
        public var archived: Bool?
        /// As `TrackerFrequency.text` writes it: `daily`, `3/week`, `5/month`, `every-2-days`, `2/3`.
        public var frequency: String?
        /// The question or description; empty clears it.
        public var note: String?

        public init(
            name: String? = nil, kind: String? = nil, unit: String? = nil, unitLabel: String? = nil,
            targetComparison: String? = nil, targetValue: String? = nil, color: String? = nil, archived: Bool? = nil,
            frequency: String? = nil, note: String? = nil
        ) {
            self.name = name
            self.kind = kind
            self.unit = unit
            self.unitLabel = unitLabel
            self.targetComparison = targetComparison
            self.targetValue = targetValue
            self.color = color
            self.archived = archived
            self.frequency = frequency
            self.note = note
        }
    }

    /// A day's value as it arrived.
    public enum ValueInput: Sendable, Equatable {
        /// As typed: `72.5`, `done`, `4`, `1h30m`.
        case text(String)
        /// A JSON number: the value itself, minutes for a duration.
        case number(Double)
        /// A JSON boolean, for a yes/no tracker.
        case flag(Bool)
        /// No value for the day.
        case clear
    }

    public struct ListResponse: Sendable {
        public var settings: Settings
        public var today: DayKey
        public var trackers: [Tracker]
        public var todayValues: [String: Double]
        public var progress: [String: TrackerProgress]
    }

    public struct DetailResponse: Sendable {
        public var settings: Settings
        public var today: DayKey
        public var tracker: Tracker
        /// The first day of the month the grid shows.
        public var month: DayKey
        /// The day whose value the editor shows.
        public var day: DayKey
        /// Every value from the tracker's first day through today.
        public var values: [DayKey: Double]
        public var progress: TrackerProgress
    }

    /// What an API request found or did, for the presenter to show.
    public enum APIAnswer: Sendable {
        case list(ListResponse)
        case tracker(DetailResponse)
        case values(DetailResponse, from: DayKey, through: DayKey)
        /// A change with what it did said in a sentence.
        case said(Saved)
    }

    /// What `save` did.
    public struct Saved: Sendable {
        public var tracker: Tracker
        public var day: DayKey
        public var value: Double?
        /// The tracker's streak after the change.
        public var streak: Int
    }

    // MARK: - View models

    /// A tracker's slot for one day, with its kind's editor: Today, the tracker page, the API.
    public struct Slot: Sendable, Encodable {
        public var id: String
        public var name: String
        public var kind: String
        public var href: String
        public var color: String
        public var day: String
        public var action: String
        /// Where the form goes after saving.
        public var back: String
        /// The value in words, or a dash.
        public var valueLabel: String
        /// The stored value; minutes for a duration.
        public var value: Double?
        public var isMet: Bool
        public var targetLabel: String?
        public var isBoolean: Bool
        public var isNumber: Bool
        public var isRating: Bool
        public var isDuration: Bool
        /// The value as an input shows it (`72.5`).
        public var inputValue: String
        public var unitSymbol: String?
        public var toggleLabel: String
        public var nextToggle: String
        public var decrement: Step?
        public var increment: Step?
        public var stars: [Star]
        public var hours: Int
        public var minutes: Int
        public var hoursLabel: String
        public var minutesLabel: String
        public var saveLabel: String
        public var clearLabel: String
        public var valueFieldLabel: String
    }

    public struct Step: Sendable, Encodable {
        public var value: String
        public var label: String
    }

    public struct Star: Sendable, Encodable {
        public var value: Int
        public var label: String
        public var isOn: Bool
    }

    public struct Row: Sendable, Encodable {
        public var id: String
        public var name: String
        public var href: String
        public var editHref: String
        public var color: String
        public var kindLabel: String
        public var frequencyLabel: String
        public var todayLabel: String
        public var streakLabel: String
        public var strengthLabel: String
        public var strengthPercent: Int
        public var moveUpLabel: String
        public var moveDownLabel: String
        public var isFirst: Bool
        public var isLast: Bool
        public var restoreLabel: String
        public var deleteLabel: String
    }

    public struct ListViewModel: Sendable, Encodable {
        public var title: String
        public var lead: String
        public var newLabel: String
        public var active: [Row]
        public var archived: [Row]
        public var archivedHeading: String
        public var emptyText: String
        public var reorderHint: String
        public var todayHeading: String
        public var slots: [Slot]
        public var hasSlots: Bool
        public var hasActive: Bool
        public var hasArchived: Bool
    }

    public struct MonthCell: Sendable, Encodable {
        public var day: String
        public var number: String
        public var label: String
        public var href: String?
        public var isMet: Bool
        /// Not met itself, but covered by the met days of its window (never for a daily tracker).
        public var isCovered: Bool
        public var hasValue: Bool
        public var isToday: Bool
        public var isSelected: Bool
        public var isOutside: Bool
        /// 0–100: how far toward the target, for shading.
        public var level: Int
    }

    public struct MonthGrid: Sendable, Encodable {
        public var title: String
        /// What the done and covered shades mean, for a tracker that is not daily.
        public var legend: [LegendItem]
        public var hasLegend: Bool
        public var weekdays: [String]
        public var weeks: [[MonthCell]]
        public var previousHref: String
        public var nextHref: String?
        public var previousLabel: String
        public var nextLabel: String
    }

    public struct LegendItem: Sendable, Encodable {
        /// `met`, `covered` or `missed`, as the cells' classes.
        public var state: String
        public var label: String
    }

    public struct ChartBar: Sendable, Encodable {
        public var x: String
        public var y: String
        public var height: String
        public var isMet: Bool
        public var label: String
    }

    public struct Chart: Sendable, Encodable {
        public var heading: String
        public var description: String
        public var bars: [ChartBar]
        public var targetY: String?
        public var width: Int
        public var height: Int
        public var maxLabel: String
        public var firstLabel: String
        public var lastLabel: String
    }

    public struct DetailViewModel: Sendable, Encodable {
        public var title: String
        public var id: String
        public var color: String
        public var kindLabel: String
        public var targetLabel: String?
        /// "Every day", "3 times a week".
        public var frequencyLabel: String
        /// The owner's question or description, as written.
        public var note: String?
        public var isArchived: Bool
        public var archivedNote: String?
        public var editHref: String
        public var editLabel: String
        public var backHref: String
        public var backLabel: String
        public var streakHeading: String
        public var currentStreak: String
        public var longestLabel: String
        public var longestStreak: String
        public var strengthHeading: String
        public var strength: String
        public var strengthPercent: Int
        public var strengthHint: String
        public var metLine: String
        public var slot: Slot?
        public var slotHeading: String
        public var grid: MonthGrid
        public var chart: Chart
        public var widgetHref: String
        public var widgetLabel: String
    }

    /// The new and edit forms.
    public struct FormViewModel: Sendable, Encodable {
        public var title: String
        public var action: String
        public var isNew: Bool
        public var name: FormField
        public var kind: FormField
        public var unit: FormField
        public var unitLabel: FormField
        public var targetComparison: FormField
        public var targetValue: FormField
        public var color: FormField
        /// Every day, times a week, times a month, every K days (or the tracker's own window).
        public var frequency: FormField
        /// The N or K of the chosen form.
        public var frequencyCount: FormField
        public var note: FormField
        public var saveLabel: String
        public var cancelHref: String
        public var cancelLabel: String
        public var error: String?
        public var archiveAction: String?
        public var archiveLabel: String
        public var isArchived: Bool
    }
}
