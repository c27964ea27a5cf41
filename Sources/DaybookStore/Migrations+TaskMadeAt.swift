import GRDB

extension AppDatabase {
    /// When each task's current version was made, on the device that made it (frozen once shipped): of two changes
    /// to one block from two devices, the one made later stands, whichever reaches the server last.
    static func registerTaskMadeAtMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v24 when tasks changed") { db in
            // Null for a task last changed before this was kept: any change made since wins over it.
            try db.alter(table: "task") { t in
                t.add(column: "madeAt", .datetime)
            }
            // When the done state of a task on a day was last set: the occurrence's day for a repeating task, the
            // task's own day for a one-off one.
            try db.create(table: "taskDoneChange") { t in
                t.column("taskID", .text).notNull().references("task", onDelete: .cascade)
                t.column("day", .text).notNull()
                t.column("madeAt", .datetime).notNull()
                t.primaryKey(["taskID", "day"])
            }
        }
    }
}
