import DaybookCore
import Foundation

public enum TimelinePresenter {
    public static func present(_ response: Timeline.Response, localizer: Localizer) -> Timeline.ViewModel {
        let placements = TimelineLayout.columns(for: response.tasks)
        func row(_ task: PlannedTask) -> Timeline.TaskRow {
            TimelinePresenter.row(
                task, focusSeconds: response.focusSecondsByTask[task.id] ?? 0, placement: placements[task.id],
                localizer: localizer)
        }
        let today = DayKey(date: response.now, timeZone: response.settings.timeZone)
        return Timeline.ViewModel(
            date: response.day.description,
            dateLabel: dateLabel(response.day, settings: response.settings, localizer: localizer),
            isToday: response.day == today,
            blocks: response.tasks.filter(\.isTimed).map(row),
            anytime: response.tasks.filter { !$0.isTimed }.map(row))
    }

    /// A day as its heading shows it: "Saturday, November 21" (at noon, so no time zone shift moves the day).
    static func dateLabel(_ day: DayKey, settings: Settings, localizer: Localizer) -> String {
        localizer.longDate(day.date(in: settings.timeZone).addingTimeInterval(12 * 3600))
    }

    /// One task as a row; `placement` is where it sits among the day's overlapping blocks.
    public static func row(
        _ task: PlannedTask, focusSeconds spent: Int, placement: TimelinePlacement?, localizer: Localizer
    ) -> Timeline.TaskRow {
        let end = task.endMinute.map(TimeOfDay.endLabel)
        return Timeline.TaskRow(
            id: task.id, title: task.title, notes: task.notes, start: task.start?.description, end: end,
            timeLabel: task.start.map { start in end.map { "\(start.description)–\($0)" } ?? start.description },
            durationMinutes: task.durationMinutes, color: (TaskColor.color(for: task.colorHex) ?? .defaultAccent).hex,
            isDone: task.isDone, repeatRule: task.repeatRule?.description, focusSeconds: spent,
            focusLabel: spent > 0
                ? localizer("task.focusSpent", FocusPresenter.duration(spent, localizer: localizer)) : nil,
            column: placement?.column ?? 0, columns: placement?.columns ?? 1)
    }

    /// A created or changed task's row, placed among the tasks of the day it was looked up on.
    /// A new block's row, saying where it went: "Added to today: Deep work, 09:00–10:30".
    public static func added(_ task: PlannedTask, in day: Timeline.Response, localizer: Localizer) -> Timeline.TaskRow {
        var model = row(task, in: day, localizer: localizer)
        let what = [model.title, model.timeLabel].compactMap { $0 }.joined(separator: ", ")
        let today = DayKey(date: day.now, timeZone: day.settings.timeZone)
        model.say =
            day.day == today
            ? localizer("timeline.say.addedToday", what) : localizer("timeline.say.added", localizer.day(day.day), what)
        return model
    }

    public static func row(_ task: PlannedTask, in day: Timeline.Response, localizer: Localizer) -> Timeline.TaskRow {
        row(
            task, focusSeconds: day.focusSecondsByTask[task.id] ?? 0,
            placement: TimelineLayout.columns(for: day.tasks)[task.id], localizer: localizer)
    }

    /// Why a task request was refused, in words; a refused draft is summed up by how many fields are wrong.
    public static func message(for problem: Timeline.Problem, localizer: Localizer) -> String {
        switch problem {
        case .invalid(let error), .conflictsWithTask(let error):
            localizer.plural("task.error.summary", count: error.problems.count)
        case .unknownTask: localizer("task.error.unknownTask")
        case .invalidDate: localizer("task.error.invalidDate")
        case .notOnThatDay: localizer("task.error.notOnThatDay")
        case .unknownScope: localizer("task.error.unknownScope")
        case .invalidID: localizer("task.error.invalidID")
        case .undoGone: localizer("task.error.undoGone")
        }
    }

    /// A field's problem in words.
    public static func message(for problem: TaskProblem, localizer: Localizer) -> String {
        switch problem {
        case .titleEmpty: localizer("task.error.titleEmpty")
        case .titleTooLong(let limit): localizer.plural("task.error.titleTooLong", count: limit)
        case .notesTooLong(let limit): localizer.plural("task.error.notesTooLong", count: limit)
        case .durationOutOfRange(let range):
            localizer(
                "task.error.durationOutOfRange", localizer.number(range.lowerBound), localizer.number(range.upperBound))
        case .endsAfterMidnight: localizer("task.error.endsAfterMidnight")
        case .invalidTime: localizer("task.error.invalidTime")
        case .invalidDate: localizer("task.error.invalidDate")
        case .unknownColor: localizer("task.error.unknownColor")
        case .invalidRepeat: localizer("task.error.invalidRepeat")
        }
    }

    /// Field name → message, for a refused draft.
    public static func fieldMessages(_ error: TaskValidationError, localizer: Localizer) -> [String: String] {
        var fields: [String: String] = [:]
        for (field, problem) in error.problems { fields[field.rawValue] = message(for: problem, localizer: localizer) }
        return fields
    }
}
