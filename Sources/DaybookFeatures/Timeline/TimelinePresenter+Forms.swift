import DaybookCore
import Foundation

extension TimelinePresenter {
    /// The fields of the task form, showing `draft` and the reasons it was refused.
    static func fields(
        _ draft: TaskDraft, problems: TaskValidationError?, settings: Settings, localizer: Localizer
    ) -> [FormField] {
        var messages = problems.map { fieldMessages($0, localizer: localizer) } ?? [:]
        let rule = draft.repeatRule.flatMap(RepeatRule.init(string:))
        let repeatValue: String
        var days: Set<Weekday> = []
        switch rule {
        case .daily: repeatValue = "daily"
        case .weekdays: repeatValue = "weekdays"
        case .weekly(let chosen):
            repeatValue = "weekly"
            days = chosen
        case nil:
            let typed = draft.repeatRule ?? "none"
            repeatValue = typed.hasPrefix("weekly") ? "weekly" : "none"
            if typed.hasPrefix("weekly") { messages["repeat"] = localizer("timeline.repeat.pickDays") }
        }
        func field(
            _ id: String, _ label: String, _ value: String?, maxLength: Int? = nil, options: [FormOption] = [],
            isTextArea: Bool = false, checkboxes: [FormOption] = []
        ) -> FormField {
            FormField(
                id: id, label: localizer(label), value: value ?? "", error: messages[id], maxLength: maxLength,
                options: options, isTextArea: isTextArea, checkboxes: checkboxes)
        }
        let colorValue = draft.color ?? TaskColor.defaultName
        let symbols = localizer.calendar.shortStandaloneWeekdaySymbols
        let first = settings.firstWeekday.calendarValue
        let week = (0..<7).compactMap { Weekday(rawValue: (first - 1 + $0) % 7 + 1) }
        return [
            field("title", "timeline.add.title", draft.title, maxLength: PlannedTask.Limits.titleLength),
            field("start", "timeline.add.start", draft.start, maxLength: 5),
            field("duration", "timeline.add.duration", draft.duration, maxLength: 8),
            field(
                "repeat", "timeline.add.repeat", repeatValue,
                options: ["none", "daily", "weekdays", "weekly"].map {
                    FormOption(value: $0, label: localizer("timeline.repeat.\($0)"), isSelected: $0 == repeatValue)
                }),
            field(
                "days", "timeline.add.days", nil,
                checkboxes: week.map {
                    FormOption(value: $0.shortName, label: symbols[$0.rawValue - 1], isSelected: days.contains($0))
                }),
            field(
                "color", "timeline.add.color", colorValue,
                options: TaskColor.presets.map {
                    FormOption(
                        value: $0.name, label: localizer("timeline.color.\($0.name)"),
                        isSelected: $0.name == colorValue, swatch: $0.color.hex)
                }),
            field(
                "notes", "timeline.add.notes", draft.notes, maxLength: PlannedTask.Limits.notesLength,
                isTextArea: true),
        ]
    }

    /// The date field of a one-off task's edit form (a repeating task keeps its first day).
    static func dateField(_ value: String, problems: TaskValidationError?, localizer: Localizer) -> FormField {
        FormField(
            id: "date", label: localizer("timeline.add.date"), value: value,
            error: problems?.problems[.date].map { message(for: $0, localizer: localizer) }, maxLength: 10)
    }

    /// Which days a change to a repeating task is for, with `scope` chosen.
    static func scopeChoice(_ scope: EditScope, dayLabel: String, localizer: Localizer) -> Timeline.ScopeChoice {
        Timeline.ScopeChoice(
            legend: localizer("timeline.scope.legend", dayLabel),
            options: EditScope.allCases.map {
                FormOption(
                    value: $0.rawValue, label: localizer("timeline.scope.\($0.rawValue)"), isSelected: $0 == scope)
            })
    }

    /// A stored task as the edit form first shows it.
    static func draft(of task: PlannedTask) -> TaskDraft {
        TaskDraft(
            title: task.title, notes: task.notes, date: task.day.description, start: task.start?.description,
            duration: task.durationMinutes.map(String.init), color: task.colorHex,
            repeatRule: task.repeatRule?.description ?? "none")
    }
}
