import DaybookCore
import Foundation
import GRDB

extension AppDatabase: BackupPlanStore {
    public func loadBackupPlan() async throws -> BackupPlan {
        try await writer.read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM backupPlan WHERE id = 1") else {
                return BackupPlan()
            }
            let recipients: String = row["recipients"]
            return BackupPlan(
                passphrase: row["passphrase"], recipients: recipients.split(separator: "\n").map(String.init),
                secondFolder: row["secondFolder"])
        }
    }

    public func saveBackupPlan(_ plan: BackupPlan) async throws {
        try await write { db in
            try Self.ensureBackupRow(db)
            try db.execute(
                sql: "UPDATE backupPlan SET passphrase = ?, recipients = ?, secondFolder = ? WHERE id = 1",
                arguments: [plan.passphrase, plan.recipients.joined(separator: "\n"), plan.secondFolder])
        }
    }

    public func loadBackupStatus() async throws -> BackupStatus {
        try await writer.read(Self.backupStatus)
    }

    static func backupStatus(_ db: Database) throws -> BackupStatus {
        guard
            let row = try Row.fetchOne(
                db.cachedStatement(
                    sql:
                        "SELECT lastSuccessAt, lastFile, lastSize, lastFailureAt, lastFailure FROM backupPlan WHERE id = 1"
                ))
        else { return BackupStatus() }
        return BackupStatus(
            lastSuccessAt: row["lastSuccessAt"], lastFile: row["lastFile"], lastSize: row["lastSize"],
            lastFailureAt: row["lastFailureAt"], lastFailure: row["lastFailure"])
    }

    public func recordBackup(success file: String, size: Int64, at date: Date) async throws {
        try await write { db in
            try Self.ensureBackupRow(db)
            try db.execute(
                sql: "UPDATE backupPlan SET lastSuccessAt = ?, lastFile = ?, lastSize = ? WHERE id = 1",
                arguments: [date, file, size])
        }
    }

    public func recordBackup(failure reason: String, at date: Date) async throws {
        try await write { db in
            try Self.ensureBackupRow(db)
            try db.execute(
                sql: "UPDATE backupPlan SET lastFailureAt = ?, lastFailure = ? WHERE id = 1", arguments: [date, reason])
        }
    }

    private static func ensureBackupRow(_ db: Database) throws {
        try db.execute(
            sql: "INSERT OR IGNORE INTO backupPlan (id, passphrase, recipients, secondFolder) VALUES (1, '', '', '')")
    }
}

extension DatabaseSnapshot {
    func backupStatus() throws -> BackupStatus { try AppDatabase.backupStatus(db) }
}
