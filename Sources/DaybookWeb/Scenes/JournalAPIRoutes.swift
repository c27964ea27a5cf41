import DaybookCore
import DaybookFeatures
import Foundation
import Hummingbird

/// `/api/v1/entries`, `/api/v1/trash` and `/api/v1/search`: the journal for the editor's script, the CLI and
/// other clients.
struct JournalAPIRoutes {
    let services: AppServices

    /// A new entry or a change to one: absent fields stay as they are; a change names the revision it started
    /// from.
    struct Body: Decodable {
        var title: String?
        var body: String?
        var tags: [String]?
        var starred: Bool?
        var coverPhotoID: String?
        var date: String?
        var revision: Int?

        var draft: JournalEntryDraft {
            JournalEntryDraft(
                title: title, body: body?.replacingOccurrences(of: "\r\n", with: "\n"), tags: tags, starred: starred,
                coverPhotoID: coverPhotoID, date: date)
        }
    }

    struct EntryList: Encodable {
        var entries: [Journal.Row]
        var next: String?
    }

    struct SearchResults: Encodable {
        var query: String
        var results: [Journal.Row]
        var hasMore: Bool
    }

    struct ConflictBody: Encodable {
        var error: APIError.Detail
        var current: Journal.EntryJSON
    }

    func register(on router: Router<DaybookRequestContext>) {
        router.get("/api/v1/entries") { request, _ in
            let query = request.uri.queryParameters
            return try await respond(request) { interactor, localizer in
                let response = try await interactor.list(
                    Journal.List.Request(
                        tag: query["tag"].map(String.init), starredOnly: query["starred"] == "true",
                        after: query["after"].map(String.init)))
                let rows = response.page.entries.map {
                    JournalPresenter.row($0, today: response.today, localizer: localizer)
                }
                return try JSONResponse.make(EntryList(entries: rows, next: response.page.next?.description))
            }
        }
        router.post("/api/v1/entries") { request, _ in
            let body = try await JSONBody.decode(Body.self, from: request, upTo: Limits.markdownBody) ?? Body()
            return try await respond(request) { interactor, _ in
                let entry = try await interactor.create(body.draft)
                return try JSONResponse.make(try await json(entry, interactor), status: .created)
            }
        }
        router.get("/api/v1/entries/{id}") { request, context in
            let id = try context.parameters.require("id")
            return try await respond(request) { interactor, _ in
                guard let entry = try await interactor.entry(id).entry else { throw Journal.Problem.notFound }
                return try JSONResponse.make(try await json(entry, interactor))
            }
        }
        router.patch("/api/v1/entries/{id}") { request, context in
            let id = try context.parameters.require("id")
            let body = try await JSONBody.decode(Body.self, from: request, upTo: Limits.markdownBody) ?? Body()
            return try await respond(request) { interactor, localizer in
                guard let revision = body.revision else { throw Journal.Problem.invalidRevision }
                do {
                    let entry = try await interactor.update(id: id, body.draft, revision: revision)
                    return try JSONResponse.make(try await json(entry, interactor))
                } catch let conflict as Journal.Conflict {
                    // Both texts reach the page, which lets the person choose; nothing was overwritten.
                    let answer = ConflictBody(
                        error: APIError.Detail(
                            code: "conflict", message: localizer("journal.conflict"), fields: nil),
                        current: try await json(conflict.current, interactor))
                    return try JSONResponse.make(answer, status: .conflict)
                }
            }
        }
        router.delete("/api/v1/entries/{id}") { request, context in
            let id = try context.parameters.require("id")
            return try await respond(request) { interactor, _ in
                try await interactor.trash(id: id)
                return Response(status: .noContent)
            }
        }
        router.post("/api/v1/entries/{id}/restore") { request, context in
            let id = try context.parameters.require("id")
            return try await respond(request) { interactor, _ in
                try await interactor.restore(id: id)
                guard let entry = try await interactor.entry(id).entry else { throw Journal.Problem.notFound }
                return try JSONResponse.make(try await json(entry, interactor))
            }
        }
        router.get("/api/v1/trash") { request, _ in
            try await respond(request) { interactor, localizer in
                let response = try await interactor.trashed()
                let today = DayKey(date: response.now, timeZone: response.settings.timeZone)
                let rows = response.entries.map { JournalPresenter.row($0, today: today, localizer: localizer) }
                return try JSONResponse.make(EntryList(entries: rows, next: nil))
            }
        }
        router.delete("/api/v1/trash") { request, _ in
            try await respond(request) { interactor, _ in
                try await interactor.emptyTrash()
                return Response(status: .noContent)
            }
        }
        router.get("/api/v1/search") { request, _ in
            let query = request.uri.queryParameters
            let text = query["q"].map(String.init) ?? ""
            return try await respond(request) { interactor, localizer in
                let page = try await interactor.search(
                    text, tag: query["tag"].map(String.init), from: query["from"].map(String.init),
                    through: query["to"].map(String.init), starredOnly: query["starred"] == "true",
                    limit: query["limit"].flatMap { Int($0) } ?? 20, offset: query["offset"].flatMap { Int($0) } ?? 0)
                let today = DayKey(date: services.clock.now(), timeZone: localizer.timeZone)
                let rows = page.hits.map {
                    JournalPresenter.row($0.entry, today: today, snippet: $0.snippet, localizer: localizer)
                }
                return try JSONResponse.make(SearchResults(query: text, results: rows, hasMore: page.hasMore))
            }
        }
    }

    private func json(_ entry: JournalEntry, _ interactor: JournalInteractor) async throws -> Journal.EntryJSON {
        JournalPresenter.json(entry, html: try await interactor.html(entry.body))
    }

    private func respond(
        _ request: Request, _ action: (JournalInteractor, Localizer) async throws -> Response
    ) async throws -> Response {
        let database = try await services.database()
        let localizer = try await services.ownerLocalizer(database, request: request)
        do {
            return try await action(services.journalInteractor(database), localizer)
        } catch let problem as Journal.Problem {
            let (status, code): (HTTPResponse.Status, String) =
                switch problem {
                case .notFound: (.notFound, "notFound")
                case .unknownTag: (.notFound, "unknownTag")
                // A state of the photo store, not of the request: like a change conflicting with what is stored.
                case .unknownPhoto: (.conflict, "unknownPhoto")
                case .wouldEmpty: (.conflict, "wouldEmpty")
                case .invalidCursor: (.badRequest, "invalidCursor")
                case .invalidRevision: (.unprocessableContent, "invalidRevision")
                case .invalidDay: (.badRequest, "invalidDate")
                }
            return APIError.response(
                status: status, code: code, message: JournalPresenter.message(for: problem, localizer: localizer))
        } catch let error as JournalValidationError {
            let fields = Dictionary(
                uniqueKeysWithValues: error.problems.map {
                    ($0.key.rawValue, JournalPresenter.message(for: $0.value, localizer: localizer))
                })
            return APIError.response(
                status: error.isTooLarge ? .contentTooLarge : .unprocessableContent, code: "invalidEntry",
                message: fields.count == 1
                    ? fields.values.first! : FieldProblemPresenter.summary(count: fields.count, localizer: localizer),
                fields: fields)
        }
    }
}
