import DaybookCore
import DaybookFeatures
import Foundation
import Hummingbird

/// `/timeline`: a day of time blocks, with forms to add, complete and delete (with undo) that work without
/// JavaScript; `timeline.js` places the blocks on the hours and draws the now-line.
struct TimelineRoutes {
    let services: AppServices

    struct Page: Sendable {
        var timeline: Timeline.ViewModel
        var previousHref: String
        var nextHref: String
        var todayHref: String
        var labels: Labels
        var fields: [FormField]
        var errorSummary: String?
        var undo: Undo?
        var hours: [String]
        var isEmpty: Bool
        var rows: [Row]
        var anytimeRows: [Row]
    }

    /// A task with the labels of its buttons.
    struct Row: Sendable {
        var task: Timeline.TaskRow
        var startMinute: Int
        var endMinute: Int
        var toggleLabel: String
        var deleteLabel: String
        var doneValue: String
    }

    struct Labels: Sendable {
        var previous: String
        var next: String
        var today: String
        var addHeading: String
        var add: String
        var anytime: String
        var empty: String
        var done: String
    }

    struct Undo: Sendable {
        var id: String
        var message: String
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
            let draft = TaskDraft(
                title: form["title"], notes: form["notes"], date: form["date"], start: form["start"],
                duration: form["duration"], color: form["color"], repeatRule: form["repeat"])
            let env = try await PageEnvironment(services: services, request: request)
            do {
                let task = try await services.timelineInteractor(env.database).create(draft)
                return Response.seeOther("/timeline?date=\(task.day)")
            } catch Timeline.Problem.invalid(let error) {
                return try await page(
                    request, context, date: form["date"], undo: nil, draft: draft, problems: error, status: .badRequest)
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
            try await run(request) { await services.undo.keep(try await $0.delete(id: id)) }
            return Response.seeOther("/timeline?date=\(date)&undo=\(id)")
        }
        router.post("/timeline/tasks/{id}/restore") { request, context in
            let id = try context.parameters.require("id")
            guard let task = await services.undo.take(id) else { throw HTTPError(.notFound) }
            try await run(request) { try await $0.restore(task) }
            return Response.seeOther("/timeline?date=\(task.day)")
        }
    }

    private func run(_ request: Request, _ action: (TimelineInteractor) async throws -> Void) async throws {
        let env = try await PageEnvironment(services: services, request: request)
        do {
            try await action(services.timelineInteractor(env.database))
        } catch Timeline.Problem.unknownTask {
            throw HTTPError(.notFound)
        } catch Timeline.Problem.invalidDate {
            throw HTTPError(.badRequest)
        }
    }

    private func page(
        _ request: Request, _ context: DaybookRequestContext, date: String?, undo: String?,
        draft: TaskDraft = TaskDraft(),
        problems: TaskValidationError? = nil, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let env = try await PageEnvironment(services: services, request: request)
        guard !env.settings.needsOnboarding else { return Response.seeOther("/onboarding") }
        let localizer = env.localizer
        let response: Timeline.Response
        do {
            response = try await services.timelineInteractor(env.database).day(date)
        } catch Timeline.Problem.invalidDate {
            throw HTTPError(.badRequest, message: localizer("task.error.invalidDate"))
        }
        let model = TimelinePresenter.present(response, localizer: localizer)
        let day = response.day
        let messages = problems.map { TimelinePresenter.fieldMessages($0, localizer: localizer) } ?? [:]
        func field(_ id: String, _ label: String, _ value: String?, options: [FormOption] = [], maxLength: Int? = nil)
            -> FormField
        {
            FormField(
                id: id, label: localizer(label), value: value ?? "", error: messages[id], maxLength: maxLength,
                options: options)
        }
        let repeatValue = draft.repeatRule ?? "none"
        let colorValue = draft.color ?? TaskColor.defaultName
        let fields = [
            field("title", "timeline.add.title", draft.title, maxLength: PlannedTask.Limits.titleLength),
            field("start", "timeline.add.start", draft.start, maxLength: 5),
            field("duration", "timeline.add.duration", draft.duration, maxLength: 8),
            field(
                "repeat", "timeline.add.repeat", repeatValue,
                options: ["none", "daily", "weekdays"].map {
                    FormOption(value: $0, label: localizer("timeline.repeat.\($0)"), isSelected: $0 == repeatValue)
                }),
            field(
                "color", "timeline.add.color", colorValue,
                options: TaskColor.presets.map {
                    FormOption(
                        value: $0.name, label: localizer("timeline.color.\($0.name)"),
                        isSelected: $0.name == colorValue,
                        swatch: $0.color.hex)
                }),
        ]
        var stashed: Undo?
        if let undo, let task = await services.undo.peek(undo) {
            stashed = Undo(
                id: undo, message: localizer("timeline.deleted", task.title), label: localizer("timeline.undo"))
        }
        func row(_ task: Timeline.TaskRow) -> Row {
            let start = task.start.flatMap(TimeOfDay.init(string:))?.minutes ?? 0
            return Row(
                task: task, startMinute: start, endMinute: start + (task.durationMinutes ?? 0),
                toggleLabel: localizer(task.isDone ? "timeline.markUndone" : "timeline.markDone", task.title),
                deleteLabel: localizer("timeline.delete", task.title), doneValue: task.isDone ? "0" : "1")
        }
        let page = Page(
            timeline: model,
            previousHref: "/timeline?date=\(day.adding(days: -1))",
            nextHref: "/timeline?date=\(day.adding(days: 1))",
            todayHref: "/timeline",
            labels: Labels(
                previous: localizer("timeline.previous"), next: localizer("timeline.next"),
                today: localizer("timeline.today"), addHeading: localizer("timeline.add.heading"),
                add: localizer("timeline.add.submit"), anytime: localizer("timeline.anytime"),
                empty: localizer("timeline.empty"), done: localizer("timeline.done")),
            fields: fields,
            errorSummary: problems.map { localizer.plural("task.error.summary", count: $0.problems.count) },
            undo: stashed,
            hours: (0..<24).map { $0 < 10 ? "0\($0):00" : "\($0):00" },
            isEmpty: model.blocks.isEmpty && model.anytime.isEmpty,
            rows: model.blocks.map(row),
            anytimeRows: model.anytime.map(row))
        return try env.render(
            "timeline", page: page, title: localizer("nav.timeline"), current: .timeline, services: services,
            context: context, status: status)
    }
}
