import GRDB

extension AppDatabase {
    /// What the app icon's badge counts (frozen once shipped): off until the owner turns it on.
    static func registerAppBadgeMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v25 app badge") { db in
            try db.alter(table: "settings") { t in
                t.add(column: "appBadge", .text).notNull().defaults(to: "off")
            }
        }
    }
}
