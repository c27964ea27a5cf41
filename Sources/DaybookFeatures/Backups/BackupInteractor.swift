import DaybookCore
import Foundation

/// Reads and changes how backups are made.
public struct BackupInteractor: Sendable {
    private let store: any BackupPlanStore

    public init(store: any BackupPlanStore) { self.store = store }

    public func plan() async throws -> BackupPlan { try await store.loadBackupPlan() }

    public func status() async throws -> BackupStatus { try await store.loadBackupStatus() }

    /// The plan a backup is made with now.
    ///
    /// - Throws: `BackupsScene.Problem.notSet` when it has neither a passphrase nor a key.
    public func planToRun() async throws -> BackupPlan {
        let plan = try await store.loadBackupPlan()
        guard plan.isConfigured else { throw BackupsScene.Problem.notSet }
        return plan
    }

    /// - Throws: `BackupPlan.Problem` naming each refused field; nothing is saved then.
    public func update(_ change: BackupPlanChange) async throws -> BackupPlan {
        let updated = try change.applied(to: try await store.loadBackupPlan())
        try await store.saveBackupPlan(updated)
        return updated
    }
}
