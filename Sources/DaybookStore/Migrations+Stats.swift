import GRDB

extension AppDatabase {
    /// Focus per local day, kept beside the sessions so statistics read a few rows (frozen once shipped).
    static func registerStatsMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v4 focus by day") { db in
            // Filled from the sessions on first use, and again whenever the owner's time zone changes.
            try db.create(table: "focusDay", options: .withoutRowID) { t in
                t.primaryKey("day", .text)
                t.column("seconds", .integer).notNull()
                t.column("sessions", .integer).notNull()
                t.column("completed", .integer).notNull()
            }
            // The time zone `focusDay` was computed in, and its sums over all days; no row until computed.
            try db.create(table: "focusDayZone") { t in
                t.primaryKey("id", .integer).check { $0 == 1 }
                t.column("timeZone", .text).notNull()
                t.column("seconds", .integer).notNull().defaults(to: 0)
                t.column("sessions", .integer).notNull().defaults(to: 0)
                t.column("completed", .integer).notNull().defaults(to: 0)
            }
            try db.create(index: "taskCompletion_on_day", on: "taskCompletion", columns: ["day"])
            // Ratings by day without reading the reflections, for the insight.
            try db.create(index: "dailyLog_ratings", on: "dailyLog", columns: ["day", "sleepQuality", "mood"])
        }
    }
}
