import DaybookCore
import Foundation

/// Entries changed on two devices: the person chooses the version to keep; the other stays, set aside, until
/// they delete it.
extension JournalInteractor {
    /// Keeps one version of an entry changed on two devices: `"entry"` (what it holds now) or `"other"`.
    ///
    /// - Throws: `Journal.Problem.invalidChoice` for another word, `.notFound` for no live entry, `.noConflict`
    ///   when the entry has no open conflict with this id (it was chosen already, or is another entry's).
    /// - Returns: the entry as a client is answered with it.
    @discardableResult
    public func choose(id: String, conflictID: String, keep: String) async throws -> Journal.Shown {
        guard let choice = JournalConflictChoice(rawValue: keep) else { throw Journal.Problem.invalidChoice }
        let entry: JournalEntry
        do {
            entry = try await store.resolveConflict(entryID: id, conflictID: conflictID, keep: choice, at: clock.now())
        } catch JournalStoreError.notFound {
            throw Journal.Problem.notFound
        } catch JournalStoreError.noConflict {
            throw Journal.Problem.noConflict
        }
        await events.publish(.journal)
        return try await shown(entry, owner: owner())
    }

    /// Deletes for good a version set aside by an earlier choice.
    ///
    /// - Throws: `Journal.Problem.notFound` for no live entry, `.noConflict` when it has no such version.
    public func deleteSetAside(id: String, conflictID: String) async throws {
        _ = try await existing(id)
        guard try await store.deleteSetAside(entryID: id, conflictID: conflictID) else {
            throw Journal.Problem.noConflict
        }
        await events.publish(.journal)
    }
}
