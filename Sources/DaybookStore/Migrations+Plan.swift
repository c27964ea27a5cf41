import GRDB

extension AppDatabase {
    /// Tasks, per-occurrence completions, focus sessions and the timer (frozen once shipped).
    static func registerPlanMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v2 plan and focus") { db in
            try db.create(table: "task") { t in
                t.primaryKey("id", .text)
                t.column("title", .text).notNull()
                t.column("notes", .text).notNull().defaults(to: "")
                t.column("day", .text).notNull().indexed()
                t.column("startMinute", .integer)
                t.column("durationMinutes", .integer)
                t.column("color", .text).notNull()
                t.column("isDone", .boolean).notNull().defaults(to: false)
                t.column("repeatRule", .text)
            }
            try db.create(
                index: "task_on_repeatRule", on: "task", columns: ["repeatRule"], condition: Column("repeatRule") != nil
            )
            try db.create(table: "taskCompletion") { t in
                t.column("taskID", .text).notNull().references("task", onDelete: .cascade)
                t.column("day", .text).notNull()
                t.primaryKey(["taskID", "day"])
            }
            try db.create(table: "focusSession") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("taskID", .text).references("task", onDelete: .setNull).indexed()
                t.column("startedAt", .datetime).notNull().indexed()
                t.column("endedAt", .datetime).notNull()
                t.column("focusedSeconds", .integer).notNull()
                t.column("pausedSeconds", .integer).notNull()
                t.column("outcome", .text).notNull()
                t.column("sound", .text).notNull()
                t.column("plannedSeconds", .integer)
            }
            try db.create(table: "focusTimer") { t in
                t.primaryKey("id", .integer).check { $0 == 1 }
                t.column("state", .jsonText).notNull()
            }
        }
    }
}
