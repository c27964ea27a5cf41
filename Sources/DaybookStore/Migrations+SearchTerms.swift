import GRDB

extension AppDatabase {
    /// The search index's words, as a table (frozen once shipped): a search that lists its matches newest first
    /// looks up which words a word being typed begins, and asks the index about those words instead (see
    /// `DatabaseSnapshot.searchJournal`). The table reads `journalSearch` by name, so it outlives its rebuilds.
    static func registerSearchTermsMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v20 search terms") { db in
            try db.execute(sql: "CREATE VIRTUAL TABLE journalSearchTerms USING fts5vocab(journalSearch, 'row')")
        }
    }
}
