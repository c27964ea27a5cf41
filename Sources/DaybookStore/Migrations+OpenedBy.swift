import GRDB

extension AppDatabase {
    /// Which Daybook last opened the database (frozen once shipped): an older Daybook that finds a database
    /// migrated past what it knows can name the version that did it.
    static func registerOpenedByMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v26 opened by") { db in
            try db.create(table: "openedBy") { t in
                t.primaryKey("id", .integer).check { $0 == 1 }
                t.column("version", .text).notNull()
                t.column("openedAt", .datetime).notNull()
            }
        }
    }
}
