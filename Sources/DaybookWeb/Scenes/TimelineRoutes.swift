import DaybookCore
import DaybookFeatures
import Foundation
import Hummingbird

/// `/timeline`: a day of time blocks, with forms to add, edit, complete and delete (with undo) that work without
/// JavaScript; `timeline.js` places the blocks on the hours, draws the now-line and lets blocks be dragged.
struct TimelineRoutes {
    let services: AppServices

    func register(on router: Router<DaybookRequestContext>, pages: RouterGroup<DaybookRequestContext>) {
        pages.get("/timeline") { request, context in
            let date = request.uri.queryParameters["date"].map(String.init)
            let undo = request.uri.queryParameters["undo"].map(String.init)
            return try await page(request, context, date: date, undo: undo)
        }
        router.post("/timeline/tasks") { request, context in
            let draft = TaskDraft(form: context.form)
            let env = try context.env
            do {
                let task = try await env.timeline.create(draft, id: context.form["id"], madeAt: MadeAt.of(request)).task
                return Response.seeOther("/timeline?date=\(task.day)")
            } catch let problem as Timeline.Problem {
                guard let error = problem.refusedDraft else { throw problem }
                return try await page(
                    request, context, date: context.form["date"], undo: nil,
                    rejection: Timeline.Rejection(typed: draft, problems: error), status: problem.status)
            }
        }
        pages.get("/timeline/tasks/{id}/edit") { request, context in
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
            let env = try context.env
            do {
                let task = try await env.timeline.update(
                    id: id, draft, scope: scope, on: form["day"], madeAt: MadeAt.of(request)
                ).task
                let shown = task.repeatRule == nil ? task.day.description : form["day"] ?? task.day.description
                return Response.seeOther("/timeline?date=\(shown)")
            } catch let problem as Timeline.Problem {
                guard let error = problem.refusedDraft else { throw problem }
                return try await editPage(
                    request, context, id: id, day: form["day"], scope: scope,
                    rejection: Timeline.Rejection(typed: draft, problems: error), status: problem.status)
            }
        }
        router.post("/timeline/tasks/{id}/done") { request, context in
            let id = try context.parameters.require("id")
            let date = context.form["date"]
            let env = try context.env
            try await env.timeline.setDone(
                id: id, done: context.form["done"] != "0", on: date, madeAt: MadeAt.of(request))
            return Response.seeOther("/timeline" + (date.map { "?date=\($0)" } ?? ""))
        }
        router.post("/timeline/tasks/{id}/delete") { request, context in
            let id = try context.parameters.require("id")
            let date = context.form["date"] ?? ""
            let scope = context.form["scope"].flatMap(EditScope.init(rawValue:)) ?? .all
            let env = try context.env
            let deletion = try await env.timeline.delete(id: id, scope: scope, on: date, madeAt: MadeAt.of(request))
            // A change made since on another device stands: nothing was deleted, so there is nothing to undo.
            guard let deletion else { return Response.seeOther("/timeline?date=\(date)") }
            let key = await services.undo.keep(deletion)
            let encoded = key.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? key
            return Response.seeOther("/timeline?date=\(date)&undo=\(encoded)")
        }
        router.post("/timeline/undo") { request, context in
            let key = context.form["key"] ?? ""
            guard let deletion = await services.undo.take(key) else { throw Timeline.Problem.undoGone }
            let env = try context.env
            try await env.timeline.restore(deletion)
            return Response.seeOther("/timeline?date=\(deletion.day)")
        }
    }

    private func page(
        _ request: Request, _ context: DaybookRequestContext, date: String?, undo key: String?,
        rejection: Timeline.Rejection? = nil, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let env = try context.env
        // An undo offer lives outside the store: a page showing one is not kept.
        let kept: PageLifetime? = key == nil && rejection == nil ? .minute : nil
        let page = try await env.page(request, kept: kept) {
            let response = try await env.timeline.day(date)
            var undo: Timeline.Undoable?
            if let key, let deletion = await services.undo.peek(key) {
                undo = Timeline.Undoable(key: key, deletion: deletion)
            }
            let model = TimelinePresenter.presentPage(
                response, undo: undo, rejection: rejection, localizer: env.localizer)
            return try PageRenderer.EncodedPage(model, title: model.title)
        }
        return try env.render(
            "timeline", encoded: page, current: .timeline, context: context, status: status)
    }

    private func editPage(
        _ request: Request, _ context: DaybookRequestContext, id: String, day: String?, scope: EditScope = .this,
        rejection: Timeline.Rejection? = nil, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let env = try context.env
        let response = try await env.timeline.day(day)
        // The task as it is on that day (a repeating one with that day's done state); else as stored.
        var found = response.tasks.first { $0.id == id }
        if found == nil { found = try await env.database.task(id: id) }
        guard let task = found else { throw Timeline.Problem.unknownTask }
        let page = TimelinePresenter.presentEditPage(
            task, on: response, scope: scope, rejection: rejection, localizer: env.localizer)
        return try env.render(
            "task-edit", page: page, title: page.heading, current: .timeline, context: context,
            status: status)
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
