import GRDB

extension AppDatabase {
    /// Migrations are frozen once shipped: add a new one, never edit an old one.
    package static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1 settings and access") { db in
            try db.create(table: "settings") { t in
                t.primaryKey("id", .integer).check { $0 == 1 }
                t.column("name", .text).notNull()
                t.column("journalName", .text).notNull()
                t.column("language", .text).notNull()
                t.column("accentColor", .text).notNull()
                t.column("appearance", .text).notNull()
                t.column("timeZone", .text).notNull()
                t.column("firstWeekday", .text).notNull()
                t.column("units", .text).notNull()
                t.column("focusMinutes", .integer).notNull()
                t.column("focusSound", .text).notNull()
            }
            try db.create(table: "owner") { t in
                t.primaryKey("id", .integer).check { $0 == 1 }
                t.column("passphraseHash", .text).notNull()
            }
            try db.create(table: "loginSession") { t in
                t.primaryKey("digest", .text)
                t.column("createdAt", .datetime).notNull()
                t.column("expiresAt", .datetime).notNull().indexed()
            }
            try db.create(table: "apiToken") { t in
                t.primaryKey("id", .text)
                t.column("name", .text).notNull()
                t.column("digest", .text).notNull().unique()
                t.column("createdAt", .datetime).notNull()
                t.column("lastUsedAt", .datetime)
            }
        }
        registerPlanMigration(&migrator)
        registerSeriesMigration(&migrator)
        registerStatsMigration(&migrator)
        registerPhotoMigration(&migrator)
        registerJournalMigration(&migrator)
        registerTrackerMigration(&migrator)
        registerPlaceMigration(&migrator)
        registerWeatherMigration(&migrator)
        registerReminderMigration(&migrator)
        registerBackupMigration(&migrator)
        registerImportMigration(&migrator)
        registerTrackerFrequencyMigration(&migrator)
        registerOfflineMigration(&migrator)
        registerJournalConflictMigration(&migrator)
        registerPhotoHashMigration(&migrator)
        registerEditOriginMigration(&migrator)
        registerSearchTermsMigration(&migrator)
        registerTagCountsMigration(&migrator)
        registerDevicesMigration(&migrator)
        registerPushContactMigration(&migrator)
        registerTaskMadeAtMigration(&migrator)
        registerAppBadgeMigration(&migrator)
        registerOpenedByMigration(&migrator)
        return migrator
    }
}
