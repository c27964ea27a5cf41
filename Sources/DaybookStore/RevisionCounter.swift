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

/// Counts the committed transactions that changed journal entries: the map's place index is kept while it stays
/// the same, however many other writes (tasks, logs, trackers) happen meanwhile.
final class JournalRevisionCounter: TransactionObserver, Sendable {
    private let committed = Atomic<Int>(0)
    private let changed = Atomic<Bool>(false)

    var value: Int { committed.load(ordering: .acquiring) }

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { eventKind.tableName == "journalEntry" }
    func databaseDidChange(with event: DatabaseEvent) { changed.store(true, ordering: .relaxed) }
    func databaseDidCommit(_ db: Database) {
        if changed.exchange(false, ordering: .relaxed) { committed.add(1, ordering: .releasing) }
    }
    func databaseDidRollback(_ db: Database) { changed.store(false, ordering: .relaxed) }
}
