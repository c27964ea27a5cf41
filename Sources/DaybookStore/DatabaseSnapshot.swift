import DaybookCore
import Foundation
import GRDB

/// A `StoreSnapshot` on one connection inside a read transaction. Each record file adds the reads of its tables;
/// the statements are prepared once per connection and cached.
struct DatabaseSnapshot: StoreSnapshot {
    let db: Database
}

extension AppDatabase: SnapshotStore {
    public func read<T: Sendable>(
        splittingDaysIn timeZone: TimeZone, _ body: @escaping @Sendable (any StoreSnapshot) throws -> T
    ) async throws -> T {
        try await read(splittingDaysIn: timeZone) { db in try body(DatabaseSnapshot(db: db)) }
    }

    /// One read in which `focusDay` is split in `timeZone`. The read checks the split first; only when the
    /// zone changed (or the table was never computed) is it rebuilt, in a write, and the read run again.
    ///
    /// The read runs on the calling thread: it is short work on pages in memory (WAL readers never wait for
    /// the writer), and an asynchronous read costs two thread switches (to the connection's queue and back),
    /// more than most pages' queries together.
    func read<T: Sendable>(splittingDaysIn timeZone: TimeZone, _ body: @escaping @Sendable (Database) throws -> T)
        async throws -> T
    {
        let identifier = timeZone.identifier
        let (fresh, value) = try readOnThisThread { db -> (Bool, T?) in
            guard try Self.focusDayZone(db) == identifier else { return (false, nil) }
            return (true, try body(db))
        }
        if fresh, let value { return value }
        try await writer.write { db in
            if try Self.focusDayZone(db) != identifier { try Self.rebuildFocusDays(db, timeZone: timeZone) }
        }
        return try await writer.read(body)
    }

    /// A read inside one transaction, on the calling thread.
    private func readOnThisThread<T>(_ body: (Database) throws -> T) throws -> T {
        try writer.read(body)
    }

    /// The time zone `focusDay` was split in, or `nil` when it has not been computed.
    static func focusDayZone(_ db: Database) throws -> String? {
        try String.fetchOne(db.cachedStatement(sql: "SELECT timeZone FROM focusDayZone"))
    }
}

extension DatabaseSnapshot {
    func focusDays(from first: DayKey, through last: DayKey) throws -> [DayKey: FocusDayTotal] {
        try AppDatabase.focusDays(db, first...last)
    }
}
