import GRDB

extension AppDatabase {
    /// A tracker's frequency (met `frequencyTimes` days in every `frequencyDays`, as Loop Habit Tracker keeps a
    /// habit's numerator and denominator) and its note; trackers from before are daily, without a note (frozen
    /// once shipped).
    static func registerTrackerFrequencyMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v13 tracker frequency and note") { db in
            try db.alter(table: "tracker") { t in
                t.add(column: "frequencyTimes", .integer).notNull().defaults(to: 1)
                t.add(column: "frequencyDays", .integer).notNull().defaults(to: 1)
                t.add(column: "note", .text)
            }
        }
    }
}
