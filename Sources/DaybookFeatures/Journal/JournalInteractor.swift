import DaybookCore
import Foundation

/// Writes, lists, searches and trashes journal entries (the trash is `JournalTrash.swift`, an entry as shown is
/// `JournalShown.swift`). Every save renders the body's plain-text mirror (for search and word counts) and stores
/// entry, tags and search index in one transaction.
public struct JournalInteractor: Sendable {
    let store: any JournalStore
    let photos: any PhotoStore
    private let settings: any SettingsStore
    let renderer: any MarkdownRendering
    /// Reads the weather kept for an entry's place and hour.
    let weather: WeatherInteractor
    let clock: any DaybookClock
    let ids: any IDGenerator
    let events: EventBus
    /// Names the places of saves: offline, so a save never waits on the network.
    private let places: any PlaceNaming
    /// Names a point for the editor before it is saved: may ask a geocoder the owner turned on.
    private let lookup: any PlaceNaming
    private let initial: @Sendable () -> Settings

    public init(
        store: any JournalStore, photos: any PhotoStore, settings: any SettingsStore, renderer: any MarkdownRendering,
        weather: WeatherInteractor, clock: any DaybookClock, ids: any IDGenerator, events: EventBus,
        places: any PlaceNaming, lookup: (any PlaceNaming)? = nil, initial: @escaping @Sendable () -> Settings
    ) {
        self.store = store
        self.photos = photos
        self.settings = settings
        self.renderer = renderer
        self.weather = weather
        self.clock = clock
        self.ids = ids
        self.events = events
        self.places = places
        self.lookup = lookup ?? places
        self.initial = initial
    }

    /// A page of entries, newest first.
    ///
    /// - Throws: `Journal.Problem.invalidCursor` for a cursor this list never gave, `.unknownTag` for a tag no
    ///   entry has.
    public func list(_ request: Journal.List.Request) async throws -> Journal.List.Response {
        let owner = try await owner()
        var cursor: JournalCursor?
        if let after = request.after, !after.isEmpty {
            guard let parsed = JournalCursor(text: after) else { throw Journal.Problem.invalidCursor }
            cursor = parsed
        }
        let tags = try await store.tagCounts()
        let tag = try Self.knownTag(request.tag, in: tags)
        let page = try await store.entries(
            JournalListQuery(tag: tag, starredOnly: request.starredOnly, limit: 50, after: cursor))
        return Journal.List.Response(
            settings: owner, request: Journal.List.Request(tag: tag, starredOnly: request.starredOnly),
            page: page, tags: tags, today: DayKey(date: clock.now(), timeZone: owner.timeZone))
    }

    /// One entry, with its body as safe HTML and the weather kept for it; `id == nil` is a new, empty entry.
    ///
    /// - Throws: `Journal.Problem.notFound`, also for an entry in the trash.
    public func entry(_ id: String?) async throws -> Journal.Entry.Response {
        let owner = try await owner()
        guard let id else { return Journal.Entry.Response(settings: owner, entry: nil, html: "", now: clock.now()) }
        let entry = try await existing(id)
        return Journal.Entry.Response(
            settings: owner, entry: entry, html: try await html(entry.body, language: owner.language), now: clock.now(),
            weather: try await weather.weather(for: entry), conflicts: try await store.conflicts(entryID: id))
    }

    /// Saves a new entry; a draft without a date is for now.
    ///
    /// - Throws: `JournalEntryDraft.Problem` when a field is refused; nothing is saved.
    public func create(_ draft: JournalEntryDraft) async throws -> JournalEntry {
        try await save(draft, id: nil, madeAt: nil, lineage: nil).entry
    }

    /// Saves a new entry whose id a device may have chosen, so that sending it again never makes a second: the
    /// same id sent again by the same editing session is that session's next save of it.
    ///
    /// - Parameters:
    ///   - id: the entry's id, a UUID chosen on the device; `nil` lets the server choose.
    ///   - madeAt: when the person wrote it (an offline device sends it later); `nil`, or later than now, is now.
    ///   - lineage: the editing session that wrote it.
    /// - Throws: `JournalEntryDraft.Problem` when a field is refused; `Journal.Problem.invalidID`,
    ///   `.invalidLineage`, or `.idTaken` when another writer's entry has the id. Nothing is saved then.
    /// - Returns: the entry as a client is answered with it, and whether this request made it.
    public func create(_ draft: JournalEntryDraft, id: String?, madeAt: Date?, lineage: String?) async throws
        -> Journal.Created
    {
        let saved = try await save(draft, id: id, madeAt: madeAt, lineage: lineage)
        return Journal.Created(shown: try await shown(saved.entry, owner: owner()), isNew: saved.isNew)
    }

    /// Adds `text` to today's latest entry as a paragraph headed by the time ("**14:05** Called the bank"), or starts
    /// today's entry with it: quick capture, which names no revision. An edit saved meanwhile is built on.
    ///
    /// - Throws: `Journal.Problem.nothingToAdd` for blank text; `JournalEntryDraft.Problem` when the entry would be
    ///   longer than an entry may be; `Journal.Conflict` when it kept changing under every attempt. Nothing is saved
    ///   then.
    public func appendToToday(_ text: String, madeAt: Date?) async throws -> Journal.Appended {
        let text = text.replacingOccurrences(of: "\r\n", with: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { throw Journal.Problem.nothingToAdd }
        let owner = try await owner()
        let now = clock.now()
        let moment = madeAt.map { min($0, now) } ?? now
        let today = DayKey(date: moment, timeZone: owner.timeZone)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = owner.timeZone
        let time = calendar.dateComponents([.hour, .minute], from: moment)
        let paragraph = String(format: "**%02d:%02d** ", time.hour ?? 0, time.minute ?? 0) + text
        for attempt in 1...Self.appendAttempts {
            guard let latest = try await store.entries(JournalListQuery(limit: 1)).entries.first, latest.day == today,
                let entry = try await store.entry(id: latest.id)
            else {
                let saved = try await save(JournalEntryDraft(body: paragraph), id: nil, madeAt: nil, lineage: nil)
                return Journal.Appended(id: saved.entry.id, day: today, isNew: true)
            }
            let body = entry.body.isEmpty ? paragraph : entry.body + "\n\n" + paragraph
            do {
                _ = try await edit(id: entry.id, JournalEntryDraft(body: body), revision: entry.revision)
                return Journal.Appended(id: entry.id, day: today, isNew: false)
            } catch is Journal.Conflict where attempt < Self.appendAttempts {
                continue  // saved in between: add to what is there now
            }
        }
        preconditionFailure("the last attempt returns or throws")
    }

    /// How often quick capture tries again when the entry changes under it.
    static let appendAttempts = 5

    private func save(_ draft: JournalEntryDraft, id: String?, madeAt: Date?, lineage: String?) async throws
        -> (entry: JournalEntry, isNew: Bool)
    {
        let origin = try origin(revision: 0, madeAt: madeAt, lineage: lineage)
        if let id, UUID(uuidString: id) == nil { throw Journal.Problem.invalidID }
        let id = id?.lowercased() ?? ids.makeID()
        let owner = try await owner()
        let now = clock.now()
        if try await store.entry(id: id) != nil {
            // Sent before, its answer lost on the way: the session's next save of the entry it made (kept beside
            // the stored version, as any edit, should another writer's be there).
            guard origin.lineage != nil else { throw Journal.Problem.idTaken }
            return (try await edit(id: id, draft, origin: origin).entry, false)
        }
        var content = try draft.validated(now: now, timeZone: owner.timeZone)
        content.coverPhotoID = try await cover(content)
        content.place = await named(content.place, language: owner.language)
        do {
            let entry = try await store.createEntry(
                id: id, content, plainText: renderer.plainText(content.body),
                origin: lineage == nil && madeAt == nil ? nil : origin, at: now)
            await events.publish(.journal)
            return (entry, true)
        } catch JournalStoreError.duplicateID {
            // The same save arriving twice at once (an outbox replaying beside a live tap): the one that lost the
            // race is the session's next save, as above.
            guard origin.lineage != nil else { throw Journal.Problem.idTaken }
            return (try await edit(id: id, draft, origin: origin).entry, false)
        }
    }

    /// Changes the fields a draft carries; the others stay as they are.
    ///
    /// - Parameter revision: the revision the change started from.
    /// - Throws: `Journal.Conflict` with the stored entry when someone saved in between; `JournalEntryDraft.Problem`
    ///   for a refused field; `Journal.Problem.notFound`, or `.wouldEmpty` for a change that leaves nothing in
    ///   the entry. Nothing is saved then.
    /// - Returns: the entry as a client is answered with it.
    public func update(id: String, _ draft: JournalEntryDraft, revision: Int) async throws -> Journal.Shown {
        try await shown(edit(id: id, draft, revision: revision).entry, owner: owner())
    }

    /// Changes the fields a draft carries, like `update`, but an edit that started from an older revision keeps
    /// both versions instead of being refused: the one made later becomes the entry, the other waits beside it
    /// for the person to choose.
    ///
    /// - Parameter madeAt: when the person made the edit (an offline device sends it later); `nil`, or a time
    ///   after its arrival, counts as now.
    /// - Throws: `JournalEntryDraft.Problem` for a refused field; `Journal.Problem.notFound`, `.wouldEmpty`.
    ///   - lineage: the editing session that made it: a session's successive saves build on each other and never
    ///     conflict, even when the answer to an earlier one was lost.
    /// - Returns: the entry as a client is answered with it.
    @discardableResult
    public func updateKeepingBoth(
        id: String, _ draft: JournalEntryDraft, revision: Int, madeAt: Date?, lineage: String?
    ) async throws -> Journal.Shown {
        let saved = try await edit(id: id, draft, origin: origin(revision: revision, madeAt: madeAt, lineage: lineage))
        return try await shown(saved.entry, owner: owner())
    }

    /// Where an edit comes from, its time no later than now.
    private func origin(revision: Int, madeAt: Date?, lineage: String?) throws -> JournalEditOrigin {
        if let lineage, !JournalEditOrigin.isValid(lineage: lineage) { throw Journal.Problem.invalidLineage }
        return JournalEditOrigin(revision: revision, madeAt: min(madeAt ?? clock.now(), clock.now()), lineage: lineage)
    }

    /// Saves an edit: refused when it started from an older revision (`origin == nil`, a plain update), or
    /// keeping both versions when someone else changed the entry since.
    private func edit(id: String, _ draft: JournalEntryDraft, revision: Int? = nil, origin: JournalEditOrigin? = nil)
        async throws -> JournalSave
    {
        let owner = try await owner()
        let current = try await existing(id)
        guard origin != nil || revision == current.revision else {
            throw Journal.Conflict(current: try await shown(current, owner: owner))
        }
        let merged = JournalEntryDraft(
            title: draft.title ?? current.title, body: draft.body ?? current.body,
            tags: draft.tags ?? current.tags, starred: draft.starred ?? current.isStarred,
            coverPhotoID: draft.coverPhotoID, date: draft.date, place: draft.place ?? current.place.map(PlaceDraft.init)
        )
        let now = clock.now()
        var content: JournalEntryContent
        do {
            content = try merged.validated(now: now, timeZone: owner.timeZone)
        } catch {
            // Emptying an entry is deleting it, which the trash does (and can undo).
            if error.problems == [.body: .empty] { throw Journal.Problem.wouldEmpty }
            throw error
        }
        content.coverPhotoID = try await cover(content)
        content.place = await named(content.place, language: owner.language)
        if draft.date?.isEmpty ?? true {
            // A change that leaves the date alone keeps the moment, and the day and zone it was written in.
            (content.moment, content.day, content.timeZone) = (current.moment, current.day, current.timeZone)
        }
        do {
            let plainText = renderer.plainText(content.body)
            let save =
                if let origin {
                    try await store.updateEntryKeepingBoth(
                        id: id, content, plainText: plainText, origin: origin, conflictID: ids.makeID(), at: now)
                } else {
                    JournalSave(
                        entry: try await store.updateEntry(
                            id: id, content, plainText: plainText, revision: current.revision, at: now),
                        conflict: nil)
                }
            await events.publish(.journal)
            return save
        } catch JournalStoreError.conflict(let stored) {
            throw Journal.Conflict(current: try await shown(stored, owner: owner))
        } catch JournalStoreError.notFound {
            throw Journal.Problem.notFound
        }
    }

    /// Adds a tag to an entry as it is now (the list's tag action); a tag it has already changes nothing.
    ///
    /// - Throws: `JournalEntryDraft.Problem` for a refused tag; `Journal.Problem.notFound`.
    @discardableResult
    public func addTag(id: String, _ tag: String) async throws -> JournalEntry {
        // People often type the "#" the list shows before each tag.
        var typed = tag.trimmingWhiteSpace()
        while typed.hasPrefix("#") { typed.removeFirst() }
        var current = try await existing(id)
        // Adding a tag joins it to whatever the entry has: a change that landed in between (another tab adding
        // one, an edit from the phone) is read again and the tag joined to it, never refused or lost.
        while true {
            let tags: [String]
            do {
                tags = try JournalTags.normalized(current.tags + [typed])
            } catch {
                throw JournalEntryDraft.Problem(problems: [.tags: error])
            }
            guard tags != current.tags else { return current }
            do {
                return try await edit(
                    id: id, JournalEntryDraft(tags: tags, coverPhotoID: current.coverPhotoID),
                    revision: current.revision
                ).entry
            } catch let conflict as Journal.Conflict {
                current = conflict.current.entry
            }
        }
    }

    /// The journal whole (text, tags, place), newest first, a page at a time after `after`; or the entries named by
    /// `ids` (those gone or in the trash left out): what a device keeps, and what it fetches again after a change.
    ///
    /// - Throws: `.invalidCursor` for a cursor this list never gave, `.tooManyNamed` for more than
    ///   `Journal.Kept.mostNamed` ids.
    public func kept(after: String?, ids: [String]?) async throws -> Journal.Kept.Response {
        let owner = try await owner()
        if let ids {
            guard ids.count <= Journal.Kept.mostNamed else { throw Journal.Problem.tooManyNamed }
            return Journal.Kept.Response(
                settings: owner, entries: try await store.wholeEntries(ids: ids), next: nil, now: clock.now())
        }
        var cursor: JournalCursor?
        if let after, !after.isEmpty {
            guard let parsed = JournalCursor(text: after) else { throw Journal.Problem.invalidCursor }
            cursor = parsed
        }
        let page = try await store.wholeEntries(after: cursor, limit: Journal.Kept.pageSize)
        return Journal.Kept.Response(settings: owner, entries: page.entries, next: page.next, now: clock.now())
    }

    /// Matches with highlighted snippets, best match first, or newest first when asked or when the words are
    /// in more than `JournalSearchQuery.manyMatches` entries (`order` nil).
    ///
    /// - Throws: `Journal.Problem.unknownTag` for a tag no entry has, `.invalidDay` for a date bound that is not
    ///   a day, `.invalidOrder` for an order other than `best` or `newest`.
    public func search(
        _ text: String, tag: String? = nil, from: String? = nil, through: String? = nil, starredOnly: Bool = false,
        limit: Int = 20, offset: Int = 0, order orderText: String? = nil
    ) async throws -> JournalSearchPage {
        let order = try orderText.map { text in
            guard let order = JournalSearchOrder(rawValue: text) else { throw Journal.Problem.invalidOrder }
            return order
        }
        let tag = try Self.knownTag(tag, in: tag == nil ? [] : try await store.tagCounts())
        var days: ClosedRange<DayKey>?
        if from != nil || through != nil {
            guard let first = Self.day(from, default: .earliest),
                let last = Self.day(through, default: .latest)
            else { throw Journal.Problem.invalidDay }
            // A range that ends before it starts holds no day, so nothing is found in it.
            guard first <= last else { return JournalSearchPage(hits: [], hasMore: false, order: order ?? .bestMatch) }
            days = first...last
        }
        return try await store.search(
            JournalSearchQuery(
                text: text, tag: tag, days: days, starredOnly: starredOnly, limit: limit, offset: offset,
                order: order))
    }

    /// The chosen cover when it is a stored photo, else the entry's first photo.
    ///
    /// - Throws: `Journal.Problem.unknownPhoto` for a cover that names no stored photo.
    private func cover(_ content: JournalEntryContent) async throws -> String? {
        guard let chosen = content.coverPhotoID else { return Self.photoIDs(in: content.body).first }
        guard try await photos.photo(id: chosen.lowercased()) != nil else {
            throw Journal.Problem.unknownPhoto
        }
        return chosen.lowercased()
    }

    // ---------------------------------------------------------------------------------------------------------

    /// A place the sender did not name gets the name of the nearest city (and its country, unless one was given).
    private func named(_ place: Place?, language: AppLanguage) async -> Place? {
        guard var place, place.name.isEmpty, let found = await places.place(at: place.coordinate, language: language)
        else { return place }
        place.name = found.name
        if place.country == nil { place.country = found.country }
        return place
    }

    /// The place at a point, named as a save would name it: what the editor shows once a point is chosen.
    ///
    /// - Throws: `JournalEntryDraft.Problem` (`.place`) for a point out of range.
    public func place(at latitude: Double, _ longitude: Double) async throws -> Place {
        guard let coordinate = Coordinate(latitude: latitude, longitude: longitude) else {
            throw JournalEntryDraft.Problem(problems: [.place: .invalidPlace])
        }
        let owner = try await owner()
        return await lookup.place(at: coordinate, language: owner.language)
            ?? Place(coordinate: coordinate, name: "", country: nil)
    }

    func owner() async throws -> Settings {
        try await settings.loadSettings() ?? initial()
    }

    func existing(_ id: String) async throws -> JournalEntry {
        guard let entry = try await store.entry(id: id), entry.deletedAt == nil else {
            throw Journal.Problem.notFound
        }
        return entry
    }

    /// Daybook's own photos in `markdown` (`![…](/photos/<uuid>)`), in order; the first is an entry's cover
    /// unless another is chosen.
    public static func photoIDs(in markdown: String) -> [String] {
        var ids: [String] = []
        var rest = markdown[...]
        while let range = rest.range(of: "](/photos/") {
            let id = String(rest[range.upperBound...].prefix(36))
            if id.count == 36, UUID(uuidString: id) != nil, !ids.contains(id.lowercased()) {
                ids.append(id.lowercased())
            }
            rest = rest[range.upperBound...]
        }
        return ids
    }

    static func knownTag(_ raw: String?, in tags: [JournalTagCount]) throws -> String? {
        guard let raw = raw?.trimmingCharacters(in: .whitespaces), !raw.isEmpty else { return nil }
        let key = JournalTags.key(raw)
        guard let known = tags.first(where: { JournalTags.key($0.tag) == key }) else {
            throw Journal.Problem.unknownTag(raw)
        }
        return known.tag
    }

    static func day(_ raw: String?, default fallback: DayKey?) -> DayKey? {
        guard let raw = raw?.trimmingCharacters(in: .whitespaces), !raw.isEmpty else { return fallback }
        return DayKey(string: raw)
    }

    /// `YYYY-MM-DDTHH:MM` in `zone`: how the editor's date field and the API write a moment.
    public static func isoMoment(_ moment: Date, zone: TimeZone?) -> String {
        let calendar = Calendar.gregorian(in: zone ?? TimeZone(secondsFromGMT: 0)!)
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: moment)
        func two(_ value: Int?) -> String { value.map { $0 < 10 ? "0\($0)" : "\($0)" } ?? "00" }
        let year = String(parts.year ?? 1970)
        return "\(year)-\(two(parts.month))-\(two(parts.day))T\(two(parts.hour)):\(two(parts.minute))"
    }
}
