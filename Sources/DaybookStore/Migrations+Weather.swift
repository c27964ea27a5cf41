import GRDB

extension AppDatabase {
    /// The services the owner lets Daybook talk to, and the weather kept for entries (frozen once shipped).
    static func registerWeatherMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v9 weather and connections") { db in
            try db.create(table: "connections") { t in
                t.primaryKey("id", .integer).check { $0 == 1 }
                t.column("weather", .boolean).notNull()
                t.column("tileURL", .text).notNull()
                t.column("tileAttribution", .text).notNull()
                t.column("geocoderURL", .text).notNull()
            }
            // One observation per square of a tenth of a degree and hour, shared by every entry there and then.
            try db.create(table: "weatherObservation", options: .withoutRowID) { t in
                t.column("latitude", .integer).notNull()
                t.column("longitude", .integer).notNull()
                t.column("hour", .integer).notNull()
                t.column("condition", .text).notNull()
                t.column("temperature", .double).notNull()
                t.column("high", .double).notNull()
                t.column("low", .double).notNull()
                t.column("precipitation", .double).notNull()
                t.column("wind", .double).notNull()
                t.column("fetchedAt", .datetime).notNull()
                t.primaryKey(["latitude", "longitude", "hour"])
            }
            // Hours whose request failed, and when to ask again.
            try db.create(table: "weatherAttempt", options: .withoutRowID) { t in
                t.column("latitude", .integer).notNull()
                t.column("longitude", .integer).notNull()
                t.column("hour", .integer).notNull()
                t.column("failures", .integer).notNull()
                t.column("retryAt", .datetime).notNull()
                t.column("reason", .text).notNull()
                t.primaryKey(["latitude", "longitude", "hour"])
            }
        }
    }
}
