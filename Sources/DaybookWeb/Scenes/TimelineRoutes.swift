import DaybookCore
import DaybookFeatures
import Foundation
import Hummingbird

/// `/timeline`: a day of time blocks, with forms to add, edit, complete and delete (with undo) that work without
/// JavaScript; `timeline.js` places the blocks on the hours, draws the now-line and lets blocks be dragged.
struct TimelineRoutes {
    let services: AppServices

    struct Page: Encodable, Sendable {
        var timeline: Timeline.ViewModel
        var previousHref: String
        var nextHref: String
        var todayHref: String
        var labels: Labels
        var form: TaskForm
        var undo: Undo?
        var hours: [String]
        var isEmpty: Bool
        var rows: [Row]
        var anytimeRows: [Row]
    }

    /// The add or edit form of a task.
    struct TaskForm: Encodable, Sendable {
        var action: String
        /// The day the form is about: a new task's day, or the occurrence being edited.
        var date: String
        /// Sent as a hidden field when the form has no date field of its own (adding a task).
        var hiddenDate: String?
        var fields: [FormField]
        var errorSummary: String?
        var submit: String
        /// For a repeating task being edited: which days the change is for.
        var scope: ScopeChoice?
    }

    struct ScopeChoice: Encodable, Sendable {
        var legend: String
        var options: [FormOption]
    }

    /// A task with the labels of its buttons.
    struct Row: Encodable, Sendable {
        var task: Timeline.TaskRow
        var startMinute: Int
        var endMinute: Int
        var toggleLabel: String
        var deleteLabel: String
        var editLabel: String
        var editHref: String
        var doneValue: String
        /// `this` for a repeating task: its × removes only this day's occurrence.
        var deleteScope: String
    }

    struct Labels: Encodable, Sendable {
        var previous: String
        var next: String
        var today: String
        var addHeading: String
        var anytime: String
        var empty: String
        var done: String
        var dragHint: String
        var scopeQuestion: String
        var scopeThis: String
        var scopeFuture: String
        var cancel: String
        var saveFailed: String
    }

    struct Undo: Encodable, Sendable {
        var key: String
        var message: String
        var label: String
    }

    /// `/timeline/tasks/{id}/edit`.
    struct EditPage: Encodable, Sendable {
        var heading: String
        var taskTitle: String
        var form: TaskForm
        var backHref: String
        var cancel: String
        var deletes: [DeleteChoice]
    }

    struct DeleteChoice: Encodable, Sendable {
        var scope: String
        var label: String
    }

    func register(on router: Router<DaybookRequestContext>) {
        router.get("/timeline") { request, context in
            let date = request.uri.queryParameters["date"].map(String.init)
            let undo = request.uri.queryParameters["undo"].map(String.init)
            return try await page(request, context, date: date, undo: undo)
        }
        router.post("/timeline/tasks") { request, context in
            let form = context.form
            let draft = TaskDraft(form: form)
            let env = try await PageEnvironment(services: services, request: request)
            do {
                let task = try await services.timelineInteractor(env.database).create(draft)
                return Response.seeOther("/timeline?date=\(task.day)")
            } catch Timeline.Problem.invalid(let error) {
                return try await page(
                    request, context, date: form["date"], undo: nil, draft: draft, problems: error, status: .badRequest)
            }
        }
        router.get("/timeline/tasks/{id}/edit") { request, context in
            let id = try context.parameters.require("id")
            let day = request.uri.queryParameters["date"].map(String.init)
            return try await editPage(request, context, id: id, day: day)
        }
        router.post("/timeline/tasks/{id}") { request, context in
            let id = try context.parameters.require("id")
            let form = context.form
            var draft = TaskDraft(form: form)
            if form["date"] == nil { draft.date = nil }
            let scope = form["scope"].flatMap(EditScope.init(rawValue:)) ?? .all
            let env = try await PageEnvironment(services: services, request: request)
            do {
                let task = try await services.timelineInteractor(env.database).update(
                    id: id, draft, scope: scope, on: form["day"])
                let shown = task.repeatRule == nil ? task.day.description : form["day"] ?? task.day.description
                return Response.seeOther("/timeline?date=\(shown)")
            } catch Timeline.Problem.invalid(let error) {
                return try await editPage(
                    request, context, id: id, day: form["day"], draft: draft, scope: scope, problems: error,
                    status: .badRequest)
            } catch Timeline.Problem.unknownTask {
                throw PageProblem(.notFound, env.localizer("task.error.unknownTask"))
            } catch Timeline.Problem.notOnThatDay {
                throw PageProblem(.badRequest, env.localizer("task.error.notOnThatDay"))
            } catch Timeline.Problem.invalidDate {
                throw PageProblem(.badRequest, env.localizer("task.error.invalidDate"))
            }
        }
        router.post("/timeline/tasks/{id}/done") { request, context in
            let id = try context.parameters.require("id")
            let date = context.form["date"]
            try await run(request) { try await $0.setDone(id: id, done: context.form["done"] != "0", on: date) }
            return Response.seeOther("/timeline" + (date.map { "?date=\($0)" } ?? ""))
        }
        router.post("/timeline/tasks/{id}/delete") { request, context in
            let id = try context.parameters.require("id")
            let date = context.form["date"] ?? ""
            let scope = context.form["scope"].flatMap(EditScope.init(rawValue:)) ?? .all
            var key = id
            try await run(request) {
                key = await services.undo.keep(try await $0.delete(id: id, scope: scope, on: date))
            }
            let encoded = key.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? key
            return Response.seeOther("/timeline?date=\(date)&undo=\(encoded)")
        }
        router.post("/timeline/undo") { request, context in
            let key = context.form["key"] ?? ""
            guard let deletion = await services.undo.take(key) else { throw HTTPError(.notFound) }
            try await run(request) { try await $0.restore(deletion) }
            return Response.seeOther("/timeline?date=\(deletion.day)")
        }
    }

    private func run(_ request: Request, _ action: (TimelineInteractor) async throws -> Void) async throws {
        let env = try await PageEnvironment(services: services, request: request)
        do {
            try await action(services.timelineInteractor(env.database))
        } catch Timeline.Problem.unknownTask {
            throw PageProblem(.notFound, env.localizer("task.error.unknownTask"))
        } catch Timeline.Problem.invalidDate {
            throw PageProblem(.badRequest, env.localizer("task.error.invalidDate"))
        } catch Timeline.Problem.notOnThatDay {
            throw PageProblem(.badRequest, env.localizer("task.error.notOnThatDay"))
        }
    }

    private func page(
        _ request: Request, _ context: DaybookRequestContext, date: String?, undo: String?,
        draft: TaskDraft = TaskDraft(), problems: TaskValidationError? = nil, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let env = try await PageEnvironment(services: services, request: request)
        guard !env.settings.needsOnboarding else { return Response.seeOther("/onboarding") }
        let localizer = env.localizer
        let response: Timeline.Response
        do {
            response = try await services.timelineInteractor(env.database).day(date)
        } catch Timeline.Problem.invalidDate {
            throw PageProblem(.badRequest, localizer("task.error.invalidDate"))
        }
        let model = TimelinePresenter.present(response, localizer: localizer)
        let day = response.day
        var stashed: Undo?
        if let undo, let deletion = await services.undo.peek(undo) {
            let message =
                if case .occurrence = deletion {
                    localizer("timeline.deletedDay", deletion.task.title)
                } else {
                    localizer("timeline.deleted", deletion.task.title)
                }
            stashed = Undo(key: undo, message: message, label: localizer("timeline.undo"))
        }
        func row(_ task: Timeline.TaskRow) -> Row {
            let start = task.start.flatMap(TimeOfDay.init(string:))?.minutes ?? 0
            return Row(
                task: task, startMinute: start, endMinute: start + (task.durationMinutes ?? 0),
                toggleLabel: localizer(task.isDone ? "timeline.markUndone" : "timeline.markDone", task.title),
                deleteLabel: localizer("timeline.delete", task.title),
                editLabel: localizer("timeline.edit.link", task.title),
                editHref: "/timeline/tasks/\(task.id)/edit?date=\(day)", doneValue: task.isDone ? "0" : "1",
                deleteScope: task.repeatRule == nil ? "all" : "this")
        }
        let form = TaskForm(
            action: "/timeline/tasks", date: day.description, hiddenDate: day.description,
            fields: Self.fields(draft, problems: problems, settings: env.settings, localizer: localizer),
            errorSummary: problems.map { localizer.plural("task.error.summary", count: $0.problems.count) },
            submit: localizer("timeline.add.submit"), scope: nil)
        let page = Page(
            timeline: model,
            previousHref: "/timeline?date=\(day.adding(days: -1))",
            nextHref: "/timeline?date=\(day.adding(days: 1))",
            todayHref: "/timeline",
            labels: Labels(
                previous: localizer("timeline.previous"), next: localizer("timeline.next"),
                today: localizer("timeline.today"), addHeading: localizer("timeline.add.heading"),
                anytime: localizer("timeline.anytime"), empty: localizer("timeline.empty"),
                done: localizer("timeline.done"), dragHint: localizer("timeline.dragHint"),
                scopeQuestion: localizer("timeline.scope.question"), scopeThis: localizer("timeline.scope.this"),
                scopeFuture: localizer("timeline.scope.future"), cancel: localizer("timeline.cancel"),
                saveFailed: localizer("timeline.saveFailed")),
            form: form,
            undo: stashed,
            hours: (0..<24).map { $0 < 10 ? "0\($0):00" : "\($0):00" },
            isEmpty: model.blocks.isEmpty && model.anytime.isEmpty,
            rows: model.blocks.map(row),
            anytimeRows: model.anytime.map(row))
        return try env.render(
            "timeline", page: page, title: localizer("nav.timeline"), current: .timeline, services: services,
            context: context, status: status)
    }

    private func editPage(
        _ request: Request, _ context: DaybookRequestContext, id: String, day rawDay: String?,
        draft: TaskDraft? = nil, scope: EditScope = .this, problems: TaskValidationError? = nil,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let env = try await PageEnvironment(services: services, request: request)
        guard !env.settings.needsOnboarding else { return Response.seeOther("/onboarding") }
        let localizer = env.localizer
        let interactor = services.timelineInteractor(env.database)
        let timeline: Timeline.Response
        do {
            timeline = try await interactor.day(rawDay)
        } catch Timeline.Problem.invalidDate {
            throw PageProblem(.badRequest, localizer("task.error.invalidDate"))
        }
        // The task as it is on that day (a repeating one with that day's done state); else as stored.
        var found = timeline.tasks.first { $0.id == id }
        if found == nil { found = try await env.database.task(id: id) }
        guard let task = found else { throw PageProblem(.notFound, localizer("task.error.unknownTask")) }
        let day = timeline.day
        let repeating = task.repeatRule != nil
        let shown =
            draft
            ?? TaskDraft(
                title: task.title, notes: task.notes, date: task.day.description, start: task.start?.description,
                duration: task.durationMinutes.map(String.init), color: task.colorHex,
                repeatRule: task.repeatRule?.description ?? "none")
        var fields = Self.fields(shown, problems: problems, settings: env.settings, localizer: localizer)
        if !repeating {
            let message = problems?.problems[.date].map { TimelinePresenter.message(for: $0, localizer: localizer) }
            fields.insert(
                FormField(
                    id: "date", label: localizer("timeline.add.date"), value: shown.date ?? day.description,
                    error: message, maxLength: 10), at: 1)
        }
        let dayLabel = localizer.longDate(day.date(in: env.settings.timeZone).addingTimeInterval(12 * 3600))
        let scopeChoice: ScopeChoice? =
            repeating
            ? ScopeChoice(
                legend: localizer("timeline.scope.legend", dayLabel),
                options: EditScope.allCases.map {
                    FormOption(
                        value: $0.rawValue, label: localizer("timeline.scope.\($0.rawValue)"), isSelected: $0 == scope)
                }) : nil
        let form = TaskForm(
            action: "/timeline/tasks/\(id)", date: day.description, hiddenDate: nil, fields: fields,
            errorSummary: problems.map { localizer.plural("task.error.summary", count: $0.problems.count) },
            submit: localizer("timeline.edit.save"), scope: scopeChoice)
        let page = EditPage(
            heading: localizer("timeline.edit.heading"), taskTitle: task.title, form: form,
            backHref: "/timeline?date=\(day)", cancel: localizer("timeline.cancel"),
            deletes: repeating
                ? [
                    DeleteChoice(scope: "this", label: localizer("timeline.delete.this")),
                    DeleteChoice(scope: "all", label: localizer("timeline.delete.all")),
                ] : [DeleteChoice(scope: "all", label: localizer("timeline.delete.task"))])
        return try env.render(
            "task-edit", page: page, title: localizer("timeline.edit.heading"), current: .timeline,
            services: services, context: context, status: status)
    }

    /// The fields of the task form, showing `draft` and the reasons it was refused.
    static func fields(
        _ draft: TaskDraft, problems: TaskValidationError?, settings: Settings, localizer: Localizer
    ) -> [FormField] {
        var messages = problems.map { TimelinePresenter.fieldMessages($0, localizer: localizer) } ?? [:]
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
}

extension TaskDraft {
    /// The task a form sent; a weekly repeat takes its days from the `days` checkboxes.
    init(form: FormData) {
        var rule = form["repeat"]
        if rule == "weekly" { rule = "weekly:" + form.values("days").joined(separator: ",") }
        self.init(
            title: form["title"], notes: form["notes"], date: form["date"], start: form["start"],
            duration: form["duration"], color: form["color"], repeatRule: rule)
    }
}
