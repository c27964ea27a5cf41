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
}

/// How an import went (or, for a dry run, would go).
public struct ImportReport: Sendable, Equatable {
    public var entries = 0
    public var photos = 0
    public var trackers = 0
    public var values = 0
    public var moods = 0
    /// Items left alone because an earlier import of the same file brought them.
    public var alreadyImported = 0
    public var problems: [ImportProblem] = []

    public init() {}

    public var createdNothing: Bool { entries + photos + trackers + values + moods == 0 }
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
}
