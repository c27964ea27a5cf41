import DaybookCore
import DaybookFeatures
import Foundation
import Hummingbird

/// `/api/v1/tasks`: a day's tasks as the timeline shows them, and changes to them.
struct TaskAPIRoutes {
    let services: AppServices

    /// A new task: its fields, and the id the device chose for it (if any).
    struct NewTask: Decodable {
        var id: String?
        var draft: TaskDraft

        init(from decoder: any Decoder) throws {
            enum Keys: String, CodingKey { case id }
            id = try decoder.container(keyedBy: Keys.self).decodeIfPresent(String.self, forKey: .id)
            draft = try TaskDraft(from: decoder)
        }
    }

    struct Done: Decodable {
        var done: Bool?
        var date: String?
    }

    func register(on router: Router<DaybookRequestContext>) {
        router.get("/api/v1/tasks") { request, context in
            let date = request.uri.queryParameters["date"].map(String.init)
            let env = try context.env
            return try await services.keptJSON(request, context, kept: .minute) {
                TimelinePresenter.present(try await env.timeline.day(date), localizer: env.localizer)
            }
        }
        router.post("/api/v1/tasks") { request, context in
            let body = try await JSONBody.decode(NewTask.self, from: request)
            let env = try context.env
            let written = try await env.timeline.create(
                body?.draft ?? TaskDraft(), id: body?.id, madeAt: MadeAt.of(request))
            return try JSONResponse.make(
                TimelinePresenter.added(written.task, in: written.day, localizer: env.localizer), status: .created)
        }
        router.patch("/api/v1/tasks/{id}") { request, context in
            let id = try context.parameters.require("id")
            let draft = try await JSONBody.decode(TaskDraft.self, from: request) ?? TaskDraft()
            let env = try context.env
            let (scope, date) = try occurrence(request)
            let written = try await env.timeline.update(
                id: id, draft, scope: scope, on: date, madeAt: MadeAt.of(request))
            return try JSONResponse.make(
                TimelinePresenter.row(written.task, in: written.day, localizer: env.localizer))
        }
        router.post("/api/v1/tasks/{id}/done") { request, context in
            let id = try context.parameters.require("id")
            let body = try await JSONBody.decode(Done.self, from: request) ?? Done()
            let env = try context.env
            let day = try await env.timeline.setDone(
                id: id, done: body.done ?? true, on: body.date, madeAt: MadeAt.of(request))
            return try JSONResponse.make(TimelinePresenter.present(day, localizer: env.localizer))
        }
        router.delete("/api/v1/tasks/{id}") { request, context in
            let id = try context.parameters.require("id")
            let (scope, date) = try occurrence(request)
            _ = try await context.env.timeline.delete(id: id, scope: scope, on: date, madeAt: MadeAt.of(request))
            return Response(status: .noContent)
        }
    }

    /// `?scope=all|this|future&date=YYYY-MM-DD`: which occurrences of a repeating task a change is for.
    private func occurrence(_ request: Request) throws -> (EditScope, String?) {
        let query = request.uri.queryParameters
        let date = query["date"].map(String.init)
        guard let raw = query["scope"] else { return (.all, date) }
        guard let scope = EditScope(rawValue: String(raw)) else {
            throw Timeline.Problem.unknownScope
        }
        return (scope, date)
    }
}
