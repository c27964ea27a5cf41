import Foundation

/// The other version of an entry that was changed on two devices from the same revision: the entry holds the
/// version made later, this one holds the other, until the person chooses one. The version not chosen stays,
/// set aside, until the person deletes it.
public struct JournalConflict: Equatable, Sendable {
    public var id: String
    public var entryID: String
    /// The other version's content, as a save would write it, and its plain text.
    public var content: JournalEntryContent
    public var plainText: String
    /// When the other version was made (on its device).
    public var madeAt: Date
    /// When the version that became the entry was made.
    public var entryMadeAt: Date
    /// The revision both edits started from.
    public var baseRevision: Int
    /// The entry's revision once the two met: later saves of the entry make `entryMadeAt` out of date.
    public var entryRevision: Int
    /// When the two met on the server.
    public var createdAt: Date
    /// When the person chose; from then on this holds the version not chosen. `nil` while the choice is open.
    public var resolvedAt: Date?

    public init(
        id: String, entryID: String, content: JournalEntryContent, plainText: String, madeAt: Date, entryMadeAt: Date,
        baseRevision: Int, entryRevision: Int, createdAt: Date, resolvedAt: Date? = nil
    ) {
        self.id = id
        self.entryID = entryID
        self.content = content
        self.plainText = plainText
        self.madeAt = madeAt
        self.entryMadeAt = entryMadeAt
        self.baseRevision = baseRevision
        self.entryRevision = entryRevision
        self.createdAt = createdAt
        self.resolvedAt = resolvedAt
    }

    public var isOpen: Bool { resolvedAt == nil }
}

/// Which version of an entry changed on two devices the person keeps.
public enum JournalConflictChoice: String, Sendable, CaseIterable {
    /// The version the entry holds now.
    case entry
    /// The other version.
    case other
}

/// What a save that may meet another device's save did.
public struct JournalSave: Equatable, Sendable {
    public var entry: JournalEntry
    /// The version kept beside the entry when the save started from an older revision; `nil` otherwise.
    public var conflict: JournalConflict?

    public init(entry: JournalEntry, conflict: JournalConflict?) {
        self.entry = entry
        self.conflict = conflict
    }
}
