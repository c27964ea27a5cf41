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
            return try await respond(context) { interactor, localizer in
                try await services.keptJSON(request, context, kept: .minute) {
                    TimelinePresenter.present(try await interactor.day(date), localizer: localizer)
                }
            }
        }
        router.post("/api/v1/tasks") { request, context in
            let body = try await JSONBody.decode(NewTask.self, from: request)
            return try await respond(context) { interactor, localizer in
                let task = try await interactor.create(
                    body?.draft ?? TaskDraft(), id: body?.id, madeAt: MadeAt.of(request))
                let day = try await interactor.day(task.day.description)
                return try JSONResponse.make(
                    TimelinePresenter.added(task, in: day, localizer: localizer), status: .created)
            }
        }
        router.patch("/api/v1/tasks/{id}") { request, context in
            let id = try context.parameters.require("id")
            let draft = try await JSONBody.decode(TaskDraft.self, from: request) ?? TaskDraft()
            return try await respond(context) { interactor, localizer in
                let (scope, date) = try occurrence(request)
                let task = try await interactor.update(
                    id: id, draft, scope: scope, on: date, madeAt: MadeAt.of(request))
                return try JSONResponse.make(try await row(task, interactor, localizer))
            }
        }
        router.post("/api/v1/tasks/{id}/done") { request, context in
            let id = try context.parameters.require("id")
            let body = try await JSONBody.decode(Done.self, from: request) ?? Done()
            return try await respond(context) { interactor, localizer in
                try await interactor.setDone(
                    id: id, done: body.done ?? true, on: body.date, madeAt: MadeAt.of(request))
                return try JSONResponse.make(
                    TimelinePresenter.present(try await interactor.day(body.date), localizer: localizer))
            }
        }
        router.delete("/api/v1/tasks/{id}") { request, context in
            let id = try context.parameters.require("id")
            return try await respond(context) { interactor, _ in
                let (scope, date) = try occurrence(request)
                _ = try await interactor.delete(id: id, scope: scope, on: date, madeAt: MadeAt.of(request))
                return Response(status: .noContent)
            }
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

    /// The row a created or changed task has on its own day (a repeating task may not occur on it).
    private func row(_ task: PlannedTask, _ interactor: TimelineInteractor, _ localizer: Localizer) async throws
        -> Timeline.TaskRow
    {
        TimelinePresenter.row(task, in: try await interactor.day(task.day.description), localizer: localizer)
    }

    /// Runs `action` with the timeline's interactor and the owner's language; a refusal it throws is answered as its
    /// `SceneProblem`.
    private func respond(
        _ context: DaybookRequestContext, _ action: (TimelineInteractor, Localizer) async throws -> Response
    ) async throws -> Response {
        let database = try context.env.database
        let localizer = try context.localizer
        return try await action(services.timelineInteractor(database), localizer)
    }
}
