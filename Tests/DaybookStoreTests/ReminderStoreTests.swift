import DaybookCore
import DaybookStore
import DaybookTestSupport
import Foundation
import Testing

@Suite("Reminders in the store")
struct ReminderStoreTests {
    @Test("a reminder is claimed once, also after the server restarts; settings and subscriptions are kept")
    func claimsSurviveRestarts() async throws {
        let folder = Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let now = Date(timeIntervalSince1970: 1_795_230_000)
        do {
            let database = try AppDatabase.open(folder: folder)
            #expect(try await database.loadReminderSettings() == .none)
            let settings = ReminderSettings(
                journalTime: TimeOfDay(hour: 21, minute: 30), blockStart: true, ntfyURL: "https://ntfy.example/daybook")
            try await database.saveReminderSettings(settings)
            try await database.addPushTarget(
                PushTarget(endpoint: "https://push.example/1", p256dh: "key", auth: "secret"), at: now)
            #expect(try await database.claimReminder(key: "journal:2026-11-23", at: now))
            #expect(try await database.claimReminder(key: "journal:2026-11-23", at: now) == false)
            try await database.setRemindersCheckedThrough(now)
        }
        let reopened = try AppDatabase.open(folder: folder)
        #expect(try await reopened.claimReminder(key: "journal:2026-11-23", at: now) == false)
        #expect(try await reopened.claimReminder(key: "journal:2026-11-24", at: now))
        #expect(try await reopened.loadReminderSettings().journalTime == TimeOfDay(hour: 21, minute: 30))
        #expect(try await reopened.remindersCheckedThrough() == now)
        #expect(try await reopened.pushTargets().map(\.endpoint) == ["https://push.example/1"])
        try await reopened.removePushTarget(endpoint: "https://push.example/1")
        #expect(try await reopened.pushTargets().isEmpty)
    }
}
