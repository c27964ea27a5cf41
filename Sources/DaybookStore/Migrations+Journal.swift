import GRDB

extension AppDatabase {
    /// Journal entries and their tags (frozen once shipped). The search index is derived data, built by
    /// `SearchIndex.prepare` with the tokenizer of the running version.
    static func registerJournalMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v6 journal") { db in
            // `number` is the stable rowid the search index points at; `id` is the entry's public id.
            try db.create(table: "journalEntry") { t in
                t.primaryKey("number", .integer)
                t.column("id", .text).notNull().unique()
                t.column("moment", .datetime).notNull()
                t.column("day", .text).notNull()
                t.column("timeZone", .text).notNull()
                t.column("title", .text).notNull()
                t.column("body", .text).notNull()
                t.column("plainText", .text).notNull()
                t.column("wordCount", .integer).notNull()
                // One tag a line, as the search index reads them.
                t.column("tags", .text).notNull()
                t.column("isStarred", .boolean).notNull()
                t.column("coverPhotoID", .text)
                t.column("createdAt", .datetime).notNull()
                t.column("updatedAt", .datetime).notNull()
                t.column("revision", .integer).notNull()
                t.column("deletedAt", .datetime)
            }
            // Lists page newest first by (moment, id); the partial indexes hold live entries only.
            try db.execute(
                sql: """
                    CREATE INDEX journalEntry_list ON journalEntry(moment, id) WHERE deletedAt IS NULL;
                    CREATE INDEX journalEntry_starred ON journalEntry(moment, id) WHERE deletedAt IS NULL AND isStarred;
                    CREATE INDEX journalEntry_day ON journalEntry(day, moment, coverPhotoID) WHERE deletedAt IS NULL;
                    CREATE INDEX journalEntry_monthDay ON journalEntry(substr(day, 6), day) WHERE deletedAt IS NULL;
                    CREATE INDEX journalEntry_trash ON journalEntry(deletedAt) WHERE deletedAt IS NOT NULL;
                    """)
            // The tags of live entries (a trashed entry's tags are kept in its `tags` column until it is restored).
            try db.create(table: "journalTag", options: .withoutRowID) { t in
                t.column("entryID", .text).notNull().references("journalEntry", column: "id", onDelete: .cascade)
                // The tag folded for case and width: what makes two spellings the same tag.
                t.column("tagKey", .text).notNull()
                t.column("tag", .text).notNull()
                t.column("moment", .datetime).notNull()
                t.primaryKey(["entryID", "tagKey"])
            }
            // Pages of one tag by keyset, and the counts per tag, both from this index alone.
            try db.create(index: "journalTag_list", on: "journalTag", columns: ["tagKey", "moment", "entryID", "tag"])
            // The tokenizer the search index was built with; no row until it was built.
            try db.create(table: "searchIndex") { t in
                t.primaryKey("id", .integer).check { $0 == 1 }
                t.column("tokenizer", .text).notNull()
            }
        }
    }
}
