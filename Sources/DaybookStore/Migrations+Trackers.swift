import GRDB

extension AppDatabase {
    /// Trackers with one value per day, and API tokens that can be limited to widgets and expire (frozen once
    /// shipped).
    static func registerTrackerMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v7 trackers") { db in
            try db.create(table: "tracker") { t in
                t.primaryKey("id", .text)
                t.column("name", .text).notNull()
                // The name folded for comparison: two trackers cannot share a name, whatever its case.
                t.column("nameKey", .text).notNull().unique()
                t.column("kind", .text).notNull()
                // A canonical unit's name, or `custom`; `unitLabel` holds a currency's code or the custom label.
                t.column("unit", .text)
                t.column("unitLabel", .text)
                t.column("targetComparison", .text)
                t.column("targetValue", .double)
                t.column("color", .text).notNull()
                t.column("position", .integer).notNull()
                t.column("createdAt", .datetime).notNull()
                t.column("archivedAt", .datetime)
            }
            try db.create(table: "trackerValue", options: .withoutRowID) { t in
                t.column("trackerID", .text).notNull().references("tracker", onDelete: .cascade)
                t.column("day", .text).notNull()
                t.column("value", .double).notNull()
                t.column("updatedAt", .datetime).notNull()
                t.primaryKey(["trackerID", "day"])
            }
            // Today and the widgets read every tracker's value of one day.
            try db.create(index: "trackerValue_on_day", on: "trackerValue", columns: ["day", "trackerID", "value"])
            // `full` tokens reach the whole API; `widgets` tokens only the widgets and one-tap toggles.
            try db.alter(table: "apiToken") { t in
                t.add(column: "scope", .text).notNull().defaults(to: "full")
                t.add(column: "expiresAt", .datetime)
            }
        }
    }
}
