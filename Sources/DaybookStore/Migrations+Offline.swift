import GRDB

extension AppDatabase {
    /// What a device working offline needs from the server: the idempotency keys of the writes it replays, kept
    /// with their first answer (frozen once shipped).
    static func registerOfflineMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v14 idempotency keys") { db in
            try db.create(table: "idempotencyKey", options: .withoutRowID) { t in
                t.primaryKey("key", .text)
                t.column("method", .text).notNull()
                t.column("path", .text).notNull()
                t.column("digest", .text).notNull()
                t.column("createdAt", .datetime).notNull().indexed()
                // Null until the answer is kept: the write committed, its answer was not (yet) sent.
                t.column("status", .integer)
                t.column("contentType", .text)
                t.column("location", .text)
                t.column("body", .blob)
            }
        }
        migrator.registerMigration("v15 changes feed") { db in
            // One row for each thing that changed, the latest change only: `seq` orders them, so a device asks
            // for what changed after the last `seq` it saw.
            try db.create(table: "change") { t in
                t.autoIncrementedPrimaryKey("seq")
                t.column("kind", .text).notNull()
                t.column("itemID", .text).notNull()
                t.column("deleted", .boolean).notNull()
                t.uniqueKey(["kind", "itemID"])
            }
            // The tables a device keeps a copy of: the kind of thing each row is, and the SQL naming its id. An
            // entry moved to the trash counts as deleted.
            let sources: [(table: String, kind: String, id: String)] = [
                ("journalEntry", "entry", "ROW.id"),
                ("photo", "photo", "ROW.id"),
                ("task", "task", "ROW.id"),
                ("taskCompletion", "task", "ROW.taskID"),
                ("taskSkip", "task", "ROW.taskID"),
                ("tracker", "tracker", "ROW.id"),
                ("trackerValue", "trackerValue", "ROW.trackerID || '/' || ROW.day"),
                ("dailyLog", "log", "ROW.day"),
                ("focusSession", "focusSession", "CAST(ROW.id AS TEXT)"),
                ("focusTimer", "focusTimer", "'current'"),
                ("settings", "settings", "'owner'"),
            ]
            for (table, kind, id) in sources {
                for (event, row, deleted) in [("INSERT", "NEW", "0"), ("UPDATE", "NEW", "0"), ("DELETE", "OLD", "1")] {
                    let item = id.replacingOccurrences(of: "ROW", with: row)
                    let gone = kind == "entry" && row == "NEW" ? "NEW.deletedAt IS NOT NULL" : deleted
                    try db.execute(
                        sql: """
                            CREATE TRIGGER change_\(table)_\(event.lowercased()) AFTER \(event) ON \(table) BEGIN
                                DELETE FROM change WHERE kind = '\(kind)' AND itemID = \(item);
                                INSERT INTO change (kind, itemID, deleted) VALUES ('\(kind)', \(item), \(gone));
                            END
                            """)
                }
            }
        }
        migrator.registerMigration("v16 when log fields changed") { db in
            // Each field of a day's log keeps the time it was last changed (null: never), so a change made offline
            // and sent later does not undo one made since on another device. Logs kept before share their row's time.
            try db.alter(table: "dailyLog") { t in
                t.add(column: "sleepQualityAt", .datetime)
                t.add(column: "moodAt", .datetime)
                t.add(column: "reflectionAt", .datetime)
            }
            try db.execute(
                sql: "UPDATE dailyLog SET sleepQualityAt = updatedAt, moodAt = updatedAt, reflectionAt = updatedAt")
        }
    }
}
