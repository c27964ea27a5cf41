import GRDB

extension AppDatabase {
    /// Reminders: what the owner asked for, the browsers subscribed to Web Push, and what was sent (frozen once
    /// shipped).
    static func registerReminderMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v10 reminders") { db in
            try db.create(table: "reminderSettings") { t in
                t.primaryKey("id", .integer).check { $0 == 1 }
                // `HH:mm`, or NULL for no daily journal reminder.
                t.column("journalTime", .text)
                t.column("blockStart", .boolean).notNull()
                t.column("focusFinished", .boolean).notNull()
                t.column("inPage", .boolean).notNull()
                t.column("webPush", .boolean).notNull()
                t.column("ntfyURL", .text).notNull()
                // Up to when reminders were looked for: after a restart, what fell due meanwhile is sent once.
                t.column("checkedThrough", .datetime)
            }
            try db.create(table: "pushTarget") { t in
                t.primaryKey("endpoint", .text)
                t.column("p256dh", .text).notNull()
                t.column("auth", .text).notNull()
                t.column("createdAt", .datetime).notNull()
            }
            // A reminder's key is written before it is sent: one that was claimed is never sent again.
            try db.create(table: "reminderSent", options: .withoutRowID) { t in
                t.primaryKey("key", .text)
                t.column("sentAt", .datetime).notNull()
            }
        }
    }
}
