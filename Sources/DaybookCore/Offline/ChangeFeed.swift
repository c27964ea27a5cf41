import Foundation

/// A place in the changes feed: what a device has seen so far. Sent as an opaque text (`c1.<n>`).
public struct ChangeCursor: Hashable, Sendable, CustomStringConvertible {
    public var sequence: Int

    public init(sequence: Int) {
        self.sequence = sequence
    }

    /// Reads a cursor the server gave; `nil` for anything else.
    public init?(text: String) {
        guard text.hasPrefix("c1."), text.count <= 24, let value = Int(text.dropFirst(3)), value >= 0,
            String(value) == text.dropFirst(3)
        else { return nil }
        sequence = value
    }

    public var description: String { "c1.\(sequence)" }
}

/// One thing that changed: its kind (`entry`, `photo`, `task`, `tracker`, `trackerValue`, `log`, `focusSession`,
/// `focusTimer`, `settings`), its id, and whether it is gone (deleted, or an entry moved to the trash).
public struct Change: Equatable, Sendable, Codable {
    public var kind: String
    public var id: String
    public var deleted: Bool

    public init(kind: String, id: String, deleted: Bool) {
        self.kind = kind
        self.id = id
        self.deleted = deleted
    }
}

/// What changed after a cursor, oldest first, with the cursor to ask from next.
public struct ChangePage: Equatable, Sendable {
    public var changes: [Change]
    public var cursor: ChangeCursor
    /// Whether more changes wait after this page.
    public var hasMore: Bool

    public init(changes: [Change], cursor: ChangeCursor, hasMore: Bool) {
        self.changes = changes
        self.cursor = cursor
        self.hasMore = hasMore
    }
}

/// The changes feed a device keeps its copy current with.
public protocol ChangeStore: Sendable {
    /// The changes after `cursor` (at most `limit`), or, without a cursor, none and the cursor of now.
    /// - Returns: `nil` when the cursor lies ahead of every change this server made (another server's cursor).
    func changes(after cursor: ChangeCursor?, limit: Int) async throws -> ChangePage?
}
