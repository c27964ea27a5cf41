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

extension WebPushTests {
    /// The decrypted JSON of each message the inbox received.
    func messages(_ inbox: PushInbox) throws -> [[String: Any]] {
        try inbox.received.withLock { $0 }.map { received in
            try #require(try JSONSerialization.jsonObject(with: try decrypt(received.body)) as? [String: Any])
        }
    }

    @Test("a reminder goes out as a declarative push: its page from the public URL, the owner's language, the badge")
    func declarativeReminder() async throws {
        // Given an owner who reads Korean, has the badge on and one block left today, behind a public address
        var settings = Fixtures.settings(language: .korean)
        settings.appBadge = .leftToday
        let clock = ManualClock(.iso("2026-11-23T21:00:00+09:00"))
        let app = try await TestApp.make(
            settings: settings, clock: clock, publicURL: try PublicURL("https://daybook.home.arpa:8443"))
        let database = try #require(app.database)
        let today = DayKey(date: clock.now(), timeZone: Fixtures.seoul)
        try await database.saveTask(PlannedTask(id: "b", title: "Call mum", day: today))
        let inbox = PushInbox()
        let gone = PushInbox()
        try await inbox.server(path: "/push/{id}", status: .created).test(.live) { client in
            try await gone.server(path: "/push/{id}", status: .gone).test(.live) { goneClient in
                try await database.saveReminderSettings(
                    ReminderSettings(journalTime: TimeOfDay(hour: 21, minute: 30), inPage: false, webPush: true))
                try await database.addPushTarget(
                    PushTarget(from: subscription("http://127.0.0.1:\(client.port!)/push/phone")), at: clock.now())
                try await database.addPushTarget(
                    PushTarget(from: subscription("http://127.0.0.1:\(goneClient.port!)/push/old")), at: clock.now())
                let reminders = app.services.reminderInteractor(database)
                _ = try await reminders.run()
                // When the journal reminder falls due
                clock.advance(by: 31 * 60)
                #expect(try await reminders.run().count == 1)
            }
        }
        // Then the phone reads a declarative message, and the browser that unsubscribed is forgotten
        let message = try #require(try messages(inbox).first)
        #expect(message["web_push"] as? Int == 8030)
        #expect(message["app_badge"] as? Int == 1)
        let notification = try #require(message["notification"] as? [String: Any])
        #expect(notification["title"] as? String == "글 쓸 시간")
        #expect(notification["navigate"] as? String == "https://daybook.home.arpa:8443/journal/new")
        #expect(notification["lang"] as? String == "ko")
        #expect(notification["tag"] as? String == "journal:2026-11-23")
        #expect(notification["silent"] as? Bool == false)
        #expect(gone.received.withLock { $0.count } == 1)
        #expect(try await database.pushTargets().count == 1)
    }

    @Test("Send a test reminder: one push to every device, and the page says what became of it")
    func testReminder() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings(language: .japanese))
        let database = try #require(app.database)
        let inbox = PushInbox()
        try await inbox.server(path: "/push/{id}", status: .created).test(.live) { client in
            let endpoint = "http://127.0.0.1:\(client.port!)/push/laptop"
            let target = PushTarget(from: subscription(endpoint))
            try await app.browse { browser in
                try await browser.get("/settings/reminders")
                // No device yet: the page says how to add one.
                var sent = try await browser.post("/settings/reminders/test", form: [:])
                #expect(sent.status == .seeOther)
                var location = try #require(sent.headers[.location])
                #expect(try await browser.get(location).text.contains("まだリマインダーをオンにした端末がありません"))

                try await database.addPushTarget(target, at: Date())
                sent = try await browser.post("/settings/reminders/test", form: [:])
                location = try #require(sent.headers[.location])
                let page = try await browser.get(location)
                #expect(page.text.contains(#"id="test-result""#) && page.text.contains("1台の端末に送りました。"))

                // Without the form's token nothing is sent.
                let forged = try await browser.post("/settings/reminders/test", form: [:], csrf: "forged")
                #expect(forged.status == .forbidden)

                // The API answers the same in words and numbers.
                let tested = try await browser.send(
                    "/api/v1/push/test", method: .post, headers: [.contentType: "application/json"], body: nil)
                #expect(tested.status == .ok, "\(tested.text)")
                let answer = try jsonObject(tested)
                #expect(answer["sent"] as? Int == 1 && answer["message"] as? String == "1台の端末に送りました。")
            }
        }
        let received = try messages(inbox)
        #expect(received.count == 2)
        let notification = try #require(received.first?["notification"] as? [String: Any])
        #expect(notification["title"] as? String == "テストのリマインダー")
        #expect(notification["navigate"] as? String == "http://127.0.0.1:0/settings/reminders")
        // The badge is off: no number rides along.
        #expect(received.first?["app_badge"] == nil)
    }

    @Test("appBadge: PATCH takes off and leftToday, refuses anything else with a reason and changes nothing")
    func appBadgeSetting() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings(language: .korean))
        let database = try #require(app.database)
        try await app.browse { browser in
            #expect(try jsonObject(try await browser.get("/api/v1/badge"))["appBadge"] as? String == "off")
            let refused = try await browser.send(.patch, "/api/v1/settings", json: #"{"appBadge": "sometimes"}"#)
            #expect(refused.status == .unprocessableContent)
            let reason = try jsonObject(refused)
            let fields = (reason["error"] as? [String: Any])?["fields"] as? [String: String]
            #expect(fields?["appBadge"] == Fixtures.localizer(.korean)("error.field.unknownChoice"))
            #expect(try await database.loadSettings()?.appBadge == .off)

            let set = try await browser.send(.patch, "/api/v1/settings", json: #"{"appBadge": "leftToday"}"#)
            #expect(set.status == .ok)
            #expect((try jsonObject(set)["values"] as? [String: Any])?["appBadge"] as? String == "leftToday")
            let badge = try jsonObject(try await browser.get("/api/v1/badge"))
            #expect(badge["appBadge"] as? String == "leftToday" && badge["count"] as? Int == 0)

            // The page's form: a wrong choice is refused in the owner's language, and the time typed beside it
            // is not saved either.
            try await browser.get("/settings/reminders")
            let form = try await browser.post(
                "/settings/reminders", form: ["journalTime": "21:30", "appBadge": "always"])
            #expect(form.status == .unprocessableContent)
            #expect(form.text.contains(#"id="appBadge-error""#))
            #expect(try await database.loadReminderSettings().journalTime == nil)
            #expect(try await database.loadSettings()?.appBadge == .leftToday)
            let off = try await browser.post("/settings/reminders", form: ["journalTime": "", "appBadge": "off"])
            #expect(off.status == .seeOther)
            #expect(try await database.loadSettings()?.appBadge == .off)
        }
    }
}

extension PushTarget {
    fileprivate init(from subscription: PushSubscription) {
        self.init(endpoint: subscription.endpoint, p256dh: subscription.p256dh, auth: subscription.auth)
    }
}
