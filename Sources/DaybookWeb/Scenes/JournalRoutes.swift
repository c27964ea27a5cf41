import DaybookCore
import DaybookFeatures
import HTTPTypes
import Hummingbird

/// `/journal`: the list, an entry, the editor and the trash, as pages that work without a script; the editor's
/// script saves through `/api/v1/entries` instead of submitting.
struct JournalRoutes {
    let services: AppServices
    /// When a device's outbox sends an edit made offline, the time it was made (RFC 3339).

    func register(on router: Router<DaybookRequestContext>, pages: RouterGroup<DaybookRequestContext>) {
        pages.get("/journal") { request, context in
            let query = request.uri.queryParameters
            let list = Journal.List.Request(
                tag: query["tag"].map(String.init), starredOnly: query["starred"] == "1",
                after: query["after"].map(String.init))
            return try await page(request, context, "journal") { env in
                let model = JournalPresenter.present(try await interactor(env).list(list), localizer: env.localizer)
                return try PageRenderer.EncodedPage(model, title: model.title)
            }
        }
        pages.get("/search") { request, context in
            let query = request.uri.queryParameters
            let text = String((query["q"].map(String.init) ?? "").prefix(JournalSearchQuery.maximumTextLength))
            let offset = min(max(query["offset"].flatMap { Int($0) } ?? 0, 0), 10_000)
            let asked = query["order"].map(String.init)
            return try await page(request, context, "search") { env in
                let results = try await interactor(env).search(text, offset: offset, order: asked)
                let today = DayKey(date: services.clock.now(), timeZone: env.settings.timeZone)
                let model = JournalPresenter.present(
                    search: results, query: text, offset: offset, orderAsked: asked != nil, today: today,
                    localizer: env.localizer)
                return try PageRenderer.EncodedPage(model, title: model.title)
            }
        }
        pages.get("/journal/new") { request, context in
            // From a day in the Calendar: an entry for that day, at noon.
            let query = request.uri.queryParameters
            let day = query["date"].flatMap { DayKey(string: String($0)) }
            var typed = day.map { JournalEntryDraft(date: "\($0)T12:00") }
            // From a point held on the Map: an entry written there.
            if let at = query["at"].map(String.init) {
                let env = try context.env
                guard let point = Coordinate(text: at) else { throw EntryMap.Problem.invalidPoint }
                let place = try await interactor(env).place(at: point.latitude, point.longitude)
                typed = typed ?? JournalEntryDraft()
                typed?.place = PlaceDraft(place)
            }
            return try await editor(request, context, id: nil, typed: typed)
        }
        router.post("/journal") { request, context in
            try await save(request, context, id: nil)
        }
        pages.get("/journal/trash") { request, context in
            // Not kept: opening the trash deletes what was in it for more than 30 days.
            try await page(request, context, "journal-trash", kept: nil) { env in
                let model = JournalPresenter.present(
                    trash: try await interactor(env).trashed(), localizer: env.localizer)
                return try PageRenderer.EncodedPage(model, title: model.title)
            }
        }
        router.post("/journal/trash/empty") { request, context in
            let env = try context.env
            try await interactor(env).emptyTrash()
            return Response.seeOther("/journal/trash")
        }
        pages.get("/journal/{id}") { request, context in
            let id = try context.parameters.require("id")
            return try await page(request, context, "entry") { env in
                let response = try await interactor(env).entry(id)
                guard let model = JournalPresenter.present(entry: response, localizer: env.localizer) else {
                    throw Journal.Problem.notFound
                }
                return try PageRenderer.EncodedPage(model, title: model.title)
            }
        }
        pages.get("/journal/{id}/edit") { request, context in
            try await editor(request, context, id: try context.parameters.require("id"))
        }
        router.post("/journal/{id}") { request, context in
            try await save(request, context, id: try context.parameters.require("id"))
        }
        router.post("/journal/{id}/delete") { request, context in
            let id = try context.parameters.require("id")
            let env = try context.env
            try await interactor(env).trash(id: id)
            return Response.seeOther("/journal")
        }
        router.post("/journal/{id}/tags") { request, context in
            let id = try context.parameters.require("id")
            let env = try context.env
            try await interactor(env).addTag(id: id, context.form["tag"] ?? "")
            return Response.seeOther("/journal#entry-\(URLText.component(id))")
        }
        router.post("/journal/{id}/conflicts/{conflict}") { request, context in
            let (id, conflict) = (try context.parameters.require("id"), try context.parameters.require("conflict"))
            let env = try context.env
            try await interactor(env).choose(id: id, conflictID: conflict, keep: context.form["keep"] ?? "")
            return Response.seeOther("/journal/\(URLText.component(id))")
        }
        router.post("/journal/{id}/conflicts/{conflict}/delete") { request, context in
            let (id, conflict) = (try context.parameters.require("id"), try context.parameters.require("conflict"))
            let env = try context.env
            try await interactor(env).deleteSetAside(id: id, conflictID: conflict)
            return Response.seeOther("/journal/\(URLText.component(id))")
        }
        router.post("/journal/{id}/restore") { request, context in
            let id = try context.parameters.require("id")
            let env = try context.env
            try await interactor(env).restore(id: id)
            return Response.seeOther("/journal/trash")
        }
    }

    private func interactor(_ env: PageEnvironment) -> JournalInteractor {
        env.journal
    }

    /// A journal page, kept like the other pages unless `kept` says otherwise.
    private func page(
        _ request: Request, _ context: DaybookRequestContext, _ template: String, kept: PageLifetime? = .day,
        make: (PageEnvironment) async throws -> PageRenderer.EncodedPage
    ) async throws -> Response {
        let env = try context.env
        let encoded = try await env.page(request, kept: kept) { try await make(env) }
        return try env.render(template, encoded: encoded, current: .journal, context: context)
    }

    private func editor(
        _ request: Request, _ context: DaybookRequestContext, id: String?, typed: JournalEntryDraft? = nil,
        problems: [JournalField: JournalProblem] = [:], status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let env = try context.env
        let response = try await interactor(env).entry(id)
        let model = JournalPresenter.editor(response, typed: typed, problems: problems, localizer: env.localizer)
        return try env.render(
            "entry-edit", page: model, title: model.title, current: .journal, context: context,
            status: status)
    }

    /// The place fields of the editor's form: absent keeps the place, an empty point takes it away, and a point
    /// that is not two numbers is refused by validation (as not finite).
    static func place(_ form: FormData) -> PlaceDraft? {
        guard let latitude = form["latitude"], let longitude = form["longitude"] else { return nil }
        func number(_ text: String) -> Double? {
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            return trimmed.isEmpty ? nil : Double(trimmed) ?? .nan
        }
        return PlaceDraft(
            latitude: number(latitude), longitude: number(longitude), name: form["placeName"],
            country: form["placeCountry"])
    }

    /// The editor's form, sent without its script or from a device's outbox: saved, or shown again with what was
    /// typed and why not. An edit that started from an older revision keeps both versions (the entry then asks
    /// which to keep), so no words are lost to a save made elsewhere meanwhile.
    private func save(_ request: Request, _ context: DaybookRequestContext, id: String?) async throws -> Response {
        let env = try context.env
        let form = context.form
        let draft = JournalEntryDraft(
            title: form["title"] ?? "", body: (form["body"] ?? "").replacingOccurrences(of: "\r\n", with: "\n"),
            tags: (form["tags"] ?? "").split(separator: ",").map { String($0) }
                .filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty },
            starred: form["starred"] == "on" || form["starred"] == "1", date: form["date"],
            place: Self.place(form))
        do {
            let entry: JournalEntry
            if let id {
                guard let revision = Int(form["revision"] ?? "") else { throw Journal.Problem.invalidRevision }
                entry = try await interactor(env)
                    .updateKeepingBoth(id: id, draft, revision: revision, madeAt: MadeAt.of(request), lineage: nil)
                    .entry
            } else {
                entry = try await interactor(env).create(draft)
            }
            return Response.seeOther("/journal/\(URLText.component(entry.id))")
        } catch let error as JournalEntryDraft.Problem {
            return try await editor(
                request, context, id: id, typed: draft, problems: error.problems, status: error.status)
        }
    }
}
