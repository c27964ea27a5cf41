import DaybookCore
import Foundation

/// Brings what another app exported into Daybook: only what an earlier import of the same source did not bring,
/// in one transaction, with a problem noted for each item that cannot come and the rest imported.
public struct ImportInteractor: Sendable {
    /// Stores a photo from the file being imported (its bytes checked as an upload's are).
    public typealias PhotoSaver = @Sendable (ImportBatch.Photo) async throws -> Photo
    /// Removes a photo stored for an import that then failed.
    public typealias PhotoDiscarder = @Sendable (Photo) async -> Void

    private let store: any ImportStore
    private let renderer: any MarkdownRendering
    private let ids: any IDGenerator
    private let clock: any DaybookClock
    private let events: EventBus

    public init(
        store: any ImportStore, renderer: any MarkdownRendering, ids: any IDGenerator, clock: any DaybookClock,
        events: EventBus
    ) {
        self.store = store
        self.renderer = renderer
        self.ids = ids
        self.clock = clock
        self.events = events
    }

    /// - Parameter dryRun: count what would come in, and write nothing (photos included).
    /// - Throws: the store's error when the transaction fails; nothing of the import is kept then.
    public func run(
        _ batch: ImportBatch, from source: ImportSource, dryRun: Bool, savePhoto: PhotoSaver,
        discardPhoto: @escaping PhotoDiscarder
    ) async throws -> ImportReport {
        let now = clock.now()
        let earlier = try await store.importedItems(from: source)
        var report = ImportReport()
        report.problems = batch.problems
        var plan = ImportPlan(source: source)

        // Photos first: entries link to them.
        var photoIDs = earlier["photo"] ?? [:]
        var saved: [Photo] = []
        for photo in batch.photos {
            if photoIDs[photo.sourceID] != nil {
                report.alreadyImported += 1
                continue
            }
            if dryRun {
                report.photos += 1
                photoIDs[photo.sourceID] = "new"
                continue
            }
            do {
                let stored = try await savePhoto(photo)
                saved.append(stored)
                plan.photos.append((photo.sourceID, stored))
                photoIDs[photo.sourceID] = stored.id
            } catch {
                let item = photo.entry.map { "\($0): photo \(photo.path)" } ?? photo.path
                report.problems.append(.init(item: item, reason: "\(error)"))
            }
        }
        report.photos = dryRun ? report.photos : plan.photos.count

        try await planTrackers(batch, earlier: earlier, now: now, into: &plan, report: &report)
        planEntries(batch, earlier: earlier["entry"] ?? [:], photoIDs: photoIDs, into: &plan, report: &report)
        let moodDays = try await store.daysWithMood()
        let earlierMoods = earlier["mood"] ?? [:]
        for log in batch.logs {
            if earlierMoods[log.sourceID] != nil {
                report.alreadyImported += 1
            } else if !moodDays.contains(log.day) {
                plan.moods.append((log.sourceID, log.day, log.mood))
            }
        }
        report.moods = plan.moods.count
        guard !dryRun else { return report }
        do {
            try await store.applyImport(plan, at: now)
        } catch {
            for photo in saved { await discardPhoto(photo) }
            throw error
        }
        if !report.createdNothing {
            await events.publish(.journal)
            await events.publish(.trackers)
        }
        return report
    }

    private func planTrackers(
        _ batch: ImportBatch, earlier: [String: [String: String]], now: Date, into plan: inout ImportPlan,
        report: inout ImportReport
    ) async throws {
        let byName = try await store.trackersByName()
        var trackerIDs: [String: (id: String, kind: TrackerKind)] = [:]
        // Names this import gives new trackers: two of the file's trackers may share a name, and ours cannot.
        var named = Set<String>()
        for imported in batch.trackers {
            let key = imported.name.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
            if let id = earlier["tracker"]?[imported.sourceID] {
                report.alreadyImported += 1
                trackerIDs[imported.sourceID] = (id, byName.values.first { $0.id == id }?.kind ?? imported.kind)
            } else if let mine = byName[key], !named.contains(key) {
                guard mine.kind == imported.kind else {
                    report.problems.append(
                        .init(item: imported.name, reason: "a tracker of that name but another kind is already here"))
                    continue
                }
                plan.trackers.append((imported.sourceID, mine, false))
                trackerIDs[imported.sourceID] = (mine.id, mine.kind)
            } else {
                let name = Self.freeName(imported.name, taken: Set(byName.keys).union(named))
                if name != String(imported.name.prefix(Tracker.Limits.nameLength)) {
                    report.problems.append(
                        .init(item: imported.name, reason: "another tracker has this name; it is imported as “\(name)”")
                    )
                }
                named.insert(name.trimmingCharacters(in: .whitespacesAndNewlines).lowercased())
                var unit = imported.unit
                if case .custom(let label) = unit {
                    unit = .custom(String(label.prefix(Tracker.Limits.unitLabelLength)))
                }
                let tracker = Tracker(
                    id: ids.makeID(), name: name, kind: imported.kind, unit: unit,
                    target: imported.kind == .boolean ? nil : imported.target,
                    color: imported.color.flatMap(TaskColor.normalized) ?? TaskColor.defaultName,
                    createdAt: now, archivedAt: imported.isArchived ? now : nil, frequency: imported.frequency,
                    note: Tracker.clippedNote(imported.note))
                plan.trackers.append((imported.sourceID, tracker, true))
                trackerIDs[imported.sourceID] = (tracker.id, tracker.kind)
                report.trackers += 1
            }
        }
        let taken = try await store.trackerDaysWithValue(trackerIDs: trackerIDs.values.map(\.id))
        for value in batch.values {
            guard let tracker = trackerIDs[value.trackerSourceID],
                !taken.contains(tracker.id + "/" + value.day.description)
            else { continue }
            guard value.value.isFinite, abs(value.value) <= Tracker.Limits.magnitude else {
                report.problems.append(
                    .init(item: "\(value.day)", reason: "\(value.value) is larger than a tracker's value can be"))
                continue
            }
            plan.values.append((tracker.id, value.day, tracker.kind == .boolean ? 1 : value.value))
        }
        report.values = plan.values.count
    }

    /// The name cut to a tracker's length, with " (2)", " (3)" … added until no tracker has it.
    static func freeName(_ name: String, taken: Set<String>) -> String {
        let base = String(name.prefix(Tracker.Limits.nameLength))
        func key(_ name: String) -> String { name.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() }
        guard taken.contains(key(base)) else { return base }
        for number in 2... {
            let suffix = " (\(number))"
            let candidate = String(name.prefix(Tracker.Limits.nameLength - suffix.count)) + suffix
            if !taken.contains(key(candidate)) { return candidate }
        }
        return base
    }

    private func planEntries(
        _ batch: ImportBatch, earlier: [String: String], photoIDs: [String: String], into plan: inout ImportPlan,
        report: inout ImportReport
    ) {
        for entry in batch.entries {
            if earlier[entry.sourceID] != nil {
                report.alreadyImported += 1
                continue
            }
            var cover: String?
            let body = PhotoLinks.replacing(in: entry.body, prefix: "photo:") { sourceID in
                guard let id = photoIDs[sourceID] else { return nil }
                if cover == nil, id != "new" { cover = id }
                return "/photos/" + id
            }
            let title = entry.title.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !title.isEmpty || !body.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                report.problems.append(.init(item: entry.item ?? "entry \(entry.sourceID)", reason: "it is empty"))
                continue
            }
            guard title.count <= JournalEntry.Limits.titleLength, body.utf8.count <= JournalEntry.Limits.bodyBytes
            else {
                report.problems.append(
                    .init(item: entry.item ?? "entry \(entry.sourceID)", reason: "it is longer than an entry can be"))
                continue
            }
            let tags = Array(
                entry.tags.map { String($0.prefix(JournalEntry.Limits.tagLength.upperBound)) }
                    .prefix(JournalEntry.Limits.tagsPerEntry))
            let content = JournalEntryContent(
                moment: entry.moment, day: DayKey(date: entry.moment, timeZone: entry.timeZone),
                timeZone: entry.timeZone.identifier, title: title, body: body, tags: tags, isStarred: entry.starred,
                coverPhotoID: cover, place: entry.place)
            plan.entries.append((entry.sourceID, ids.makeID(), content, renderer.plainText(body)))
            if let weather = entry.weather, let place = entry.place {
                plan.weather.append((WeatherKey(place.coordinate, at: entry.moment), weather))
            }
        }
        report.entries = plan.entries.count
    }
}
