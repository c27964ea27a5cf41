import GRDB

extension AppDatabase {
    /// The other version of an entry changed on two devices from one revision, kept until the person chooses
    /// (frozen once shipped).
    static func registerJournalConflictMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v17 entry conflicts") { db in
            try db.create(table: "journalConflict") { t in
                t.primaryKey("id", .text)
                t.column("entryID", .text).notNull().indexed()
                    .references("journalEntry", column: "id", onDelete: .cascade)
                // The other version, with the columns of `journalEntry` it needs to become the entry again.
                t.column("moment", .datetime).notNull()
                t.column("day", .text).notNull()
                t.column("timeZone", .text).notNull()
                t.column("title", .text).notNull()
                t.column("body", .text).notNull()
                t.column("plainText", .text).notNull()
                t.column("tags", .text).notNull()
                t.column("isStarred", .boolean).notNull()
                t.column("coverPhotoID", .text)
                t.column("latitude", .double)
                t.column("longitude", .double)
                t.column("placeName", .text)
                t.column("placeCountry", .text)
                // When each version was made, on its device.
                t.column("madeAt", .datetime).notNull()
                t.column("entryMadeAt", .datetime).notNull()
                t.column("baseRevision", .integer).notNull()
                t.column("entryRevision", .integer).notNull()
                t.column("createdAt", .datetime).notNull()
                // Set when the person chose: the row then holds the version not chosen, until it is deleted.
                t.column("resolvedAt", .datetime)
            }
            // A conflict appearing, chosen or deleted changes what a device shows of its entry.
            for (event, row) in [("INSERT", "NEW"), ("UPDATE", "NEW"), ("DELETE", "OLD")] {
                try db.execute(
                    sql: """
                        CREATE TRIGGER change_journalConflict_\(event.lowercased()) AFTER \(event) ON journalConflict
                        BEGIN
                            DELETE FROM change WHERE kind = 'entry' AND itemID = \(row).entryID;
                            INSERT INTO change (kind, itemID, deleted) VALUES ('entry', \(row).entryID, COALESCE(
                                (SELECT deletedAt IS NOT NULL FROM journalEntry WHERE id = \(row).entryID), 1));
                        END
                        """)
            }
        }
    }
}
