import GRDB

extension AppDatabase {
    /// Who made an entry's version, and when on their device (frozen once shipped): an edit that started from an
    /// older revision is no conflict when the stored version is its own editing session's, and of two versions
    /// the one made later on its device becomes the entry, whenever each arrived.
    ///
    /// Rows from before keep `NULL`: their version was made when it was stored (`updatedAt`), by no session.
    static func registerEditOriginMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v19 entry edit origin") { db in
            try db.alter(table: "journalEntry") { t in
                t.add(column: "madeAt", .datetime)
                t.add(column: "lineage", .text)
            }
        }
    }
}
