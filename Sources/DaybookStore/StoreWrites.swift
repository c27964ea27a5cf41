import DaybookCore
import Foundation
import GRDB

/// How every store write runs: in one transaction, with the idempotency key of the request being handled recorded
/// in that same transaction when the write changed something.
extension AppDatabase {
    /// Runs `updates` in one transaction; when the request being handled carries an idempotency key, the key is
    /// recorded in the same transaction.
    func write<T: Sendable>(_ updates: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await writer.write(Self.claiming(updates))
    }

    /// `write` for a bulk write (an import of thousands of entries in one transaction): its statement journals
    /// are kept in memory.
    ///
    /// Each entry's insert fires the change feed's trigger, so SQLite keeps a statement journal to undo that one
    /// statement; past 64 KiB in a transaction it becomes a temporary file for the rest of the transaction, and an
    /// import of 10,000 entries wrote some 600 MB into it, a page at a time. In memory it holds one statement's
    /// pages and is emptied after each. `temp_store` is read as the transaction begins, so it is set around it.
    func bulkWrite<T: Sendable>(_ updates: @escaping @Sendable (Database) throws -> T) async throws -> T {
        let updates = Self.claiming(updates)
        return try await writer.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA temp_store = MEMORY")
            defer { try? db.execute(sql: "PRAGMA temp_store = DEFAULT") }
            var result: T?
            try db.inTransaction {
                result = try updates(db)
                return .commit
            }
            return result!
        }
    }

    /// `updates`, then the record of the idempotency key of the request being handled (when it carries one and
    /// `updates` changed a row): a transaction that found nothing to change (an unknown id, a refusal) keeps no key,
    /// so a repeat is handled afresh and refused again, rather than told that a write was made.
    private static func claiming<T>(_ updates: @escaping @Sendable (Database) throws -> T)
        -> @Sendable (Database) throws -> T
    {
        let claim = IdempotencyClaim.current
        return { db in
            let changesBefore = db.totalChangesCount
            let result = try updates(db)
            if db.totalChangesCount > changesBefore { try claim?.record(db) }
            return result
        }
    }
}
