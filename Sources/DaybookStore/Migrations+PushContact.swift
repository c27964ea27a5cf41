import GRDB

extension AppDatabase {
    /// The owner's contact for push services (frozen once shipped): Web Push to an iPhone needs a real one.
    static func registerPushContactMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v23 push contact") { db in
            try db.alter(table: "reminderSettings") { t in
                t.add(column: "pushContact", .text).notNull().defaults(to: "")
            }
        }
    }
}
