import DaybookCore
import Foundation

/// Reads and changes how backups are made.
public struct BackupInteractor: Sendable {
    private let store: any BackupPlanStore

    public init(store: any BackupPlanStore) { self.store = store }

    public func plan() async throws -> BackupPlan { try await store.loadBackupPlan() }

    public func status() async throws -> BackupStatus { try await store.loadBackupStatus() }

    /// - Throws: `BackupPlanError` naming each refused field; nothing is saved then.
    public func update(_ change: BackupPlanChange) async throws -> BackupPlan {
        let updated = try change.applied(to: try await store.loadBackupPlan())
        try await store.saveBackupPlan(updated)
        return updated
    }
}
