import GRDB

extension AppDatabase {
    /// What came in from other apps, by the id it had there, so a second import adds nothing (frozen once shipped).
    static func registerImportMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v12 imports") { db in
            try db.create(table: "importedItem", options: .withoutRowID) { t in
                t.column("source", .text).notNull()
                t.column("kind", .text).notNull()
                t.column("sourceID", .text).notNull()
                t.column("localID", .text).notNull()
                t.column("importedAt", .datetime).notNull()
                t.primaryKey(["source", "kind", "sourceID"])
            }
        }
    }
}
