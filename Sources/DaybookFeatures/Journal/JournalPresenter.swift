import DaybookCore
import Foundation

public enum JournalPresenter {
    /// The Journal: entries newest first, grouped by month, with the tag and starred filters.
    public static func present(_ response: Journal.List.Response, localizer: Localizer) -> Journal.ListViewModel {
        let request = response.request
        var months: [Journal.Month] = []
        for summary in response.page.entries {
            let id = "\(summary.day.year)-\(summary.day.month < 10 ? "0" : "")\(summary.day.month)"
            let row = row(summary, today: response.today, localizer: localizer)
            if months.last?.id == id {
                months[months.count - 1].entries.append(row)
            } else {
                months.append(Journal.Month(id: id, heading: localizer.monthAndYear(summary.day), entries: [row]))
            }
        }
        func href(tag: String?, starred: Bool) -> String {
            var query: [String] = []
            if let tag { query.append("tag=\(URLText.component(tag))") }
            if starred { query.append("starred=1") }
            return query.isEmpty ? "/journal" : "/journal?\(query.joined(separator: "&"))"
        }
        let isAll = request.tag == nil && !request.starredOnly
        let filters =
            [
                Journal.Filter(label: localizer("journal.filter.all"), href: "/journal", isCurrent: isAll),
                Journal.Filter(
                    label: localizer("journal.filter.starred"), href: href(tag: nil, starred: true),
                    isCurrent: request.starredOnly && request.tag == nil),
            ]
            + response.tags.prefix(12).map {
                Journal.Filter(
                    label: "#\($0.tag)", href: href(tag: $0.tag, starred: false),
                    isCurrent: JournalTags.key($0.tag) == request.tag.map(JournalTags.key))
            }
        let more = response.page.next.map { cursor in
            let base = href(tag: request.tag, starred: request.starredOnly)
            return "\(base)\(base.contains("?") ? "&" : "?")after=\(URLText.component(cursor.description))"
        }
        return Journal.ListViewModel(
            title: localizer("nav.journal"), newLabel: localizer("journal.new"),
            searchLabel: localizer("journal.search"), searchPlaceholder: localizer("journal.search.placeholder"),
            filters: filters, months: months, isEmpty: months.isEmpty,
            emptyText: isAll ? localizer("journal.empty") : localizer("journal.empty.filtered"),
            moreHref: more, moreLabel: localizer("journal.more"),
            trashHref: "/journal/trash", trashLabel: localizer("journal.trash"),
            deleteLabel: localizer("journal.delete"), tagLabel: localizer("journal.tagAction"),
            addTagLabel: localizer("journal.addTag"), tagFieldLabel: localizer("journal.tagField"),
            swipeHint: localizer("journal.swipeHint"))
    }

    /// An entry in a list; `snippet` replaces the stored excerpt for search results.
    public static func row(
        _ summary: JournalEntrySummary, today: DayKey, snippet: HighlightedText? = nil, localizer: Localizer
    ) -> Journal.Row {
        let id = URLText.component(summary.id)
        return Journal.Row(
            id: summary.id, href: "/journal/\(id)", editHref: "/journal/\(id)/edit",
            title: summary.title.isEmpty ? localizer("journal.untitled") : summary.title,
            dateLabel: localizer.day(summary.day, year: summary.day.year != today.year),
            dateTime: summary.day.description,
            snippetHTML: snippet.map(highlighted) ?? HTMLText.escaped(summary.excerpt),
            wordsLabel: localizer.plural(
                "journal.words", count: summary.wordCount, localizer.number(summary.wordCount)),
            tags: summary.tags, hasTags: !summary.tags.isEmpty, isStarred: summary.isStarred,
            starredLabel: localizer("journal.starred"),
            thumbnail: summary.coverPhotoID.map { thumbnail($0, width: 160) },
            placeLabel: summary.place.map { PlacePresenter.label($0, localizer: localizer) },
            conflictLabel: summary.hasConflict ? localizer("journal.twoDevices") : nil)
    }

    /// A cover photo at a list's size, and twice that for dense screens; square, cropped by the stylesheet.
    public static func thumbnail(_ photoID: String, width: Int) -> Journal.Thumbnail {
        let id = URLText.component(photoID)
        return Journal.Thumbnail(
            src: "/photos/\(id)?w=\(width)", srcset: "/photos/\(id)?w=\(width) 1x, /photos/\(id)?w=\(width * 2) 2x",
            width: width, height: width)
    }

    /// One entry to read.
    public static func present(entry response: Journal.Entry.Response, localizer: Localizer)
        -> Journal.EntryViewModel?
    {
        guard let entry = response.entry else { return nil }
        let zone = TimeZone(identifier: entry.timeZone) ?? response.settings.timeZone
        let id = URLText.component(entry.id)
        let today = DayKey(date: response.now, timeZone: response.settings.timeZone)
        let title = entry.title.isEmpty ? localizer("journal.untitled") : entry.title
        return Journal.EntryViewModel(
            id: entry.id, title: title, heading: title,
            dateLabel:
                "\(localizer.day(entry.day, year: entry.day.year != today.year)) \(time(entry.moment, zone, localizer))",
            dateTime: internetDateTime(entry.moment, zone),
            html: response.html, tags: entry.tags, hasTags: !entry.tags.isEmpty, isStarred: entry.isStarred,
            starredLabel: localizer("journal.starred"),
            wordsLabel: localizer.plural("journal.words", count: entry.wordCount, localizer.number(entry.wordCount)),
            editHref: "/journal/\(id)/edit", editLabel: localizer("journal.edit"),
            deleteLabel: localizer("journal.delete"), backHref: "/journal", backLabel: localizer("nav.journal"),
            logHref: "/log/\(entry.day)", logLabel: localizer("journal.dayLog"),
            place: entry.place.map { PlacePresenter.view($0, localizer: localizer) },
            weather: response.weather.map {
                WeatherPresenter.view($0, units: response.settings.units, localizer: localizer)
            },
            conflict: conflict(of: entry, response.conflicts, localizer: localizer),
            setAside: setAside(of: entry, response.conflicts, localizer: localizer))
    }

    /// The editor, for a new entry (`response.entry == nil`) or an existing one; after a refused form save it
    /// shows what was typed and why.
    public static func editor(
        _ response: Journal.Entry.Response, typed: JournalEntryDraft? = nil,
        problems: [JournalField: JournalProblem] = [:],
        localizer: Localizer
    ) -> Journal.EditorViewModel {
        let entry = response.entry
        let zone = entry.flatMap { TimeZone(identifier: $0.timeZone) } ?? response.settings.timeZone
        let date = typed?.date ?? JournalInteractor.isoMoment(entry?.moment ?? response.now, zone: zone)
        let tags = typed?.tags?.joined(separator: ", ") ?? entry?.tags.joined(separator: ", ") ?? ""
        func field(_ id: JournalField, _ value: String, maxLength: Int? = nil, hint: String? = nil) -> FormField {
            FormField(
                id: id.rawValue, label: localizer("journal.field.\(id.rawValue)"), value: value, hint: hint,
                error: problems[id].map { message(for: $0, localizer: localizer) }, maxLength: maxLength)
        }
        let id = entry.map { URLText.component($0.id) }
        let tools: [Journal.Tool] = [
            .init(action: "bold", label: localizer("journal.tool.bold"), symbol: "B", shortcut: "Control+B"),
            .init(action: "italic", label: localizer("journal.tool.italic"), symbol: "I", shortcut: "Control+I"),
            .init(
                action: "heading", label: localizer("journal.tool.heading"), symbol: "H",
                shortcut: "Control+Shift+H"),
            .init(action: "list", label: localizer("journal.tool.list"), symbol: "•", shortcut: "Control+Shift+L"),
            .init(
                action: "checklist", label: localizer("journal.tool.checklist"), symbol: "☑",
                shortcut: "Control+Shift+C"),
            .init(action: "quote", label: localizer("journal.tool.quote"), symbol: "❝", shortcut: "Control+Shift+Q"),
            .init(action: "link", label: localizer("journal.tool.link"), symbol: "↗", shortcut: "Control+K"),
            .init(action: "photo", label: localizer("journal.tool.photo"), symbol: "▣", shortcut: nil),
        ]
        let problem: String? =
            switch problems.count {
            case 0: nil
            case 1: problems.values.first.map { message(for: $0, localizer: localizer) }
            default: FieldProblemPresenter.summary(count: problems.count, localizer: localizer)
            }
        return Journal.EditorViewModel(
            title: entry == nil ? localizer("journal.new") : localizer("journal.edit"),
            entryID: entry?.id ?? "", revision: entry?.revision ?? 0,
            action: id.map { "/journal/\($0)" } ?? "/journal",
            titleField: field(.title, typed?.title ?? entry?.title ?? "", maxLength: JournalEntry.Limits.titleLength),
            dateField: field(.date, date),
            tagsField: field(.tags, tags, hint: localizer("journal.field.tags.hint")),
            starred: typed?.starred ?? entry?.isStarred ?? false, starredLabel: localizer("journal.starred"),
            bodyLabel: localizer("journal.field.body"), body: typed?.body ?? entry?.body ?? "",
            saveLabel: localizer("journal.save"),
            doneHref: id.map { "/journal/\($0)" } ?? "/journal", doneLabel: localizer("journal.done"),
            error: problem,
            place: editorPlace(
                typed: typed?.place, stored: entry?.place, error: problems[.place], localizer: localizer),
            tools: tools, previewLabel: localizer("journal.preview"),
            wordsLabel: localizer.plural(
                "journal.words", count: entry?.wordCount ?? 0, localizer.number(entry?.wordCount ?? 0)),
            texts: Journal.EditorTexts(
                stateSaved: localizer("journal.state.saved"), stateSaving: localizer("journal.state.saving"),
                stateEditing: localizer("journal.state.editing"), stateOffline: localizer("journal.state.offline"),
                stateFailed: localizer("journal.state.failed"), stateConflict: localizer("journal.state.conflict"),
                wordsOne: localizer.pluralTemplate("journal.words", count: 1, placeholder: "{n}"),
                wordsOther: localizer.pluralTemplate("journal.words", count: 2, placeholder: "{n}"),
                uploading: localizer("journal.photo.uploading"), photoOffline: localizer("journal.photo.offline"),
                placeholderText: localizer("journal.placeholder.text"),
                placeholderLink: localizer("journal.placeholder.link"),
                draftOffer: localizer("journal.draft.offer"), restoreLabel: localizer("journal.draft.restore"),
                discardLabel: localizer("journal.draft.discard"),
                stateWaiting: localizer("journal.state.waiting"), photoLimit: Photo.Limits.bytes,
                photoTooLarge: PhotoPresenter.message(for: .tooLarge, localizer: localizer)),
            conflict: entry.flatMap { conflict(of: $0, response.conflicts, localizer: localizer) },
            coverPhotoID: chosenCover(of: entry, body: typed?.body),
            photos: Journal.EditorPhotos(
                heading: localizer("journal.photos.heading"), caption: localizer("journal.photos.caption"),
                moveUp: localizer("journal.photos.moveUp"), moveDown: localizer("journal.photos.moveDown"),
                useAsCover: localizer("journal.photos.useAsCover"), cover: localizer("journal.photos.cover"),
                remove: localizer("journal.photos.remove"), waiting: localizer("journal.photos.waiting")))
    }

    /// The cover the owner chose, or "" when the entry's cover is simply its first photo (so that moving another
    /// photo first makes that one the cover).
    static func chosenCover(of entry: JournalEntry?, body typed: String?) -> String {
        guard let entry, let cover = entry.coverPhotoID else { return "" }
        return JournalInteractor.photoIDs(in: typed ?? entry.body).first == cover.lowercased() ? "" : cover.lowercased()
    }

    /// The place field as stored, or as typed into a refused form.
    static func editorPlace(typed: PlaceDraft?, stored: Place?, error: JournalProblem?, localizer: Localizer)
        -> Journal.EditorPlace
    {
        let draft = typed ?? stored.map(PlaceDraft.init) ?? PlaceDraft()
        let place = try? draft.validated()
        func number(_ value: Double?) -> String { value.map(Coordinate.fixed) ?? "" }
        return Journal.EditorPlace(
            latitude: number(draft.latitude), longitude: number(draft.longitude), name: draft.name ?? "",
            country: draft.country ?? "", hasPlace: !draft.removes,
            label: place.map { PlacePresenter.label($0, localizer: localizer) } ?? localizer("journal.place.none"),
            mapHref: place.map { "/map?at=\($0.coordinate.text)" },
            error: error.map { message(for: $0, localizer: localizer) },
            fieldLabel: localizer("journal.field.place"), nameLabel: localizer("journal.place.name"),
            addLabel: localizer("journal.place.add"), removeLabel: localizer("journal.place.remove"),
            noneLabel: localizer("journal.place.none"),
            locating: localizer("journal.place.locating"), denied: localizer("journal.place.denied"),
            unavailable: localizer("journal.place.unavailable"),
            fromPhoto: localizer("journal.place.fromPhoto", "{place}"),
            usePhotoLabel: localizer("journal.place.usePhoto"))
    }

    public static func present(trash response: Journal.Trash.Response, localizer: Localizer) -> Journal.TrashViewModel {
        let today = DayKey(date: response.now, timeZone: response.settings.timeZone)
        return Journal.TrashViewModel(
            title: localizer("journal.trash"),
            hint: localizer.plural(
                "journal.trash.hint", count: JournalEntry.Limits.trashDays,
                localizer.number(JournalEntry.Limits.trashDays)),
            entries: response.entries.map { row($0, today: today, localizer: localizer) },
            isEmpty: response.entries.isEmpty, emptyText: localizer("journal.trash.empty"),
            restoreLabel: localizer("journal.restore"), emptyTrashLabel: localizer("journal.trash.emptyAll"),
            backHref: "/journal", backLabel: localizer("nav.journal"))
    }

    /// The search page: what was typed and the matches, with what matched marked; for words in many entries, the
    /// order they come in and a link to the other one.
    ///
    /// - Parameter orderAsked: whether the address chose the order (kept in the next page's address).
    public static func present(
        search page: JournalSearchPage, query: String, offset: Int, orderAsked: Bool = false, today: DayKey,
        localizer: Localizer
    ) -> Journal.SearchViewModel {
        let trimmed = query.trimmingWhiteSpace()
        let results = page.hits.map { row($0.entry, today: today, snippet: $0.snippet, localizer: localizer) }
        let next = offset + page.hits.count
        let address = "/search?q=\(URLText.component(query))"
        let other: JournalSearchOrder = page.order == .newest ? .bestMatch : .newest
        return Journal.SearchViewModel(
            title: localizer("journal.search"), query: query, label: localizer("journal.search"),
            placeholder: localizer("journal.search.placeholder"), results: results, hasQuery: !trimmed.isEmpty,
            summary: trimmed.isEmpty
                ? "" : localizer.plural("journal.search.count", count: results.count, localizer.number(results.count)),
            moreHref: page.hasMore
                ? address + (orderAsked ? "&order=\(page.order.rawValue)" : "") + "&offset=\(next)" : nil,
            moreLabel: localizer("journal.more"), noResults: localizer("journal.search.none"),
            hint: localizer("journal.search.hint"), orderNote: orderNote(page, localizer: localizer),
            orderHref: page.isCommon ? address + "&order=\(other.rawValue)" : nil,
            orderLabel: localizer(other == .newest ? "journal.search.orderNewest" : "journal.search.orderBest"),
            bestLabel: localizer("journal.search.orderBest"), newestLabel: localizer("journal.search.orderNewest"))
    }

    /// Why the results come in their order, when their words are in more than
    /// `JournalSearchQuery.manyMatches` entries; nil for the usual best match first.
    public static func orderNote(_ page: JournalSearchPage, localizer: Localizer) -> String? {
        guard page.isCommon else { return nil }
        return switch page.order {
        case .newest:
            localizer("journal.search.newestFirst", localizer.number(JournalSearchQuery.manyMatches))
        case .bestMatch: localizer("journal.search.bestFirst")
        }
    }

    /// The journal as a device keeps it: each entry whole, with the row lists show it as.
    public static func kept(_ response: Journal.Kept.Response, localizer: Localizer) -> Journal.KeptJSON {
        let today = DayKey(date: response.now, timeZone: response.settings.timeZone)
        let entries = response.entries.map { entry in
            let summary = JournalEntrySummary(
                id: entry.id, moment: entry.moment, day: entry.day, title: entry.title,
                excerpt: String(entry.plainText.prefix(JournalEntrySummary.excerptLength)),
                wordCount: entry.wordCount, tags: entry.tags, isStarred: entry.isStarred,
                coverPhotoID: entry.coverPhotoID, place: entry.place, updatedAt: entry.updatedAt,
                revision: entry.revision)
            return Journal.KeptEntryJSON(
                id: entry.id, moment: Int64((entry.moment.timeIntervalSince1970 * 1000).rounded()),
                day: entry.day.description, title: entry.title, body: entry.body, tags: entry.tags,
                starred: entry.isStarred, coverPhotoID: entry.coverPhotoID,
                latitude: entry.place?.coordinate.latitude, longitude: entry.place?.coordinate.longitude,
                revision: entry.revision, row: row(summary, today: today, localizer: localizer))
        }
        return Journal.KeptJSON(entries: entries, next: response.next?.description)
    }

    /// An entry as the API answers it.
    public static func json(
        _ entry: JournalEntry, html: String, weather: WeatherObservation? = nil, units: UnitSystem = .metric,
        conflict: JournalConflict? = nil, localizer: Localizer
    ) -> Journal.EntryJSON {
        let zone = TimeZone(identifier: entry.timeZone) ?? TimeZone(secondsFromGMT: 0)!
        func stamp(_ date: Date) -> String { internetDateTime(date, zone) }
        return Journal.EntryJSON(
            id: entry.id, date: stamp(entry.moment), day: entry.day.description, title: entry.title,
            body: entry.body, html: html, tags: entry.tags, starred: entry.isStarred, coverPhotoID: entry.coverPhotoID,
            place: entry.place.map { PlacePresenter.json($0, localizer: localizer) },
            weather: weather.map { WeatherPresenter.json($0, units: units, localizer: localizer) },
            wordCount: entry.wordCount,
            revision: entry.revision, createdAt: stamp(entry.createdAt),
            updatedAt: stamp(entry.updatedAt), deletedAt: entry.deletedAt.map(stamp),
            conflict: conflict.map { conflictJSON($0, zone: zone) })
    }

    public static func message(for problem: JournalProblem, localizer: Localizer) -> String {
        switch problem {
        case .empty: localizer("journal.error.empty")
        case .titleTooLong(let limit):
            localizer.plural("journal.error.titleTooLong", count: limit, localizer.number(limit))
        case .bodyTooLong(let bytes):
            localizer("journal.error.bodyTooLong", localizer.number(bytes / (1 << 20)))
        case .tagLength(let range):
            localizer("journal.error.tagLength", localizer.number(range.lowerBound), localizer.number(range.upperBound))
        case .tagCharacters: localizer("journal.error.tagCharacters")
        case .tooManyTags(let limit):
            localizer.plural("journal.error.tooManyTags", count: limit, localizer.number(limit))
        case .invalidDate: localizer("journal.error.date")
        case .invalidPlace: localizer("journal.error.place")
        }
    }

    public static func message(for problem: Journal.Problem, localizer: Localizer) -> String {
        switch problem {
        case .notFound: localizer("journal.error.notFound")
        case .invalidCursor: localizer("journal.error.cursor")
        case .invalidRevision: localizer("journal.error.revision")
        case .unknownTag(let tag): localizer("journal.error.unknownTag", tag)
        case .invalidDay: localizer("journal.error.day")
        case .unknownPhoto: localizer("journal.error.unknownPhoto")
        case .wouldEmpty: localizer("journal.error.wouldEmpty")
        case .noConflict: localizer("journal.error.noConflict")
        case .invalidChoice: localizer("journal.error.choice")
        case .invalidID: localizer("journal.error.entryID")
        case .invalidLineage: localizer("journal.error.lineage")
        case .invalidOrder: localizer("journal.error.order")
        case .nothingToAdd: localizer("journal.error.nothingToAdd")
        case .markdownTooLarge: localizer("markdown.error.tooLarge", localizer.number(MarkdownLimits.utf8Bytes))
        case .tooManyNamed:
            localizer.plural(
                "journal.error.tooManyNamed", count: Journal.Kept.mostNamed, localizer.number(Journal.Kept.mostNamed))
        case .idTaken: localizer("journal.error.idTaken")
        }
    }

    /// An RFC 3339 date-time in `zone`; in UTC where the zone's offset then had seconds (local mean time before
    /// 1900 or so), which RFC 3339 offsets cannot carry.
    static func internetDateTime(_ date: Date, _ zone: TimeZone) -> String {
        let zone = zone.secondsFromGMT(for: date) % 60 == 0 ? zone : TimeZone(secondsFromGMT: 0)!
        return ISO8601DateFormatter.string(from: date, timeZone: zone, formatOptions: [.withInternetDateTime])
    }

    /// Escaped text with `<mark>` around the parts that matched.
    static func highlighted(_ text: HighlightedText) -> String {
        var html = ""
        for part in text.parts {
            if part.isMatch { html += "<mark>" }
            HTMLText.append(part.text, to: &html)
            if part.isMatch { html += "</mark>" }
        }
        return html
    }

    static func time(_ moment: Date, _ zone: TimeZone, _ localizer: Localizer) -> String {
        moment.formatted(
            Date.FormatStyle(
                date: .omitted, time: .shortened, locale: localizer.locale, calendar: localizer.calendar,
                timeZone: zone))
    }

    /// Quick capture's answer: "Added to today's entry", or "Started today's entry" when it made one.
    public static func appended(_ appended: Journal.Appended, localizer: Localizer) -> Journal.AppendedJSON {
        Journal.AppendedJSON(
            id: appended.id, day: appended.day.description, created: appended.isNew,
            say: localizer(appended.isNew ? "journal.say.started" : "journal.say.appended"))
    }
}
