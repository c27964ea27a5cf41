import Foundation

/// One consistent look at what is stored, taken inside a single read transaction.
///
/// A page asks for everything it shows through one snapshot: one trip to the store instead of one per
/// question, and every answer from the same moment. Its methods are synchronous; it lives only as long as the
/// closure given to `SnapshotStore.read`.
public protocol StoreSnapshot {
    /// The tasks that occur on `day`, as `TaskStore.tasks(on:calendar:)` answers.
    func tasks(on day: DayKey, calendar: Calendar) throws -> [PlannedTask]
    /// A task as stored.
    func task(id: String) throws -> PlannedTask?
    /// The focus timer as last saved; idle when none was.
    func timer() throws -> FocusTimer
    /// Focused seconds of the sessions that started in `interval`, in total and per task id.
    func focusTotals(in interval: DateInterval) throws -> FocusTotals
    /// The log of `day`, when anything was noted.
    func dailyLog(on day: DayKey) throws -> DailyLog?
    /// Focus per day from `first` through `last`, split at midnight in the time zone the snapshot was taken for.
    func focusDays(from first: DayKey, through last: DayKey) throws -> [DayKey: FocusDayTotal]
    /// An entry as stored, also when it is in the trash.
    func journalEntry(id: String) throws -> JournalEntry?
    /// Live entries, newest first, one page at a time, as `JournalStore.entries(_:)` answers.
    func journalEntries(_ query: JournalListQuery) throws -> JournalPage
    /// How many live entries carry each tag, most used first.
    func journalTagCounts() throws -> [JournalTagCount]
    /// The calendar's days from `first` through `last` that have an entry or a Daily Log.
    func journalDays(from first: DayKey, through last: DayKey) throws -> [JournalDay]
    /// Live entries of the same month and day as `day` in earlier years, newest first.
    func journalEntriesOnThisDay(_ day: DayKey, limit: Int) throws -> [JournalEntrySummary]
    /// Entries in the trash, most recently trashed first.
    func trashedJournalEntries() throws -> [JournalEntrySummary]
    /// Full-text search, as `JournalStore.search(_:)` answers.
    func searchJournal(_ query: JournalSearchQuery) throws -> JournalSearchPage
    /// Every tracker, active ones in their order first, then archived ones by name.
    func trackers() throws -> [Tracker]
    /// Each tracker's value of `day`, by tracker id.
    func trackerValues(on day: DayKey) throws -> [String: Double]
    /// How the last backup went.
    func backupStatus() throws -> BackupStatus
    /// One tracker's values from `first` through `last`.
    func trackerValues(trackerID: String, from first: DayKey, through last: DayKey) throws -> [DayKey: Double]
    /// Every tracker's values from `first` through `last`, by tracker id and day.
    func trackerValues(from first: DayKey, through last: DayKey) throws -> [String: [DayKey: Double]]
}

/// A store that answers several questions in one read.
public protocol SnapshotStore: Sendable {
    /// Runs `body` on one consistent snapshot whose focus per day is split at midnight in `timeZone`.
    ///
    /// - Throws: what the store or `body` throws; nothing is written but the per-day split when the time
    ///   zone changed.
    func read<T: Sendable>(
        splittingDaysIn timeZone: TimeZone, _ body: @escaping @Sendable (any StoreSnapshot) throws -> T
    ) async throws -> T
}
