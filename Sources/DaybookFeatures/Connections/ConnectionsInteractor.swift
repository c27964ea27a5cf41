import DaybookCore
import Foundation

/// Loads and changes the connections.
public struct ConnectionsInteractor: Sendable {
    private let store: any ConnectionsStore
    private let events: EventBus

    public init(store: any ConnectionsStore, events: EventBus) {
        self.store = store
        self.events = events
    }

    public func load() async throws -> Connections { try await store.loadConnections() }

    /// Applies `change`; the pages' content policy and the map follow at once.
    ///
    /// - Throws: `Connections.Problem` naming each refused field; nothing is saved then.
    public func update(_ change: ConnectionsChange) async throws -> Connections {
        let updated = try change.applied(to: try await store.loadConnections())
        try await store.saveConnections(updated)
        await events.publish(.settings)
        return updated
    }
}
