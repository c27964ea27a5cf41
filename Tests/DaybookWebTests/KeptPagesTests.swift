import DaybookCore
import DaybookStore
import DaybookTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import DaybookWeb

/// Pages are kept between visits only while nothing they show can have changed.
@Suite("Kept pages")
struct KeptPagesTests {
    func block(_ page: String) -> String {
        page.components(separatedBy: #"id="due-when">"#).dropFirst().first?.components(separatedBy: "<").first ?? ""
    }

    @Test("Today follows the clock minute by minute and shows a new task at once")
    func todayFollowsClockAndWrites() async throws {
        let clock = ManualClock(.iso("2026-11-21T08:40:00+09:00"))
        let app = try await TestApp.make(settings: Fixtures.settings(), clock: clock)
        try await app.database?.saveTask(
            PlannedTask(
                id: "t1", title: "Write", day: DayKey(string: "2026-11-21")!, start: TimeOfDay(minutes: 540),
                durationMinutes: 60))
        try await app.browse { browser in
            #expect(block(try await browser.get("/").text) == "Starts in 20 min")
            #expect(block(try await browser.get("/").text) == "Starts in 20 min")
            clock.advance(by: 30)
            #expect(block(try await browser.get("/").text) == "Starts in 20 min")
            clock.advance(by: 60)
            #expect(block(try await browser.get("/").text) == "Starts in 19 min")
            clock.advance(by: 25 * 60)
            #expect(block(try await browser.get("/").text) == "Now · 54 min left")
            // A task added elsewhere shows on the next visit, in the same minute.
            try await app.database?.saveTask(
                PlannedTask(id: "t2", title: "Read the news", day: DayKey(string: "2026-11-21")!))
            #expect(try await browser.get("/").text.contains("Read the news"))
        }
    }

    @Test("the tasks API answers a write at once, and another day with that day's tasks")
    func tasksAnswerFollowsWrites() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        try await app.browse { browser in
            let before = try await browser.get("/api/v1/tasks?date=2026-11-21").text
            #expect(!before.contains("Write"))
            try await app.database?.saveTask(
                PlannedTask(id: "t1", title: "Write", day: DayKey(string: "2026-11-21")!))
            #expect(try await browser.get("/api/v1/tasks?date=2026-11-21").text.contains("Write"))
            #expect(!(try await browser.get("/api/v1/tasks?date=2026-11-22").text.contains("Write")))
        }
    }

    /// The timer's phase and clock, as `GET /api/v1/focus` answers them.
    func display(_ browser: inout Browser) async throws -> String? {
        let text = try await browser.get("/api/v1/focus").text
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        return object?["phase"].map { "\($0) \(object?["display"] ?? "")" }
    }

    @Test("the timer's answer moves with the clock second by second and shows a start at once")
    func focusAnswerFollowsClockAndWrites() async throws {
        let clock = ManualClock(.iso("2026-11-21T09:00:00+09:00"))
        let app = try await TestApp.make(settings: Fixtures.settings(), clock: clock)
        try await app.browse { browser in
            #expect(try await display(&browser)?.hasPrefix("idle") == true)
            _ = try await browser.send(
                "/api/v1/focus/start", method: .post, headers: [.contentType: "application/json"],
                body: ByteBuffer(string: #"{"minutes": 25}"#))
            #expect(try await display(&browser) == "running 25:00")
            clock.advance(by: 1)
            #expect(try await display(&browser) == "running 24:59")
            clock.advance(by: 0.05)
            #expect(try await display(&browser) == "running 24:59")
            clock.advance(by: 60)
            #expect(try await display(&browser) == "running 23:59")
        }
    }

    /// The form tokens in a page, as `<input type="hidden" name="csrf" value="…">` carries them.
    func formTokens(_ page: String) -> Set<String> {
        Set(
            page.components(separatedBy: #"name="csrf" value=""#).dropFirst().map {
                String($0.prefix { $0 != "\"" })
            })
    }

    @Test("two browsers on one kept Journal page each get their own form token, and a tag added with it is saved")
    func keptPageCarriesEachBrowsersToken() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        try await app.browse { browser in
            let created = try await browser.send(
                "/api/v1/entries", method: .post, headers: [.contentType: "application/json"],
                body: ByteBuffer(string: #"{"title":"Harbour","body":"Gulls.","tags":["sea"]}"#))
            let id = try #require(
                (try JSONSerialization.jsonObject(with: Data(created.text.utf8)) as? [String: Any])?["id"] as? String)
            var other = Browser(client: browser.client)
            let first = formTokens(try await browser.get("/journal").text)
            let second = formTokens(try await other.get("/journal").text)
            let firstCookie = try #require(browser.cookies["daybook_csrf"])
            let secondCookie = try #require(other.cookies["daybook_csrf"])
            #expect(firstCookie != secondCookie)
            #expect(first == [firstCookie])
            #expect(second == [secondCookie])
            // The first browser's page, shown again from the kept copy, still has its own token.
            #expect(formTokens(try await browser.get("/journal").text) == [firstCookie])
            let added = try await other.post("/journal/\(id)/tags", form: ["tag": "walk"], csrf: second.first)
            #expect(added.status == .seeOther)
            #expect(try await other.get("/journal").text.contains("#walk"))
        }
    }
}
