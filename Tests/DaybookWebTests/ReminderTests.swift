import Crypto
import DaybookCore
import DaybookDataFolder
import DaybookFeatures
import DaybookTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import DaybookWeb

@Suite("Reminders")
struct ReminderTests {
    @Test("the journal reminder goes out once at its time, and once after a restart that missed it")
    func journalReminder() async throws {
        let clock = ManualClock(.iso("2026-11-23T21:00:00+09:00"))
        let app = try await TestApp.make(settings: Fixtures.settings(), clock: clock)
        let database = try #require(app.database)
        try await database.saveReminderSettings(ReminderSettings(journalTime: TimeOfDay(hour: 21, minute: 30)))
        let reminders = app.services.reminderInteractor(database)
        #expect(try await reminders.run().isEmpty)
        clock.advance(by: 31 * 60)
        let sent = try await reminders.run()
        #expect(sent.map(\.title) == ["Time to write"])
        #expect(sent.first?.url == "/journal/new")
        #expect(app.services.reminderFeed.since(nil).map(\.key) == ["journal:2026-11-23"])
        #expect(try await reminders.run().isEmpty)

        // The next day the server is down from 21:00 to 21:45: on restart the missed reminder is sent, once.
        clock.advance(by: 24 * 3600 - 31 * 60)  // 21:00 the next day
        #expect(try await reminders.run().isEmpty)
        clock.advance(by: 45 * 60)
        let restarted = app.services.reminderInteractor(database)
        #expect(try await restarted.run().map(\.key) == ["journal:2026-11-24"])
        #expect(try await restarted.run().isEmpty)
        #expect(try await reminders.run().isEmpty)
    }

    @Test("a reminder reaches an ntfy topic as a titled plain-text POST")
    func ntfy() async throws {
        let inbox = PushInbox()
        let clock = ManualClock(.iso("2026-11-23T21:00:00+09:00"))
        let app = try await TestApp.make(settings: Fixtures.settings(language: .korean), clock: clock)
        let database = try #require(app.database)
        let reminders = app.services.reminderInteractor(database)
        try await inbox.server(path: "/daybook", status: .ok).test(.live) { client in
            try await database.saveReminderSettings(
                ReminderSettings(
                    journalTime: TimeOfDay(hour: 21, minute: 30), inPage: false,
                    ntfyURL: "http://127.0.0.1:\(client.port!)/daybook"))
            _ = try await reminders.run()
            clock.advance(by: 31 * 60)
            #expect(try await reminders.run().count == 1)
        }
        let received = try #require(inbox.received.withLock { $0 }.first)
        #expect(
            received.headers[HTTPField.Name("Title")!] == "=?UTF-8?B?\(Data("글 쓸 시간".utf8).base64EncodedString())?=")
        #expect(String(decoding: received.body, as: UTF8.self) == "오늘 하루는 어땠나요? 몇 줄이면 충분해요.")
        #expect(app.services.reminderFeed.since(nil).isEmpty)
    }

    @Test("reminder settings refuse a bad time or topic, and a subscription with bad keys; a good one is kept")
    func settingsAndSubscriptions() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        try await app.browse { browser in
            for bad in [#"{"journalTime": "25:00"}"#, #"{"ntfyURL": "ntfy.sh/topic"}"#] {
                #expect(try await browser.send(.patch, "/api/v1/reminders", json: bad).status == .unprocessableContent)
            }
            let set = try await browser.send(
                .patch, "/api/v1/reminders", json: #"{"journalTime": "21:30", "webPush": true}"#)
            #expect(try jsonObject(set)["journalTime"] as? String == "21:30")
            let key = try jsonObject(try await browser.get("/api/v1/push/key"))["publicKey"] as? String
            #expect(key.flatMap(Base64URL.decode)?.count == 65)

            let refused = try await browser.send(
                .post, "/api/v1/push/subscriptions",
                json: #"{"endpoint": "https://push.example/1", "keys": {"p256dh": "AAAA", "auth": "BBBB"}}"#)
            #expect(refused.status == .unprocessableContent)
            let browserKey = P256.KeyAgreement.PrivateKey().publicKey.x963Representation
            let good = """
                {"endpoint": "https://push.example/1", "keys": {"p256dh": "\(Base64URL.encode(browserKey))",                 "auth": "\(Base64URL.encode(WebPush.random(16)))"}}
                """
            #expect(try await browser.send(.post, "/api/v1/push/subscriptions", json: good).status == .noContent)
            #expect(try jsonObject(try await browser.get("/api/v1/reminders"))["subscriptions"] as? Int == 1)
            let page = try await browser.get("/settings/reminders")
            #expect(page.status == .ok && page.text.contains("1 device receives Web Push reminders."))
            let form = try await browser.post("/settings/reminders", form: ["journalTime": "late", "ntfyURL": ""])
            #expect(form.status == .unprocessableContent && form.text.contains("HH:MM"))
        }
    }
}
