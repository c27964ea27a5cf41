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

    @Test("the watcher records a countdown that reached zero, with no page open", .timeLimit(.minutes(10)))
    func watcherCompletesSessions() async throws {
        let clock = ManualClock(.iso("2026-11-21T09:00:00+09:00"))
        let app = try await TestApp.make(settings: Fixtures.settings(), clock: clock)
        let database = try #require(app.database)
        let watcher = Task { try await FocusWatcher(services: app.services).run() }
        defer { watcher.cancel() }
        _ = try await app.services.focusInteractor(database).start(Focus.Start.Request(minutes: 25))
        // The watcher runs on its own task; it tells every page when it has settled the timer.
        let settled = await app.services.events.subscribe()
        clock.advance(by: 26 * 60)
        await app.services.events.publish(.tasks)  // any change wakes the watcher, as time passing would
        for await event in settled where event == .timer { break }
        #expect(try await database.loadTimer().phase == .finished)
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

    @Test("a media element's byte ranges are answered with 206, as Safari needs to play and loop a sound")
    func ranges() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        try await app.browse { browser in
            let whole = try await browser.get("/sounds/rain.wav")
            #expect(whole.headers[.acceptRanges] == "bytes")
            let length = whole.body.readableBytes
            let etag = try #require(whole.headers[.eTag])

            // Safari's first question: the first two bytes.
            let probe = try await browser.get("/sounds/rain.wav", headers: [.range: "bytes=0-1"])
            #expect(probe.status == .partialContent)
            #expect(probe.headers[.contentRange] == "bytes 0-1/\(length)")
            #expect(String(buffer: probe.body) == "RI")

            let tail = try await browser.get("/sounds/rain.wav", headers: [.range: "bytes=\(length - 10)-"])
            #expect(tail.status == .partialContent)
            #expect(tail.body.readableBytes == 10)
            #expect(tail.body == whole.body.getSlice(at: length - 10, length: 10))
            let suffix = try await browser.get("/sounds/rain.wav", headers: [.range: "bytes=-4"])
            #expect(suffix.headers[.contentRange] == "bytes \(length - 4)-\(length - 1)/\(length)")

            let beyond = try await browser.get("/sounds/rain.wav", headers: [.range: "bytes=\(length)-"])
            #expect(beyond.status == .rangeNotSatisfiable)
            #expect(beyond.headers[.contentRange] == "bytes */\(length)")

            // A range of an older file (If-Range with another tag) gets the whole new file.
            let stale = try await browser.get(
                "/sounds/rain.wav", headers: [.range: "bytes=0-1", .ifRange: "\"older\""])
            #expect(stale.status == .ok && stale.body.readableBytes == length)
            let current = try await browser.get("/sounds/rain.wav", headers: [.range: "bytes=0-1", .ifRange: etag])
            #expect(current.status == .partialContent)
        }
    }

    @Test("range headers are read as the standard says; several ranges or nonsense mean the whole body")
    func rangeParsing() {
        #expect(ByteRange.parse(nil, length: 100) == .whole)
        #expect(ByteRange.parse("bytes=0-1", length: 100) == .part(ByteRange(lower: 0, upper: 1)))
        #expect(ByteRange.parse("bytes=90-200", length: 100) == .part(ByteRange(lower: 90, upper: 99)))
        #expect(ByteRange.parse("bytes=-10", length: 100) == .part(ByteRange(lower: 90, upper: 99)))
        #expect(ByteRange.parse("bytes=-500", length: 100) == .part(ByteRange(lower: 0, upper: 99)))
        #expect(ByteRange.parse("bytes=100-", length: 100) == .unsatisfiable)
        #expect(ByteRange.parse("bytes=-0", length: 100) == .unsatisfiable)
        #expect(ByteRange.parse("bytes=0-1,5-6", length: 100) == .whole)
        #expect(ByteRange.parse("bytes=5-2", length: 100) == .whole)
        #expect(ByteRange.parse("items=0-1", length: 100) == .whole)
        #expect(ByteRange.parse("bytes=a-b", length: 100) == .whole)
    }
}
