import DaybookCore
import DaybookFeatures
import DaybookTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import DaybookWeb

@Suite("Focus API")
struct FocusAPITests {
    func post(_ browser: inout Browser, _ action: String, _ json: String = "") async throws -> TestResponse {
        try await browser.send(
            "/api/v1/focus/\(action)", method: .post, headers: [.contentType: "application/json"],
            body: ByteBuffer(string: json))
    }

    func object(_ response: TestResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(response.text.utf8)) as? [String: Any])
    }

    @Test("start, pause and resume through the API; the view model says what a page shows")
    func flow() async throws {
        let clock = ManualClock(.iso("2026-11-21T09:00:00+09:00"))
        let app = try await TestApp.make(settings: Fixtures.settings(), clock: clock)
        try await app.browse { browser in
            let started = try object(try await post(&browser, "start", #"{"minutes": 50, "sound": "waves"}"#))
            #expect(started["phase"] as? String == "running")
            #expect(started["display"] as? String == "50:00")
            #expect(started["sound"] as? String == "waves")
            clock.advance(by: 90)
            let paused = try object(try await post(&browser, "pause"))
            #expect(paused["display"] as? String == "48:30")
            #expect(paused["statusLabel"] as? String == "Paused")
            clock.advance(by: 600)
            let resumed = try object(try await post(&browser, "resume"))
            #expect(resumed["display"] as? String == "48:30")
            let extended = try object(try await post(&browser, "extend", #"{"minutes": 10}"#))
            #expect(extended["display"] as? String == "58:30")
            // Lock-screen controls send an empty object: five more minutes.
            let five = try object(try await post(&browser, "extend", "{}"))
            #expect(five["display"] as? String == "1:03:30")
            let stopped = try object(try await post(&browser, "stop"))
            #expect(stopped["phase"] as? String == "idle")
            #expect(stopped["todayTotal"] as? String == "1 min")
            #expect(stopped["elapsedSeconds"] as? Int == 0)
        }
    }

    @Test("an action the timer's state does not allow is a 409 with a reason; bad values are 422, a missing task 404")
    func conflicts() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings(language: .japanese))
        try await app.browse { browser in
            let pause = try await post(&browser, "pause")
            #expect(pause.status == .conflict)
            #expect(pause.text.contains(Fixtures.localizer(.japanese)("focus.error.idle")))
            #expect(try await post(&browser, "start").status == .ok)
            let again = try await post(&browser, "start")
            #expect(again.status == .conflict)
            #expect(again.text.contains("alreadyRunning"))
            _ = try await post(&browser, "stop")
            #expect(try await post(&browser, "start", #"{"sound": "thunder"}"#).status == .unprocessableContent)
            #expect(try await post(&browser, "start", #"{"minutes": 0}"#).status == .unprocessableContent)
            #expect(try await post(&browser, "start", #"{"minutes": "ten"}"#).status == .badRequest)
            #expect(try await post(&browser, "start", #"{"taskID": "nope"}"#).status == .notFound)
            // A length is checked even for a stopwatch, which does not use it.
            #expect(
                try await post(&browser, "start", #"{"minutes": 0, "stopwatch": true}"#).status == .unprocessableContent
            )
            #expect(try await post(&browser, "start", #"{"stopwatch": true, "volume": 3}"#).status == .badRequest)
        }
        #expect(try await app.database?.loadTimer() == .idle)
    }

    @Test("the watcher records a countdown that reached zero, with no page open")
    func watcherCompletesSessions() async throws {
        let clock = ManualClock(.iso("2026-11-21T09:00:00+09:00"))
        let app = try await TestApp.make(settings: Fixtures.settings(), clock: clock)
        let database = try #require(app.database)
        let watcher = Task { try await FocusWatcher(services: app.services).run() }
        defer { watcher.cancel() }
        _ = try await app.services.focusInteractor(database).start(Focus.Start.Request(minutes: 25))
        clock.advance(by: 26 * 60)
        await app.services.events.publish(.tasks)  // any change wakes the watcher, as time passing would
        var phase = FocusTimer.Phase.running
        // The watcher runs on its own task: wait (at most 5 s) for its write to land.
        for _ in 0..<1000 where phase != .finished {
            phase = try await database.loadTimer().phase
            if phase != .finished { try await Task.sleep(for: .milliseconds(5)) }
        }
        #expect(phase == .finished)
        let sessions = try await database.sessions(
            in: DateInterval(start: clock.now().addingTimeInterval(-3600), duration: 7200))
        #expect(sessions.map(\.outcome) == [.completed])
    }
}

@Suite("Ambient sound files")
struct SoundRouteTests {
    @Test("each loop is served as a WAV file with cache headers; unknown names are 404")
    func serves() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        try await app.browse { browser in
            let rain = try await browser.get("/sounds/rain.wav")
            #expect(rain.status == .ok)
            #expect(rain.headers[.contentType] == "audio/wav")
            #expect(rain.headers[.cacheControl]?.contains("max-age") == true)
            #expect(String(buffer: rain.body).hasPrefix("RIFF"))
            let etag = try #require(rain.headers[.eTag])
            #expect(try await browser.get("/sounds/rain.wav", headers: [.ifNoneMatch: etag]).status == .notModified)
            #expect(try await browser.get("/sounds/none.wav").status == .notFound)
            #expect(try await browser.get("/sounds/thunder.wav").status == .notFound)
        }
    }
}
