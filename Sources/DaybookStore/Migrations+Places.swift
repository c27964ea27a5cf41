import GRDB

extension AppDatabase {
    /// Where entries were written (frozen once shipped).
    static func registerPlaceMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v8 places") { db in
            try db.alter(table: "journalEntry") { t in
                t.add(column: "latitude", .double)
                t.add(column: "longitude", .double)
                // The name as saved (a gazetteer city in the owner's language, or what they typed).
                t.add(column: "placeName", .text)
                // ISO 3166-1 alpha-2.
                t.add(column: "placeCountry", .text)
            }
            // The map reads the points of live entries from this index alone.
            try db.execute(
                sql: """
                    CREATE INDEX journalEntry_place ON journalEntry(latitude, longitude, id)
                    WHERE deletedAt IS NULL AND latitude IS NOT NULL
                    """)
        }
    }
}
