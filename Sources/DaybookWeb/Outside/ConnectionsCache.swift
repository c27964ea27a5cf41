import DaybookCore
import DaybookStore
import Foundation

/// The owner's connections, kept in memory once read: the content policy of the Map page depends on them.
final class ConnectionsCache: Sendable {
    private let kept = Locked<Connections?>(nil)

    /// The connections as stored; `nil` before the database is open.
    func current(_ database: AppDatabase?) async -> Connections? {
        if let known = kept.withLock({ $0 }) { return known }
        guard let database, let loaded = try? await database.loadConnections() else { return nil }
        kept.withLock { $0 = loaded }
        return loaded
    }

    func remember(_ connections: Connections) {
        kept.withLock { $0 = connections }
    }
}
