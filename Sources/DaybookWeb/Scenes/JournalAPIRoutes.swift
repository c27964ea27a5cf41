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
        /// `null` takes the place away; absent keeps it.
        var place: PlaceDraft?
        var revision: Int?
        /// A new entry's id, chosen on the device (a UUID), so that a save whose answer was lost is not made twice.
        var id: String?
        /// The editing session on a device that made the change: its successive saves never conflict.
        var lineage: String?
        /// What a change that started from an older revision does: refused with 409 (the default), or saved
        /// keeping both versions for the person to choose from.
        var onConflict: OnConflict?

        enum OnConflict: String, Decodable {
            case refuse, keepBoth
        }

        init() {}

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            title = try container.decodeIfPresent(String.self, forKey: .title)
            body = try container.decodeIfPresent(String.self, forKey: .body)
            tags = try container.decodeIfPresent([String].self, forKey: .tags)
            starred = try container.decodeIfPresent(Bool.self, forKey: .starred)
            coverPhotoID = try container.decodeIfPresent(String.self, forKey: .coverPhotoID)
            date = try container.decodeIfPresent(String.self, forKey: .date)
            revision = try container.decodeIfPresent(Int.self, forKey: .revision)
            onConflict = try container.decodeIfPresent(OnConflict.self, forKey: .onConflict)
            id = try container.decodeIfPresent(String.self, forKey: .id)
            lineage = try container.decodeIfPresent(String.self, forKey: .lineage)
            if container.contains(.place) {
                place =
                    try container.decodeNil(forKey: .place)
                    ? PlaceDraft() : container.decode(PlaceDraft.self, forKey: .place)
            }
        }

        private enum CodingKeys: String, CodingKey {
            case title, body, tags, starred, coverPhotoID, date, place, revision, onConflict, id, lineage
        }

        /// Only the text: what a shortcuts token may send.
        var isTextOnly: Bool {
            title == nil && tags == nil && starred == nil && coverPhotoID == nil && date == nil && place == nil
                && revision == nil && id == nil && lineage == nil && onConflict == nil
        }

        var draft: JournalEntryDraft {
            JournalEntryDraft(
                title: title, body: body?.replacingOccurrences(of: "\r\n", with: "\n"), tags: tags, starred: starred,
                coverPhotoID: coverPhotoID, date: date, place: place)
        }
    }

    /// A paragraph for today's entry.
    struct Appending: Decodable {
        var text: String
    }

    /// Which version of an entry changed on two devices to keep: `entry` or `other`.
    struct Choice: Decodable {
        var keep: String
    }

    struct EntryList: Encodable {
        var entries: [Journal.Row]
        var next: String?
    }

    struct SearchResults: Encodable {
        var query: String
        var results: [Journal.Row]
        var hasMore: Bool
        /// `best` or `newest`: how the results are ordered.
        var order: String
        /// Why they are in that order when the words are common, in the owner's language; nil otherwise.
        var orderNote: String?
    }

    struct ConflictBody: Encodable {
        var error: APIError.Detail
        var current: Journal.EntryJSON
    }

    func register(on router: Router<DaybookRequestContext>) {
        router.get("/api/v1/entries") { request, context in
            let query = request.uri.queryParameters
            let scene = try Scene(context.env)
            let response = try await scene.interactor.list(
                Journal.List.Request(
                    tag: query["tag"].map(String.init), starredOnly: query["starred"] == "true",
                    after: query["after"].map(String.init)))
            let rows = scene.rows(response.page.entries, today: response.today)
            return try JSONResponse.make(EntryList(entries: rows, next: response.page.next?.description))
        }
        router.post("/api/v1/entries") { request, context in
            let body = try await JSONBody.decode(Body.self, from: request, upTo: Limits.markdownBody) ?? Body()
            // Quick capture from a phone's shortcut: the text, nothing else.
            if context.tokenScope == .shortcuts, !body.isTextOnly { throw TokenAccess.Problem.entryTextOnly }
            let scene = try Scene(context.env)
            let saved = try await scene.interactor.create(
                body.draft, id: body.id, madeAt: MadeAt.of(request), lineage: body.lineage)
            var json = scene.json(saved.shown)
            json.say = scene.localizer("journal.say.added")
            return try JSONResponse.make(json, status: saved.isNew ? .created : .ok)
        }
        router.post("/api/v1/entries/today/append") { request, context in
            let body = try await JSONBody.decode(Appending.self, from: request, upTo: Limits.markdownBody)
            guard let text = body?.text else { throw Journal.Problem.nothingToAdd }
            let scene = try Scene(context.env)
            do {
                let appended = try await scene.interactor.appendToToday(text, madeAt: MadeAt.of(request))
                return try JSONResponse.make(
                    JournalPresenter.appended(appended, localizer: scene.localizer),
                    status: appended.isNew ? .created : .ok)
            } catch is Journal.Conflict {
                return APIError.response(
                    status: .conflict, code: "conflict", message: scene.localizer("error.conflict.body"))
            }
        }
        router.get("/api/v1/entries/{id}") { request, context in
            let id = try context.parameters.require("id")
            let scene = try Scene(context.env)
            return try JSONResponse.make(scene.json(try await scene.interactor.shown(id: id)))
        }
        router.patch("/api/v1/entries/{id}") { request, context in
            let id = try context.parameters.require("id")
            let body = try await JSONBody.decode(Body.self, from: request, upTo: Limits.markdownBody) ?? Body()
            let scene = try Scene(context.env)
            guard let revision = body.revision else { throw Journal.Problem.invalidRevision }
            if body.onConflict == .keepBoth {
                let saved = try await scene.interactor.updateKeepingBoth(
                    id: id, body.draft, revision: revision, madeAt: MadeAt.of(request), lineage: body.lineage)
                return try JSONResponse.make(scene.json(saved))
            }
            do {
                return try JSONResponse.make(
                    scene.json(try await scene.interactor.update(id: id, body.draft, revision: revision)))
            } catch let conflict as Journal.Conflict {
                // Both texts reach the page, which lets the person choose; nothing was overwritten.
                return try JSONResponse.make(scene.conflict(conflict.current), status: .conflict)
            }
        }
        router.post("/api/v1/entries/{id}/conflicts/{conflict}") { request, context in
            let (id, conflict) = (try context.parameters.require("id"), try context.parameters.require("conflict"))
            let choice = try await JSONBody.decode(Choice.self, from: request, upTo: Limits.jsonBody)
            let scene = try Scene(context.env)
            let entry = try await scene.interactor.choose(id: id, conflictID: conflict, keep: choice?.keep ?? "")
            return try JSONResponse.make(scene.json(entry))
        }
        router.delete("/api/v1/entries/{id}") { request, context in
            let id = try context.parameters.require("id")
            let scene = try Scene(context.env)
            try await scene.interactor.trash(id: id)
            return Response(status: .noContent)
        }
        router.post("/api/v1/entries/{id}/restore") { request, context in
            let id = try context.parameters.require("id")
            let scene = try Scene(context.env)
            return try JSONResponse.make(scene.json(try await scene.interactor.restore(id: id)))
        }
        router.get("/api/v1/trash") { request, context in
            let scene = try Scene(context.env)
            let response = try await scene.interactor.trashed()
            let today = DayKey(date: response.now, timeZone: response.settings.timeZone)
            return try JSONResponse.make(EntryList(entries: scene.rows(response.entries, today: today), next: nil))
        }
        router.delete("/api/v1/trash") { request, context in
            let scene = try Scene(context.env)
            try await scene.interactor.emptyTrash()
            return Response(status: .noContent)
        }
        // What a device keeps of the journal to read, search and map it without the server: the whole journal a
        // page at a time (`after`), or the entries a change named (`ids`, comma-separated).
        router.get("/api/v1/device/journal") { request, context in
            let query = request.uri.queryParameters
            let ids = query["ids"].map { $0.split(separator: ",").map(String.init) }
            let scene = try Scene(context.env)
            let response = try await scene.interactor.kept(after: query["after"].map(String.init), ids: ids)
            return try JSONResponse.make(JournalPresenter.kept(response, localizer: scene.localizer))
        }
        router.get("/api/v1/search") { request, context in
            let query = request.uri.queryParameters
            let text = query["q"].map(String.init) ?? ""
            let scene = try Scene(context.env)
            let page = try await scene.interactor.search(
                text, tag: query["tag"].map(String.init), from: query["from"].map(String.init),
                through: query["to"].map(String.init), starredOnly: query["starred"] == "true",
                limit: query["limit"].flatMap { Int($0) } ?? 20, offset: query["offset"].flatMap { Int($0) } ?? 0,
                order: query["order"].map(String.init))
            let today = DayKey(date: services.clock.now(), timeZone: scene.localizer.timeZone)
            let rows = page.hits.map {
                JournalPresenter.row($0.entry, today: today, snippet: $0.snippet, localizer: scene.localizer)
            }
            return try JSONResponse.make(
                SearchResults(
                    query: text, results: rows, hasMore: page.hasMore, order: page.order.rawValue,
                    orderNote: JournalPresenter.orderNote(page, localizer: scene.localizer)))
        }
    }

    /// What every action gets: the interactor, and the presenter in the owner's language.
    struct Scene {
        let interactor: JournalInteractor
        let localizer: Localizer

        init(_ env: PageEnvironment) {
            interactor = env.journal
            localizer = env.localizer
        }

        func json(_ shown: Journal.Shown) -> Journal.EntryJSON {
            JournalPresenter.json(
                shown.entry, html: shown.html, weather: shown.weather, units: shown.units, conflict: shown.conflict,
                localizer: localizer)
        }

        func rows(_ entries: [JournalEntrySummary], today: DayKey) -> [Journal.Row] {
            entries.map { JournalPresenter.row($0, today: today, localizer: localizer) }
        }

        func conflict(_ current: Journal.Shown) -> ConflictBody {
            ConflictBody(
                error: APIError.Detail(code: "conflict", message: localizer("journal.conflict"), fields: nil),
                current: json(current))
        }
    }
}
