import Foundation

/// Where journal entries are kept, with their tags and their search index.
///
/// Every write is one transaction: an entry, its tags and its index rows commit together or not at all.
public protocol JournalStore: Sendable {
    /// Saves a new entry at revision 1.
    ///
    /// - Parameters:
    ///   - plainText: the body rendered to plain text by the caller; it is searched and its words are counted.
    ///   - origin: when and by which editing session it was made on its device; `nil` for now, by no session.
    /// - Throws: `JournalStoreError.duplicateID` when `id` is taken.
    func createEntry(
        id: String, _ content: JournalEntryContent, plainText: String, origin: JournalEditOrigin?, at now: Date
    ) async throws -> JournalEntry
    /// Replaces the content of a live entry and bumps its revision.
    ///
    /// - Parameter revision: the revision the edit started from.
    /// - Throws: `JournalStoreError.conflict` with the stored entry when it has moved on since (nothing is
    ///   written); `.notFound` when there is no live entry with this id.
    func updateEntry(
        id: String, _ content: JournalEntryContent, plainText: String, revision: Int, at now: Date
    ) async throws -> JournalEntry
    /// Saves an edit. One that started from the stored revision, or that comes from the editing session that
    /// made the stored version, replaces it (a session's older save arriving after its newer one changes
    /// nothing). One that started from an older revision than someone else's version keeps both instead of
    /// refusing: the one made later on its device becomes the entry, the other is kept as a conflict of it, in the
    /// same transaction, and the revision goes up. An edit that changes nothing of the stored words is no
    /// conflict.
    ///
    /// - Parameters:
    ///   - origin: the revision the edit started from, when it was made on its device and by which session.
    ///   - conflictID: the id the kept version gets, if one is kept.
    /// - Throws: `JournalStoreError.notFound` when there is no live entry with this id.
    func updateEntryKeepingBoth(
        id: String, _ content: JournalEntryContent, plainText: String, origin: JournalEditOrigin,
        conflictID: String, at now: Date
    ) async throws -> JournalSave
    /// The versions kept beside an entry: open ones first, then those set aside, each oldest first.
    func conflicts(entryID: String) async throws -> [JournalConflict]
    /// Ends an open conflict: the chosen version becomes the entry (with a new revision) and the other is kept,
    /// set aside, in the conflict's row; one transaction.
    ///
    /// - Throws: `JournalStoreError.notFound` for no live entry; `.noConflict` when the entry has no open
    ///   conflict with this id.
    func resolveConflict(entryID: String, conflictID: String, keep: JournalConflictChoice, at now: Date)
        async throws -> JournalEntry
    /// Deletes a version set aside by an earlier choice; `false` when the entry has none with this id.
    func deleteSetAside(entryID: String, conflictID: String) async throws -> Bool
    /// An entry as stored, also when it is in the trash.
    func entry(id: String) async throws -> JournalEntry?
    /// Live entries, newest first, one page at a time.
    func entries(_ query: JournalListQuery) async throws -> JournalPage
    /// Live entries whole (their text too), newest first, `limit` at a time after `after`: what a device keeps.
    func wholeEntries(after: JournalCursor?, limit: Int) async throws -> (entries: [JournalEntry], next: JournalCursor?)
    /// The live entries among `ids`, whole, newest first; ids of entries gone or in the trash are left out.
    func wholeEntries(ids: [String]) async throws -> [JournalEntry]
    /// How many live entries carry each tag, most used first.
    func tagCounts() async throws -> [JournalTagCount]
    /// What the calendar shows of each day from `first` through `last` that has an entry or a Daily Log.
    func calendarDays(from first: DayKey, through last: DayKey) async throws -> [JournalDay]
    /// Live entries of the same month and day as `day` in earlier years, newest first.
    func entriesOnThisDay(_ day: DayKey, limit: Int) async throws -> [JournalEntrySummary]
    /// Full-text search over titles, bodies and tags of live entries, best match first.
    func search(_ query: JournalSearchQuery) async throws -> JournalSearchPage

    /// Moves a live entry to the trash; `false` when there was none.
    func moveToTrash(id: String, at now: Date) async throws -> Bool
    /// Entries in the trash, most recently trashed first.
    func trashedEntries() async throws -> [JournalEntrySummary]
    /// Takes an entry out of the trash; `false` when it was not there.
    func restoreFromTrash(id: String) async throws -> Bool
    /// Deletes every entry in the trash for good; returns how many.
    func emptyTrash() async throws -> Int
    /// Deletes for good the entries trashed more than `JournalEntry.Limits.trashDays` days before `now`;
    /// returns how many.
    func purgeTrash(now: Date) async throws -> Int
}

/// Why a journal write did not happen.
public enum JournalStoreError: Error, Equatable, Sendable {
    /// The entry was saved by someone else since the edit started; nothing was written.
    case conflict(current: JournalEntry)
    /// No live entry has this id.
    case notFound
    /// An entry with this id exists already.
    case duplicateID
    /// The entry has no open conflict with this id.
    case noConflict
}

/// Which entries a list shows, and from where.
public struct JournalListQuery: Equatable, Sendable {
    /// Only entries with this tag (ignoring case).
    public var tag: String?
    public var starredOnly: Bool
    public var limit: Int
    /// Continue after this entry; `nil` for the first page.
    public var after: JournalCursor?

    /// The most entries one page may ask for.
    public static let maximumLimit = 200

    public init(tag: String? = nil, starredOnly: Bool = false, limit: Int = 50, after: JournalCursor? = nil) {
        self.tag = tag
        self.starredOnly = starredOnly
        self.limit = min(max(limit, 1), Self.maximumLimit)
        self.after = after
    }
}

/// A place in the newest-first order of entries: the last entry of a page.
///
/// Its text form (`1763712000000~01JABC…`: milliseconds since 1970, then the id) goes into links and the API.
public struct JournalCursor: Hashable, Sendable, TextCodable {
    public var moment: Date
    public var id: String

    public init(moment: Date, id: String) {
        self.moment = moment
        self.id = id
    }

    public init?(text: String) {
        guard let separator = text.firstIndex(of: "~"), let milliseconds = Int64(text[..<separator]) else {
            return nil
        }
        let id = String(text[text.index(after: separator)...])
        guard !id.isEmpty, id.count <= 200 else { return nil }
        self.init(moment: Date(timeIntervalSince1970: Double(milliseconds) / 1000), id: id)
    }

    public var description: String {
        "\(Int64((moment.timeIntervalSince1970 * 1000).rounded()))~\(id)"
    }

    public static let textForm = "a journal cursor"
}

/// One page of a list, and where the next one starts.
public struct JournalPage: Equatable, Sendable {
    public var entries: [JournalEntrySummary]
    /// `nil` on the last page.
    public var next: JournalCursor?

    public init(entries: [JournalEntrySummary], next: JournalCursor?) {
        self.entries = entries
        self.next = next
    }
}

/// A tag and how many live entries carry it.
public struct JournalTagCount: Equatable, Sendable, Codable {
    public var tag: String
    public var count: Int

    public init(tag: String, count: Int) {
        self.tag = tag
        self.count = count
    }
}

/// One day of the calendar.
public struct JournalDay: Equatable, Sendable {
    public var day: DayKey
    /// Live entries that day.
    public var entryCount: Int
    /// The cover of the newest entry of the day that has one.
    public var coverPhotoID: String?
    /// Whether a Daily Log was kept that day.
    public var hasDailyLog: Bool

    public init(day: DayKey, entryCount: Int, coverPhotoID: String?, hasDailyLog: Bool) {
        self.day = day
        self.entryCount = entryCount
        self.coverPhotoID = coverPhotoID
        self.hasDailyLog = hasDailyLog
    }
}
