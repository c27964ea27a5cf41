import GRDB

extension AppDatabase {
    /// A photo's content hash: the SHA-256 of its file, so `daybook check` sees bytes that changed under the same
    /// size (frozen once shipped).
    ///
    /// Rows from before keep `NULL`: hashing every original here would read the whole photo folder (gigabytes
    /// after years of use) before the server could start. `daybook check` fills a missing hash the first time it
    /// reads the file.
    static func registerPhotoHashMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v18 photo content hash") { db in
            try db.alter(table: "photo") { t in t.add(column: "sha256", .text) }
            // A hash filled in later changes nothing a device keeps, so it is no change for the feed.
            try db.execute(
                sql: """
                    DROP TRIGGER change_photo_update;
                    CREATE TRIGGER change_photo_update
                    AFTER UPDATE OF id, type, width, height, bytes, takenAt, latitude, longitude, createdAt ON photo
                    BEGIN
                        DELETE FROM change WHERE kind = 'photo' AND itemID = NEW.id;
                        INSERT INTO change (kind, itemID, deleted) VALUES ('photo', NEW.id, 0);
                    END
                    """)
        }
    }
}
