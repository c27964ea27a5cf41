import DaybookCore
import Foundation
import GRDB

extension AppDatabase: ReminderStore {
    public func loadReminderSettings() async throws -> ReminderSettings {
        try await writer.read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM reminderSettings WHERE id = 1") else {
                return .none
            }
            let time: String? = row["journalTime"]
            return ReminderSettings(
                journalTime: time.flatMap(TimeOfDay.init(string:)), blockStart: row["blockStart"],
                focusFinished: row["focusFinished"], inPage: row["inPage"], webPush: row["webPush"],
                ntfyURL: row["ntfyURL"], pushContact: row["pushContact"])
        }
    }

    public func saveReminderSettings(_ settings: ReminderSettings) async throws {
        try await write { db in
            try db.execute(
                sql: """
                    INSERT INTO reminderSettings
                      (id, journalTime, blockStart, focusFinished, inPage, webPush, ntfyURL, pushContact)
                    VALUES (1, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT(id) DO UPDATE SET journalTime = excluded.journalTime,
                      blockStart = excluded.blockStart, focusFinished = excluded.focusFinished,
                      inPage = excluded.inPage, webPush = excluded.webPush, ntfyURL = excluded.ntfyURL,
                      pushContact = excluded.pushContact
                    """,
                arguments: [
                    settings.journalTime?.description, settings.blockStart, settings.focusFinished, settings.inPage,
                    settings.webPush, settings.ntfyURL, settings.pushContact,
                ])
        }
    }

    public func pushTargets() async throws -> [PushTarget] {
        try await writer.read { db in
            try Row.fetchAll(db, sql: "SELECT endpoint, p256dh, auth FROM pushTarget ORDER BY createdAt").map {
                PushTarget(endpoint: $0[0], p256dh: $0[1], auth: $0[2])
            }
        }
    }

    public func addPushTarget(_ target: PushTarget, at date: Date) async throws {
        try await write { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO pushTarget (endpoint, p256dh, auth, createdAt) VALUES (?, ?, ?, ?)",
                arguments: [target.endpoint, target.p256dh, target.auth, date])
        }
    }

    public func removePushTarget(endpoint: String) async throws {
        try await write { db in
            try db.execute(sql: "DELETE FROM pushTarget WHERE endpoint = ?", arguments: [endpoint])
        }
    }

    public func claimReminder(key: String, at date: Date) async throws -> Bool {
        try await write { db in
            try db.execute(
                sql: "INSERT OR IGNORE INTO reminderSent (key, sentAt) VALUES (?, ?)", arguments: [key, date])
            return db.changesCount == 1
        }
    }

    public func remindersCheckedThrough() async throws -> Date? {
        try await writer.read { db in
            try Date.fetchOne(db, sql: "SELECT checkedThrough FROM reminderSettings WHERE id = 1")
        }
    }

    public func setRemindersCheckedThrough(_ date: Date) async throws {
        try await write { db in
            try db.execute(
                sql: """
                    INSERT INTO reminderSettings (id, journalTime, blockStart, focusFinished, inPage, webPush, ntfyURL,
                      checkedThrough)
                    VALUES (1, NULL, 0, 0, 1, 0, '', ?)
                    ON CONFLICT(id) DO UPDATE SET checkedThrough = excluded.checkedThrough
                    """, arguments: [date])
        }
    }
}
