import Foundation

/// A task planned for a day: a timed block on the timeline, or an "anytime" item when it has no start.
public struct PlannedTask: Equatable, Sendable, Codable {
    /// An opaque id given by the store.
    public var id: String
    public var title: String
    public var notes: String
    /// The day it is planned for; for a repeating task, the first day it occurs.
    public var day: DayKey
    /// When the block starts; `nil` for an anytime task.
    public var start: TimeOfDay?
    /// How long it lasts; always set on a timed task, optional (an estimate) on an anytime one.
    public var durationMinutes: Int?
    /// A preset name (`teal`) or `#rrggbb`; see `TaskColor`.
    public var colorHex: String
    public var isDone: Bool
    public var repeatRule: RepeatRule?
    /// The last day a repeating task occurs, when a change "from this day on" ended its series; `nil` for no end.
    public var repeatUntil: DayKey?

    public init(
        id: String, title: String, notes: String = "", day: DayKey, start: TimeOfDay? = nil,
        durationMinutes: Int? = nil, colorHex: String = TaskColor.defaultName, isDone: Bool = false,
        repeatRule: RepeatRule? = nil, repeatUntil: DayKey? = nil
    ) {
        self.id = id
        self.title = title
        self.notes = notes
        self.day = day
        self.start = start
        self.durationMinutes = durationMinutes
        self.colorHex = colorHex
        self.isDone = isDone
        self.repeatRule = repeatRule
        self.repeatUntil = repeatRule == nil ? nil : repeatUntil
    }

    /// A new task made of validated details.
    public init(id: String, details: TaskDetails, isDone: Bool = false) {
        self.init(
            id: id, title: details.title, notes: details.notes, day: details.day, start: details.start,
            durationMinutes: details.durationMinutes, colorHex: details.colorHex, isDone: isDone,
            repeatRule: details.repeatRule)
    }

    /// This task with its details replaced by `details`; the id, the done state and the end of its series stay.
    public func applying(_ details: TaskDetails) -> PlannedTask {
        var task = PlannedTask(id: id, details: details, isDone: isDone)
        if task.repeatRule != nil { task.repeatUntil = repeatUntil }
        return task
    }

    /// Whether it sits on the timeline (it has a start and a duration).
    public var isTimed: Bool { start != nil && durationMinutes != nil }

    /// The minute of its day the block starts, for a timed task.
    public var startMinute: Int? { isTimed ? start?.minutes : nil }

    /// The minute of its day the block ends (at most 1440), for a timed task.
    public var endMinute: Int? {
        guard let start, let durationMinutes else { return nil }
        return start.minutes + durationMinutes
    }

    /// Whether the task appears on `date`: its own day, or a later day its repeat rule matches.
    public func occurs(on date: DayKey, calendar: Calendar) -> Bool {
        guard let repeatRule else { return date == day }
        if let repeatUntil, date > repeatUntil { return false }
        return repeatRule.occurs(on: date, startingFrom: day, calendar: calendar)
    }

    /// Explicit limits, shown to people when they are crossed.
    public enum Limits {
        public static let titleLength = 200
        public static let notesLength = 2000
        /// Minutes a block may last: 5 minutes to a whole day.
        public static let durationMinutes = 5...1440
        /// The duration a timed block gets when only its start was given.
        public static let defaultDurationMinutes = 30
    }
}

/// Everything about a task a person edits, once validated (see `TaskDraft.validated()`).
public struct TaskDetails: Equatable, Sendable {
    public var title: String
    public var notes: String
    public var day: DayKey
    public var start: TimeOfDay?
    public var durationMinutes: Int?
    public var colorHex: String
    public var repeatRule: RepeatRule?

    public init(
        title: String, notes: String, day: DayKey, start: TimeOfDay?, durationMinutes: Int?, colorHex: String,
        repeatRule: RepeatRule?
    ) {
        self.title = title
        self.notes = notes
        self.day = day
        self.start = start
        self.durationMinutes = durationMinutes
        self.colorHex = colorHex
        self.repeatRule = repeatRule
    }
}
