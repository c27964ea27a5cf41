import GRDB
import Synchronization

/// Counts the transactions committed through the writer: two reads at the same revision see the same data.
final class RevisionCounter: TransactionObserver, Sendable {
    private let committed = Atomic<Int>(0)

    var value: Int { committed.load(ordering: .acquiring) }

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { false }
    func databaseDidChange(with event: DatabaseEvent) {}
    func databaseDidCommit(_ db: Database) { committed.add(1, ordering: .releasing) }
    func databaseDidRollback(_ db: Database) {}
}
