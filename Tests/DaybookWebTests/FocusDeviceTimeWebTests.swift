import DaybookCore
import DaybookTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import DaybookWeb

@Suite("Focus form posts sent from a device's outbox, with the time the person acted")
struct FocusDeviceTimeWebTests {
    static let key = HTTPField.Name("Idempotency-Key")!
    let nine = Date.iso("2026-11-21T09:00:00+09:00")

    /// The form as a device's outbox keeps it: the same bytes every time it is sent.
    func post(_ browser: inout Browser, _ action: String, at date: Date, key: String) async throws -> TestResponse {
        let csrf = browser.cookies["daybook_csrf"] ?? ""
        return try await browser.send(
            "/focus/\(action)", method: .post,
            headers: [
                .contentType: "application/x-www-form-urlencoded", Self.key: key,
                MadeAt.header: Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(date),
            ],
            body: ByteBuffer(string: "csrf=\(csrf)&minutes=25&sound=none"))
    }

    @Test("start, pause, resume and stop replayed twice with their keys: one session, at the device's times")
    func replayedTwice() async throws {
        let clock = ManualClock(nine.addingTimeInterval(2 * 3600))
        let app = try await TestApp.make(settings: Fixtures.settings(), clock: clock)
        try await app.browse { browser in
            try await browser.get("/focus")
            let actions = [("start", 0.0), ("pause", 300.0), ("resume", 420.0), ("stop", 900.0)]
            let keys = actions.map { _ in UUID().uuidString }
            for _ in 0..<2 {
                for ((action, offset), key) in zip(actions, keys) {
                    let answer = try await post(&browser, action, at: nine.addingTimeInterval(offset), key: key)
                    #expect(answer.status == .seeOther, "\(action): \(answer.text)")
                }
                clock.advance(by: 60)
            }
            try await expectOneSessionAtTheTapsTimes(app)
        }
    }

    /// Start at nine, pause at 9:05, resume at 9:07, stop at 9:15: one session, 13 minutes focused, 2 paused.
    func expectOneSessionAtTheTapsTimes(_ app: TestApp) async throws {
        let database = try #require(app.database)
        let sessions = try await database.sessions(in: DateInterval(start: nine, duration: 86_400))
        #expect(sessions.count == 1)
        #expect(sessions.first?.startedAt == nine)
        #expect(sessions.first?.endedAt == nine.addingTimeInterval(900))
        #expect(sessions.first?.focusedSeconds == 780)
        #expect(sessions.first?.pausedSeconds == 120)
    }

    @Test("the API's start, pause, resume and stop sent twice with their keys: one session, at the device's times")
    func apiReplayedTwice() async throws {
        let clock = ManualClock(nine.addingTimeInterval(2 * 3600))
        let app = try await TestApp.make(settings: Fixtures.settings(), clock: clock)
        try await app.application.test(.router) { client in
            // Given four actions a page kept while the server was away, each with its key and the time of its tap,
            let actions = [
                ("start", 0.0, #"{"minutes":25,"sound":"none"}"#), ("pause", 300.0, "{}"),
                ("resume", 420.0, "{}"), ("stop", 900.0, "{}"),
            ]
            let keys = actions.map { _ in UUID().uuidString }
            // when the outbox sends them, and then sends them again,
            for _ in 0..<2 {
                for ((action, offset, body), key) in zip(actions, keys) {
                    let made = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
                        .format(nine.addingTimeInterval(offset))
                    let answer = try await client.execute(
                        uri: "/api/v1/focus/\(action)", method: .post,
                        headers: [.contentType: "application/json", Self.key: key, MadeAt.header: made],
                        body: ByteBuffer(string: body))
                    #expect(answer.status == .ok, "\(action): \(String(buffer: answer.body))")
                }
                clock.advance(by: 60)
            }
            // then one session is recorded, at the times the person acted.
            try await expectOneSessionAtTheTapsTimes(app)
        }
    }

    @Test("a pause dated before the start or in the future is a 422 page saying why; a time that is not one, a 400")
    func refused() async throws {
        let clock = ManualClock(nine.addingTimeInterval(600))
        let app = try await TestApp.make(settings: Fixtures.settings(), clock: clock)
        try await app.browse { browser in
            try await browser.get("/focus")
            _ = try await post(&browser, "start", at: nine, key: UUID().uuidString)
            let early = try await post(&browser, "pause", at: nine.addingTimeInterval(-5), key: UUID().uuidString)
            #expect(early.status == .unprocessableContent)
            #expect(
                early.text.contains("before the timer&#39;s last change")
                    || early.text.contains("before the timer's last change"))
            let garbled = try await browser.post("/focus/stop", form: [:], headers: [MadeAt.header: "yesterday"])
            #expect(garbled.status == .badRequest)
            #expect(garbled.text.contains(#""code":"invalidMadeAt""#))
            let future = try await post(&browser, "stop", at: nine.addingTimeInterval(3600), key: UUID().uuidString)
            #expect(future.status == .unprocessableContent)
            #expect(future.text.contains("dated in the future"))
            // Nothing changed: the timer still runs from 09:00.
            let timer = try await #require(app.database).loadTimer()
            #expect(timer.phase == .running)
            #expect(timer.startedAt == nine)
        }
    }
}
