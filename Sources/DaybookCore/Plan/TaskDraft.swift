import Foundation

/// A task as a person typed it in a form, the API or the CLI: every value raw text, every field optional.
///
/// JSON keys are the `TaskField` names (`title`, `notes`, `date`, `start`, `duration`, `color`, `repeat`);
/// `duration` may be a number of minutes or text such as `"1h30m"`.
public struct TaskDraft: Equatable, Sendable, Codable {
    public var title: String?
    public var notes: String?
    /// `YYYY-MM-DD`.
    public var date: String?
    /// `HH:mm`; blank for an anytime task.
    public var start: String?
    /// Minutes, or `90m`, `1h30m`, `1.5h`; blank for none.
    public var duration: String?
    /// A preset name or a hex colour; blank for the default.
    public var color: String?
    /// `daily`, `weekdays`, `weekly:mon,wed`; blank or `none` for a one-off task.
    public var repeatRule: String?

    public init(
        title: String? = nil, notes: String? = nil, date: String? = nil, start: String? = nil,
        duration: String? = nil, color: String? = nil, repeatRule: String? = nil
    ) {
        self.title = title
        self.notes = notes
        self.date = date
        self.start = start
        self.duration = duration
        self.color = color
        self.repeatRule = repeatRule
    }

    enum CodingKeys: String, CodingKey {
        case title, notes, date, start, duration, color
        case repeatRule = "repeat"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decodeIfPresent(String.self, forKey: .title)
        notes = try container.decodeIfPresent(String.self, forKey: .notes)
        date = try container.decodeIfPresent(String.self, forKey: .date)
        start = try container.decodeIfPresent(String.self, forKey: .start)
        color = try container.decodeIfPresent(String.self, forKey: .color)
        repeatRule = try container.decodeIfPresent(String.self, forKey: .repeatRule)
        // JSON clients send a number; forms and the CLI send text. Both are welcome.
        if let minutes = try? container.decodeIfPresent(Int.self, forKey: .duration) {
            duration = String(minutes)
        } else {
            duration = try container.decodeIfPresent(String.self, forKey: .duration)
        }
    }

    /// The draft checked against every rule, trimmed and normalized.
    ///
    /// A start without a duration gets `PlannedTask.Limits.defaultDurationMinutes`; a duration without a start
    /// is kept as the estimate of an anytime task. A blank colour becomes `TaskColor.defaultName`.
    /// - Throws: `TaskValidationError` naming every field that is wrong, with one problem each.
    public func validated() throws(TaskValidationError) -> TaskDetails {
        var problems: [TaskField: TaskProblem] = [:]
        let limits = PlannedTask.Limits.self

        let title = Self.trimmed(self.title) ?? ""
        if title.isEmpty {
            problems[.title] = .titleEmpty
        } else if title.count > limits.titleLength {
            problems[.title] = .titleTooLong(limit: limits.titleLength)
        }

        let notes = Self.trimmed(self.notes) ?? ""
        if notes.count > limits.notesLength { problems[.notes] = .notesTooLong(limit: limits.notesLength) }

        let day = Self.trimmed(date).flatMap(DayKey.init(string:))
        if day == nil { problems[.date] = .invalidDate }

        var start: TimeOfDay?
        if let text = Self.trimmed(self.start) {
            start = TimeOfDay(string: text)
            if start == nil { problems[.start] = .invalidTime }
        }

        var duration: Int?
        if let text = Self.trimmed(self.duration) {
            duration = DurationText.minutes(from: text).flatMap { limits.durationMinutes.contains($0) ? $0 : nil }
            if duration == nil { problems[.duration] = .durationOutOfRange(limits.durationMinutes) }
        } else if start != nil {
            duration = limits.defaultDurationMinutes
        }
        if let start, let minutes = duration, start.minutes + minutes > TimeOfDay.minutesPerDay {
            problems[.duration] = .endsAfterMidnight
        }

        var color = TaskColor.defaultName
        if let text = Self.trimmed(self.color) {
            if let normalized = TaskColor.normalized(text) {
                color = normalized
            } else {
                problems[.color] = .unknownColor
            }
        }

        var rule: RepeatRule?
        if let text = Self.trimmed(repeatRule), text.lowercased() != "none" {
            rule = RepeatRule(string: text)
            if rule == nil { problems[.repeatRule] = .invalidRepeat }
        }

        guard problems.isEmpty, let day else { throw TaskValidationError(problems: problems) }
        return TaskDetails(
            title: title, notes: notes, day: day, start: start, durationMinutes: duration, colorHex: color,
            repeatRule: rule)
    }

    /// The text without surrounding whitespace, or `nil` when nothing is left.
    private static func trimmed(_ text: String?) -> String? {
        guard let text = text?.trimmingWhiteSpace(), !text.isEmpty else { return nil }
        return text
    }
}

/// A field of the task form, named as in forms and the API.
public enum TaskField: String, CaseIterable, Sendable, Codable {
    case title, notes, date, start, duration, color
    case repeatRule = "repeat"
}

/// Why a task value was refused. Each case is shown beside its field.
public enum TaskProblem: Error, Equatable, Sendable {
    case titleEmpty
    case titleTooLong(limit: Int)
    case notesTooLong(limit: Int)
    /// Not a duration, or not within the range (minutes).
    case durationOutOfRange(ClosedRange<Int>)
    /// The block would end after 24:00 of its day.
    case endsAfterMidnight
    /// Not an `HH:mm` time of day.
    case invalidTime
    /// Missing, or not an existing `YYYY-MM-DD` day.
    case invalidDate
    /// Neither a preset name nor a hex colour.
    case unknownColor
    /// Not `daily`, `weekdays` or `weekly:` with day names.
    case invalidRepeat
}

/// Every field a task draft got wrong; nothing is saved when there is any.
public struct TaskValidationError: Error, Equatable, Sendable {
    public var problems: [TaskField: TaskProblem]

    public init(problems: [TaskField: TaskProblem]) {
        self.problems = problems
    }
}
