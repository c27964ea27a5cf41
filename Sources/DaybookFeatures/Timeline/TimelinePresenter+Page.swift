import DaybookCore
import Foundation

extension TimelinePresenter {
    /// The timeline page of `response.day`.
    ///
    /// - Parameters:
    ///   - undo: a deletion that can still be undone, offered above the day.
    ///   - rejection: a refused new task, shown again in the add form with why.
    public static func presentPage(
        _ response: Timeline.Response, undo: Timeline.Undoable? = nil, rejection: Timeline.Rejection? = nil,
        localizer: Localizer
    ) -> Timeline.Page {
        let model = present(response, localizer: localizer)
        let day = response.day
        func row(_ task: Timeline.TaskRow) -> Timeline.Row {
            let start = task.start.flatMap(TimeOfDay.init(string:))?.minutes ?? 0
            return Timeline.Row(
                task: task, startMinute: start, endMinute: start + (task.durationMinutes ?? 0),
                toggleLabel: localizer(task.isDone ? "timeline.markUndone" : "timeline.markDone", task.title),
                deleteLabel: localizer("timeline.delete", task.title),
                editLabel: localizer("timeline.edit.link", task.title),
                editHref: "/timeline/tasks/\(task.id)/edit?date=\(day)", doneValue: task.isDone ? "0" : "1",
                deleteScope: task.repeatRule == nil ? "all" : "this")
        }
        return Timeline.Page(
            title: localizer("nav.timeline"),
            timeline: model,
            previousHref: "/timeline?date=\(day.adding(days: -1))",
            nextHref: "/timeline?date=\(day.adding(days: 1))",
            todayHref: "/timeline",
            labels: labels(localizer: localizer),
            form: Timeline.TaskForm(
                action: "/timeline/tasks", date: day.description, hiddenDate: day.description,
                fields: fields(
                    rejection?.typed ?? TaskDraft(), problems: rejection?.problems, settings: response.settings,
                    localizer: localizer),
                errorSummary: rejection.map { message(for: .invalid($0.problems), localizer: localizer) },
                submit: localizer("timeline.add.submit"), scope: nil),
            undo: undo.map { offer($0, localizer: localizer) },
            hours: (0..<24).map { $0 < 10 ? "0\($0):00" : "\($0):00" },
            isEmpty: model.blocks.isEmpty && model.anytime.isEmpty,
            rows: model.blocks.map(row),
            anytimeRows: model.anytime.map(row))
    }

    /// The page that edits `task` as it is on `response.day`; a repeating task asks which days a change is for.
    ///
    /// - Parameters:
    ///   - scope: the days chosen for a repeating task's change.
    ///   - rejection: a refused change, shown again with why.
    public static func presentEditPage(
        _ task: PlannedTask, on response: Timeline.Response, scope: EditScope = .this,
        rejection: Timeline.Rejection? = nil, localizer: Localizer
    ) -> Timeline.EditPage {
        let day = response.day
        let repeating = task.repeatRule != nil
        let shown = rejection?.typed ?? draft(of: task)
        var fields = fields(shown, problems: rejection?.problems, settings: response.settings, localizer: localizer)
        if !repeating {
            fields.insert(
                dateField(shown.date ?? day.description, problems: rejection?.problems, localizer: localizer), at: 1)
        }
        let heading = localizer("timeline.edit.heading")
        return Timeline.EditPage(
            heading: heading, taskTitle: task.title,
            form: Timeline.TaskForm(
                action: "/timeline/tasks/\(task.id)", date: day.description, hiddenDate: nil, fields: fields,
                errorSummary: rejection.map { message(for: .invalid($0.problems), localizer: localizer) },
                submit: localizer("timeline.edit.save"),
                scope: repeating
                    ? scopeChoice(
                        scope, dayLabel: dateLabel(day, settings: response.settings, localizer: localizer),
                        localizer: localizer) : nil),
            backHref: "/timeline?date=\(day)", cancel: localizer("timeline.cancel"),
            deletes: repeating
                ? [
                    Timeline.DeleteChoice(scope: "this", label: localizer("timeline.delete.this")),
                    Timeline.DeleteChoice(scope: "all", label: localizer("timeline.delete.all")),
                ] : [Timeline.DeleteChoice(scope: "all", label: localizer("timeline.delete.task"))])
    }

    /// "“Write” deleted.", or for one day of a repeating task "Removed “Run” from this day.", with its button.
    static func offer(_ undoable: Timeline.Undoable, localizer: Localizer) -> Timeline.Undo {
        let title = undoable.deletion.task.title
        let message =
            if case .occurrence = undoable.deletion {
                localizer("timeline.deletedDay", title)
            } else {
                localizer("timeline.deleted", title)
            }
        return Timeline.Undo(key: undoable.key, message: message, label: localizer("timeline.undo"))
    }

    static func labels(localizer: Localizer) -> Timeline.Labels {
        Timeline.Labels(
            previous: localizer("timeline.previous"), next: localizer("timeline.next"),
            today: localizer("timeline.today"), addHeading: localizer("timeline.add.heading"),
            anytime: localizer("timeline.anytime"), empty: localizer("timeline.empty"),
            done: localizer("timeline.done"), dragHint: localizer("timeline.dragHint"),
            scopeQuestion: localizer("timeline.scope.question"), scopeThis: localizer("timeline.scope.this"),
            scopeFuture: localizer("timeline.scope.future"), cancel: localizer("timeline.cancel"),
            saveFailed: localizer("timeline.saveFailed"), deleted: localizer("timeline.deleted", "{title}"),
            undo: localizer("timeline.undo"))
    }
}
