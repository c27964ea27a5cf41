import Foundation

/// What an import writes, decided by the interactor: only items not imported before, already in Daybook's terms.
public struct ImportPlan: Sendable {
    public var source: ImportSource
    public var entries: [(sourceID: String, id: String, content: JournalEntryContent, plainText: String)] = []
    /// Photos already stored (as uploads are); the import remembers their source ids.
    public var photos: [(sourceID: String, photo: Photo)] = []
    /// New trackers, and earlier ones (of the owner's, found by name) that imported values go to.
    public var trackers: [(sourceID: String, tracker: Tracker, isNew: Bool)] = []
    public var values: [(trackerID: String, day: DayKey, value: Double)] = []
    public var moods: [(sourceID: String, day: DayKey, mood: Int)] = []
    public var weather: [(key: WeatherKey, observation: WeatherObservation)] = []

    public init(source: ImportSource) { self.source = source }

    /// An entry ready to be written: its content, the plain text its search reads (and its words, counted as the
    /// entry is planned, not while the import's transaction is open), and its weather when it came with a place.
    public struct PlannedEntry: Sendable {
        public var content: JournalEntryContent
        public let plainText: String
        public let wordCount: Int
        public var weather: (key: WeatherKey, observation: WeatherObservation)?

        public init(
            content: JournalEntryContent, plainText: String,
            weather: (key: WeatherKey, observation: WeatherObservation)? = nil
        ) {
            self.content = content
            self.plainText = plainText
            wordCount = JournalText.wordCount(plainText)
            self.weather = weather
        }
    }
}

/// Writes an import's entries one at a time, inside the import's one transaction (`ImportStore.importEntries`).
public protocol ImportEntryWriter {
    /// Whether an earlier import of the same source brought the entry with this source id.
    func importedBefore(_ sourceID: String) throws -> Bool
    /// Writes the entry (nothing in a dry run), remembering its source id.
    func insert(sourceID: String, id: String, _ entry: ImportPlan.PlannedEntry) throws
}

/// How an import went (or, for a dry run, would go): for each kind of item, how many the file held and what
/// became of each, so that `read == imported + skipped` always holds.
public struct ImportReport: Sendable, Equatable {
    public var counts: [ImportItemKind: ImportCount] = [:]
    public var problems: [ImportProblem] = []
    /// Mood names the file uses that have no Daybook level yet (see `ImportBatch.unmappedMoods`).
    public var unmappedMoods: [ImportBatch.UnmappedMood] = []

    public init() {}

    public subscript(kind: ImportItemKind) -> ImportCount {
        get { counts[kind] ?? ImportCount() }
        set { counts[kind] = newValue }
    }

    public var entries: Int { self[.entries].imported }
    public var photos: Int { self[.photos].imported }
    public var trackers: Int { self[.trackers].imported }
    public var values: Int { self[.values].imported }
    public var moods: Int { self[.moods].imported }
    /// Items left alone because an earlier import of the same file brought them.
    public var alreadyImported: Int { counts.values.reduce(0) { $0 + $1.alreadyImported } }

    public var createdNothing: Bool { entries + photos + trackers + values + moods == 0 }
}

/// What became of the items of one kind.
public struct ImportCount: Sendable, Equatable {
    /// Items of this kind the file holds, readable or not.
    public var read = 0
    /// Written (or, for a dry run, to be written).
    public var imported = 0
    /// Left alone because an earlier import of the same source brought them.
    public var alreadyImported = 0
    /// Left out for a reason listed among the report's problems.
    public var problems = 0
    /// Not written because Daybook already holds what they would say: a mood or value noted that day, a tracker
    /// of the same name (its values go to it), or a mood of the same day that a later one replaces.
    public var unchanged = 0

    public init(read: Int = 0, imported: Int = 0, alreadyImported: Int = 0, problems: Int = 0, unchanged: Int = 0) {
        self.read = read
        self.imported = imported
        self.alreadyImported = alreadyImported
        self.problems = problems
        self.unchanged = unchanged
    }

    public var skipped: Int { alreadyImported + problems + unchanged }
}

/// Where imports are written, each in one transaction, and the ids of what came in before.
public protocol ImportStore: Sendable {
    /// Source ids already imported from `source`, by kind (`entry`, `photo`, `tracker`, `mood`), with our ids.
    func importedItems(from source: ImportSource) async throws -> [String: [String: String]]
    /// The owner's trackers by name key (for values going to a tracker the owner already has).
    func trackersByName() async throws -> [String: Tracker]
    /// Days whose log already has a mood (a mood the owner set is never replaced).
    func daysWithMood() async throws -> Set<DayKey>
    /// Tracker days that already hold a value.
    func trackerDaysWithValue(trackerIDs: [String]) async throws -> Set<String>
    /// Writes the whole plan in one transaction, remembering each item's source id.
    func applyImport(_ plan: ImportPlan, at now: Date) async throws
    /// Runs `body` in one transaction with a writer of entries (in a dry run, one that writes nothing); when it
    /// throws, nothing it wrote is kept.
    func importEntries<T: Sendable>(
        from source: ImportSource, at now: Date, dryRun: Bool,
        _ body: @escaping @Sendable (any ImportEntryWriter) throws -> T
    ) async throws -> T
}
