import GRDB

extension AppDatabase {
    /// Photos: one row of metadata per file in the data folder's `photos/` (frozen once shipped).
    static func registerPhotoMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v5 photos") { db in
            try db.create(table: "photo") { t in
                // A lowercase UUID, which also names the file.
                t.primaryKey("id", .text)
                t.column("type", .text).notNull()
                t.column("width", .integer).notNull()
                t.column("height", .integer).notNull()
                t.column("bytes", .integer).notNull()
                t.column("takenAt", .text)
                t.column("latitude", .double)
                t.column("longitude", .double)
                t.column("createdAt", .datetime).notNull()
            }
        }
    }
}
