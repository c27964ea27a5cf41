import GRDB

extension AppDatabase {
    /// The daily focus goal, series of repeating tasks that end or skip a day, and the daily log (frozen once shipped).
    static func registerSeriesMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v3 goal, series and daily log") { db in
            try db.alter(table: "settings") { t in
                t.add(column: "dailyGoalMinutes", .integer).notNull().defaults(to: 120)
            }
            // A repeating task edited "from this day on" ends the day before; the rest is a new task.
            try db.alter(table: "task") { t in
                t.add(column: "repeatUntil", .text)
            }
            // Occurrences of a repeating task taken out of the series: edited on their own, or deleted.
            try db.create(table: "taskSkip") { t in
                t.column("taskID", .text).notNull().references("task", onDelete: .cascade)
                t.column("day", .text).notNull()
                t.primaryKey(["taskID", "day"])
            }
            try db.create(table: "dailyLog") { t in
                t.primaryKey("day", .text)
                t.column("sleepQuality", .integer).check { $0 == nil || ($0 >= 1 && $0 <= 5) }
                t.column("mood", .integer).check { $0 == nil || ($0 >= 1 && $0 <= 5) }
                t.column("reflection", .text).notNull().defaults(to: "")
                t.column("updatedAt", .datetime).notNull()
            }
        }
    }
}
