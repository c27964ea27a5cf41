import GRDB

extension AppDatabase {
    /// How automatic backups are locked, where a copy goes, and how the last one went (frozen once shipped).
    static func registerBackupMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v11 backups") { db in
            try db.create(table: "backupPlan") { t in
                t.primaryKey("id", .integer).check { $0 == 1 }
                t.column("passphrase", .text).notNull()
                // One age recipient a line.
                t.column("recipients", .text).notNull()
                t.column("secondFolder", .text).notNull()
                t.column("lastSuccessAt", .datetime)
                t.column("lastFile", .text)
                t.column("lastSize", .integer)
                t.column("lastFailureAt", .datetime)
                t.column("lastFailure", .text)
            }
        }
    }
}
