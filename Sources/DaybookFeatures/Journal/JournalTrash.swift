import DaybookCore
import Foundation

/// The trash: an entry moved there is kept for 30 days, can be brought back, and is gone for good once the trash
/// is emptied or its days are up.
extension JournalInteractor {
    /// Moves an entry to the trash, where it is kept for 30 days.
    public func trash(id: String) async throws {
        guard try await store.moveToTrash(id: id, at: clock.now()) else { throw Journal.Problem.notFound }
        await events.publish(.journal)
    }

    /// Brings an entry back from the trash; one that is not in the trash stays as it is.
    ///
    /// - Returns: the entry as a client is answered with it.
    /// - Throws: `Journal.Problem.notFound` for no entry.
    @discardableResult
    public func restore(id: String) async throws -> Journal.Shown {
        if try await store.restoreFromTrash(id: id) { await events.publish(.journal) }
        return try await shown(id: id)
    }

    /// What is in the trash; entries trashed more than 30 days ago are deleted first.
    public func trashed() async throws -> Journal.Trash.Response {
        let owner = try await owner()
        let now = clock.now()
        if try await store.purgeTrash(now: now) > 0 { await events.publish(.journal) }
        return Journal.Trash.Response(settings: owner, entries: try await store.trashedEntries(), now: now)
    }

    /// Deletes everything in the trash for good.
    @discardableResult
    public func emptyTrash() async throws -> Int {
        let count = try await store.emptyTrash()
        if count > 0 { await events.publish(.journal) }
        return count
    }
}
