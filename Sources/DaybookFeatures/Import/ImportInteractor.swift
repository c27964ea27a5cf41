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
    /// - Returns: for each kind of item, how many the file held, were imported and were skipped (and why).
    /// - Throws: the store's error when the transaction fails; nothing of the import is kept then.
    public func run(
        _ batch: ImportBatch, from source: ImportSource, dryRun: Bool, savePhoto: @escaping PhotoSaver,
        discardPhoto: @escaping PhotoDiscarder
    ) async throws -> ImportReport {
        let now = clock.now()
        let earlier = try await store.importedItems(from: source)
        var report = ImportReport()
        report.problems = batch.problems
        report.unmappedMoods = batch.unmappedMoods
        // What the file held: every item the parser read, and every one it could not.
        report[.entries].read = batch.entries.count
        report[.photos].read = batch.photos.count
        report[.trackers].read = batch.trackers.count
        report[.values].read = batch.values.count
        report[.moods].read = batch.logs.count
        for problem in batch.problems {
            let kind = problem.kind ?? .other
            report[kind].read += problem.covers
            report[kind].problems += problem.covers
        }
        var plan = ImportPlan(source: source)

        // Photos first: entries link to them.
        var photoIDs = earlier["photo"] ?? [:]
        var fresh: [ImportBatch.Photo] = []
        var freshIDs: Set<String> = []
        for photo in batch.photos {
            if photoIDs[photo.sourceID] != nil || freshIDs.contains(photo.sourceID) {
                report[.photos].alreadyImported += 1
            } else if dryRun {
                report[.photos].imported += 1
                photoIDs[photo.sourceID] = "new"
            } else {
                fresh.append(photo)
                freshIDs.insert(photo.sourceID)
            }
        }
        let outcomes = await Self.save(fresh, with: savePhoto)
        // A full disk stops the whole import, as if it had never started.
        for case .failure(let error) in outcomes {
            guard let full = DiskFull.cause(of: error) else { continue }
            for case .success(let photo) in outcomes { await discardPhoto(photo) }
            throw full
        }
        var saved: [Photo] = []
        for (photo, outcome) in zip(fresh, outcomes) {
            switch outcome {
            case .success(let stored):
                saved.append(stored)
                plan.photos.append((photo.sourceID, stored))
                photoIDs[photo.sourceID] = stored.id
                report[.photos].imported += 1
            case .failure(let error):
                let item = photo.entry.map { "\($0): photo \(photo.path)" } ?? photo.path
                report.note(.init(item: item, reason: "\(error)", kind: .photos))
            }
        }

        try await planTrackers(batch, earlier: earlier, now: now, into: &plan, report: &report)
        planEntries(batch, earlier: earlier["entry"] ?? [:], photoIDs: photoIDs, into: &plan, report: &report)
        try await planMoods(batch.logs, earlier: earlier["mood"] ?? [:], into: &plan, report: &report)
        guard !dryRun else { return report }
        do {
            try await store.applyImport(plan, at: now)
        } catch {
            for photo in saved { await discardPhoto(photo) }
            throw DiskFull.cause(of: error) ?? error
        }
        if !report.createdNothing {
            await events.publish(.journal)
            await events.publish(.trackers)
        }
        return report
    }

    /// Each photo saved (read, checked by decoding it, kept), as many at once as the machine has cores: decoding
    /// is most of an import's time when the file holds photos. The outcomes come in the photos' order.
    static func save(
        _ photos: [ImportBatch.Photo], with savePhoto: @escaping PhotoSaver
    ) async -> [Result<Photo, any Error>] {
        // The child's answer is a struct: Swift 6.3.1's optimiser loses the index of an `(Int, Result)` tuple
        // bound with `let (index, outcome) = await group.next()`, and the import crashed in release builds only.
        struct Saved: Sendable {
            var index: Int
            var outcome: Result<Photo, any Error>
        }
        return await withTaskGroup(of: Saved.self) { group in
            var outcomes = [Result<Photo, any Error>?](repeating: nil, count: photos.count)
            let width = max(1, ProcessInfo.processInfo.activeProcessorCount)
            for (index, photo) in photos.enumerated() {
                if index >= width, let saved = await group.next() { outcomes[saved.index] = saved.outcome }
                group.addTask {
                    do { return Saved(index: index, outcome: .success(try await savePhoto(photo))) } catch {
                        return Saved(index: index, outcome: .failure(error))
                    }
                }
            }
            while let saved = await group.next() { outcomes[saved.index] = saved.outcome }
            return outcomes.map { $0! }
        }
    }

    /// One mood a day: the day's latest (by time, else the last in the file). The others of that day are
    /// counted as the latest one is: imported before when it was, else replaced by it.
    private func planMoods(
        _ logs: [ImportBatch.Log], earlier: [String: String], into plan: inout ImportPlan, report: inout ImportReport
    ) async throws {
        var latest: [DayKey: Int] = [:]
        for (index, log) in logs.enumerated() {
            guard let current = latest[log.day] else {
                latest[log.day] = index
                continue
            }
            let held = logs[current]
            if (log.moment ?? .distantPast) >= (held.moment ?? .distantPast) { latest[log.day] = index }
        }
        let moodDays = try await store.daysWithMood()
        var dayImportedBefore: [DayKey: Bool] = [:]
        for (day, index) in latest.sorted(by: { $0.key < $1.key }) {
            let log = logs[index]
            if earlier[log.sourceID] != nil {
                report[.moods].alreadyImported += 1
                dayImportedBefore[day] = true
            } else if moodDays.contains(day) {
                report[.moods].unchanged += 1
            } else {
                plan.moods.append((log.sourceID, day, log.mood))
                report[.moods].imported += 1
            }
        }
        for (index, log) in logs.enumerated() where latest[log.day] != index {
            if dayImportedBefore[log.day] == true || earlier[log.sourceID] != nil {
                report[.moods].alreadyImported += 1
            } else {
                report[.moods].unchanged += 1
            }
        }
    }

    private func planTrackers(
        _ batch: ImportBatch, earlier: [String: [String: String]], now: Date, into plan: inout ImportPlan,
        report: inout ImportReport
    ) async throws {
        let byName = try await store.trackersByName()
        var trackerIDs: [String: (id: String, kind: TrackerKind, before: Bool)] = [:]
        var refused: [String: String] = [:]
        // Names this import gives new trackers: two of the file's trackers may share a name, and ours cannot.
        var named = Set<String>()
        for imported in batch.trackers {
            let key = imported.name.trimmingWhiteSpace().lowercased()
            if let id = earlier["tracker"]?[imported.sourceID] {
                report[.trackers].alreadyImported += 1
                trackerIDs[imported.sourceID] = (
                    id, byName.values.first { $0.id == id }?.kind ?? imported.kind, true
                )
            } else if let mine = byName[key], !named.contains(key) {
                guard mine.kind == imported.kind else {
                    report.note(
                        .init(
                            item: imported.name, reason: "a tracker of that name but another kind is already here",
                            kind: .trackers, key: "import.problem.trackerKind"))
                    refused[imported.sourceID] = imported.name
                    continue
                }
                plan.trackers.append((imported.sourceID, mine, false))
                trackerIDs[imported.sourceID] = (mine.id, mine.kind, false)
                report[.trackers].unchanged += 1
            } else {
                let name = Self.freeName(imported.name, taken: Set(byName.keys).union(named))
                if name != String(imported.name.prefix(Tracker.Limits.nameLength)) {
                    // It comes in all the same: said, not counted as skipped.
                    report.problems.append(
                        .init(item: imported.name, key: "import.problem.renamed", [name], kind: .trackers))
                }
                named.insert(name.trimmingWhiteSpace().lowercased())
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
                trackerIDs[imported.sourceID] = (tracker.id, tracker.kind, false)
                report[.trackers].imported += 1
            }
        }
        let taken = try await store.trackerDaysWithValue(trackerIDs: trackerIDs.values.map(\.id))
        var leftWithTracker: [String: Int] = [:]
        for value in batch.values {
            guard let tracker = trackerIDs[value.trackerSourceID] else {
                leftWithTracker[value.trackerSourceID, default: 0] += 1
                continue
            }
            guard value.value.isFinite, abs(value.value) <= Tracker.Limits.magnitude else {
                report.note(
                    .init(
                        item: "\(value.day) (\(value.trackerSourceID))",
                        reason: "the value \(value.value) is beyond what a tracker holds", kind: .values,
                        key: "import.problem.valueRange", arguments: ["\(value.value)"]))
                continue
            }
            if taken.contains(tracker.id + "/" + value.day.description) {
                if tracker.before { report[.values].alreadyImported += 1 } else { report[.values].unchanged += 1 }
                continue
            }
            plan.values.append((tracker.id, value.day, tracker.kind == .boolean ? 1 : value.value))
            report[.values].imported += 1
        }
        for (sourceID, count) in leftWithTracker.sorted(by: { $0.key < $1.key }) {
            let problem =
                refused[sourceID] != nil
                ? ImportProblem(
                    item: refused[sourceID]!, reason: "its tracker is left out (see above)", kind: .values,
                    covers: count, key: "import.problem.trackerLeftOut")
                : ImportProblem(
                    item: sourceID, reason: "the file names no tracker \(sourceID)", kind: .values, covers: count,
                    key: "import.problem.noTracker", arguments: [sourceID])
            report.note(problem)
        }
    }

    /// The name cut to a tracker's length, with " (2)", " (3)" … added until no tracker has it.
    static func freeName(_ name: String, taken: Set<String>) -> String {
        let base = String(name.prefix(Tracker.Limits.nameLength))
        func key(_ name: String) -> String { name.trimmingWhiteSpace().lowercased() }
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
                report[.entries].alreadyImported += 1
                continue
            }
            switch Self.planned(entry, photoIDs: photoIDs, renderer: renderer) {
            case .refused(let problem): report.note(problem)
            case .entry(let planned):
                plan.entries.append((entry.sourceID, ids.makeID(), planned.content, planned.plainText))
                report[.entries].imported += 1
                if let weather = planned.weather { plan.weather.append(weather) }
            }
        }
    }

    /// An entry in Daybook's terms, its photos linked by our ids; or why it cannot come.
    private static func planned(
        _ entry: ImportBatch.Entry, photoIDs: [String: String], renderer: any MarkdownRendering
    ) -> Planned {
        var cover: String?
        let body = PhotoLinks.replacing(in: entry.body, prefix: "photo:") { sourceID in
            guard let id = photoIDs[sourceID] else { return nil }
            if cover == nil, id != "new" { cover = id }
            return "/photos/" + id
        }
        let title = entry.title.trimmingWhiteSpace()
        guard !title.isEmpty || !body.isBlank else {
            return .refused(
                .init(
                    item: entry.item ?? "entry \(entry.sourceID)", reason: "it is empty", kind: .entries,
                    key: "import.problem.empty"))
        }
        guard title.count <= JournalEntry.Limits.titleLength, body.utf8.count <= JournalEntry.Limits.bodyBytes else {
            return .refused(
                .init(
                    item: entry.item ?? "entry \(entry.sourceID)", reason: "it is longer than an entry can be",
                    kind: .entries, key: "import.problem.tooLong"))
        }
        let tags = Array(
            entry.tags.map { String($0.prefix(JournalEntry.Limits.tagLength.upperBound)) }
                .prefix(JournalEntry.Limits.tagsPerEntry))
        let content = JournalEntryContent(
            moment: entry.moment, day: DayKey(date: entry.moment, timeZone: entry.timeZone),
            timeZone: entry.timeZone.identifier, title: title, body: body, tags: tags, isStarred: entry.starred,
            coverPhotoID: cover, place: entry.place)
        let weather = entry.weather.flatMap { weather in
            entry.place.map { (WeatherKey($0.coordinate, at: entry.moment), weather) }
        }
        return .entry(.init(content: content, plainText: renderer.plainText(body), weather: weather))
    }

    private enum Planned: Sendable {
        case entry(ImportPlan.PlannedEntry)
        case refused(ImportProblem)
    }

    /// An item of a file read one at a time, planned on the reading thread.
    private enum Read: Sendable {
        case entry(sourceID: String, Planned)
        case problem(ImportProblem)
    }

    /// Brings a file read one entry at a time (`ImportEntryStream`): each entry is planned and written as it is
    /// read, inside one transaction, so the import holds a few entries at a time however long the file is. What
    /// it counts, refuses and skips is what `run(_:from:…)` would for the same entries.
    ///
    /// The file is read and its entries planned (their Markdown rendered, their words counted) on a thread of
    /// their own, a few entries ahead of the transaction writing them: on two cores, the reading no longer waits
    /// for the writing.
    ///
    /// - Throws: the file's `ImportBatch.Problem` or the store's error; nothing of the import is kept then.
    public func run(_ file: some ImportEntryStream, from source: ImportSource, dryRun: Bool) async throws
        -> ImportReport
    {
        let renderer = renderer
        let ids = ids
        let report = try await store.importEntries(from: source, at: clock.now(), dryRun: dryRun) { writer in
            var report = ImportReport()
            try ReadAhead.run(
                make: { yield in
                    try file.forEach { item in
                        switch item {
                        case .problem(let problem): try yield(Read.problem(problem))
                        case .entry(let entry):
                            try yield(
                                .entry(sourceID: entry.sourceID, Self.planned(entry, photoIDs: [:], renderer: renderer))
                            )
                        }
                    }
                },
                use: { item in
                    switch item {
                    case .problem(let problem):
                        report[problem.kind ?? .other].read += problem.covers
                        report.note(problem)
                    case .entry(let sourceID, let planned):
                        report[.entries].read += 1
                        guard try !writer.importedBefore(sourceID) else {
                            report[.entries].alreadyImported += 1
                            return
                        }
                        switch planned {
                        case .refused(let problem): report.note(problem)
                        case .entry(let planned):
                            try writer.insert(sourceID: sourceID, id: ids.makeID(), planned)
                            report[.entries].imported += 1
                        }
                    }
                })
            return report
        }
        if !dryRun, !report.createdNothing { await events.publish(.journal) }
        return report
    }
}

extension ImportReport {
    /// A problem found while planning, about an item already counted as read.
    fileprivate mutating func note(_ problem: ImportProblem) {
        problems.append(problem)
        self[problem.kind ?? .other].problems += problem.covers
    }
}
