import DaybookCore
import DaybookFeatures
import DaybookStore
import DaybookTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import DaybookWeb

/// Changes made on a phone while offline reach the server later than changes made since on another device: for
/// tracker values and Daily Log fields, the change the person made later wins, whichever arrives last. The test
/// clock reads 2026-11-21 08:30 in Seoul (23:30 UTC the day before).
@Suite("the later change wins")
struct LaterChangeWinsTests {
    static let madeAt = HTTPField.Name("Daybook-Made-At")!
    /// 07:00 in Seoul: on the train, before the desktop's change at 08:30.
    static let onTheTrain: HTTPFields = [madeAt: "2026-11-20T22:00:00Z"]
    static let day = DayKey(string: "2026-11-21")!

    @Test("a Daily Log sent late keeps the fields changed since and adds the ones only it changed")
    func dailyLog() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        let nothing = DailyLog.fingerprint("")
        try await app.browse { browser in
            try await browser.get("/log")
            // The desktop, at 08:30: a mood, and a reflection.
            try await browser.post(
                "/log/2026-11-21",
                form: [
                    "mood": "5", "reflection": "Written at the desk.", "was.sleepQuality": "", "was.mood": "",
                    "was.reflection": nothing,
                ])
            // The phone's change from 07:00, made on the page as it was then (nothing noted): a mood, which the
            // desktop changed later, and sleep, which nobody else touched; its reflection field was left empty.
            let late = try await browser.post(
                "/log/2026-11-21",
                form: [
                    "sleepQuality": "2", "mood": "3", "reflection": "", "was.sleepQuality": "", "was.mood": "",
                    "was.reflection": nothing,
                ], headers: Self.onTheTrain)
            #expect(late.status == .seeOther)
            // The page the phone now loads sends back what it shows, so a save there changes only what is edited.
            let page = try await browser.get("/log/2026-11-21").text
            #expect(page.contains(#"name="was.mood" value="5""#))
            #expect(page.contains(#"name="was.reflection" value="\#(DailyLog.fingerprint("Written at the desk."))""#))
        }
        let log = try #require(try await app.database?.dailyLog(on: Self.day))
        #expect(log.mood == 5)
        #expect(log.sleepQuality == 2)
        #expect(log.reflection == "Written at the desk.")
    }

    @Test("a reflection written offline arrives even after the desktop changed the mood")
    func reflectionArrives() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        try await app.browse { browser in
            try await browser.get("/log")
            try await browser.send(.patch, "/api/v1/logs/2026-11-21", json: #"{"mood": 4}"#)
            try await browser.post(
                "/log/2026-11-21",
                form: [
                    "mood": "", "reflection": "Rain on the window.", "was.sleepQuality": "", "was.mood": "",
                    "was.reflection": DailyLog.fingerprint(""),
                ], headers: Self.onTheTrain)
        }
        let log = try #require(try await app.database?.dailyLog(on: Self.day))
        #expect(log.reflection == "Rain on the window.")
        #expect(log.mood == 4)
    }

    @Test("the sleep answer given before midnight and sent the next morning goes to that night's day")
    func sleepBeforeMidnight() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        try await app.browse { browser in
            try await browser.get("/")
            // 23:50 on the 20th in Seoul.
            let sent = try await browser.post(
                "/today/sleep", form: ["quality": "4"], headers: [Self.madeAt: "2026-11-20T14:50:00.250Z"])
            #expect(sent.status == .seeOther)
        }
        #expect(try await app.database?.dailyLog(on: DayKey(string: "2026-11-20")!)?.sleepQuality == 4)
        #expect(try await app.database?.dailyLog(on: Self.day) == nil)
    }

    @Test("a tracker value changed on the desktop is not undone by an older change sent later")
    func trackerValue() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        let database = try #require(app.database)
        let trackers = app.services.trackerInteractor(database)
        let walk = try await trackers.create(Trackers.Draft(name: "Walk", kind: "boolean")).tracker
        let water = try await trackers.create(Trackers.Draft(name: "Water", kind: "number")).tracker
        try await app.browse { browser in
            try await browser.get("/")
            // The desktop ticks the walk at 08:30; the phone's untick from 07:00 arrives after it.
            try await browser.post("/trackers/\(walk.id)/values/2026-11-21", form: ["value": "1", "back": "/"])
            let late = try await browser.post(
                "/trackers/\(walk.id)/values/2026-11-21", form: ["clear": "1", "back": "/"], headers: Self.onTheTrain)
            #expect(late.status == .seeOther)
            // A value nobody changed since is the phone's.
            try await browser.post(
                "/trackers/\(water.id)/values/2026-11-21", form: ["value": "6", "back": "/"], headers: Self.onTheTrain)
            // Through the API the same.
            let api = try await browser.send(
                "/api/v1/trackers/\(walk.id)/values/2026-11-21", method: .put,
                headers: [.contentType: "application/json", Self.madeAt: "2026-11-20T21:00:00Z"],
                body: ByteBuffer(string: #"{"value": false}"#))
            #expect(api.status == .ok)
            // The answer has the value that stands, and says it.
            let standing = try jsonObject(api)
            #expect(standing["value"] as? Double == 1 && standing["met"] as? Bool == true)
            #expect(standing["say"] as? String == "Walk done")
        }
        #expect(try await database.trackerValues(trackerID: walk.id, from: Self.day, through: Self.day)[Self.day] == 1)
        #expect(try await database.trackerValues(trackerID: water.id, from: Self.day, through: Self.day)[Self.day] == 6)
    }

    @Test("a change made now always applies, even over a value stamped later (a demo or an import)")
    func liveChangeApplies() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        let database = try #require(app.database)
        let walk = try await app.services.trackerInteractor(database).create(
            Trackers.Draft(name: "Walk", kind: "boolean")).tracker
        // Kept with this evening's time, as generated data is.
        try await database.setTrackerValue(
            1, trackerID: walk.id, on: Self.day, at: .iso("2026-11-21T21:00:00+09:00"), madeAt: nil)
        try await app.browse { browser in
            try await browser.get("/")
            try await browser.post("/trackers/\(walk.id)/values/2026-11-21", form: ["clear": "1", "back": "/"])
        }
        #expect(try await database.trackerValues(trackerID: walk.id, from: Self.day, through: Self.day).isEmpty)
    }

    @Test("a made-at that is not a time is refused with a reason, and nothing is written")
    func badMadeAt() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings(language: .korean))
        try await app.browse { browser in
            try await browser.get("/log")
            let refused = try await browser.post(
                "/log/2026-11-21", form: ["mood": "4"], headers: [Self.madeAt: "yesterday"])
            #expect(refused.status == .badRequest)
            #expect(refused.text.contains(#""code":"invalidMadeAt""#))
            #expect(refused.text.contains(Fixtures.localizer(.korean)("api.error.invalidMadeAt")))
        }
        #expect(try await app.database?.dailyLog(on: Self.day) == nil)
    }

    @Test("the made-at time is read as RFC 3339 says, and nothing else is taken for a time")
    func rfc3339() {
        let seoul = MadeAt.parse("2026-11-25T08:14:00+09:00")
        #expect(seoul == MadeAt.parse("2026-11-24T23:14:00Z"))
        #expect(MadeAt.parse("2026-11-24t23:14:00z") == seoul)
        #expect(MadeAt.parse("2026-11-24T23:14:00.250Z") == seoul.map { $0.addingTimeInterval(0.25) })
        #expect(MadeAt.parse("2026-11-24T18:44:00-04:30") == seoul)
        #expect(MadeAt.parse("2016-12-31T23:59:60Z") == MadeAt.parse("2016-12-31T23:59:59Z"))
        for bad in [
            "yesterday", "2026-11-24 23:14:00Z", "2026-13-01T00:00:00Z", "2026-02-30T00:00:00Z",
            "2026-11-24T24:00:00Z", "2026-11-24T23:14:00", "2026-11-24T23:14:00+9:00", "1795594440",
        ] {
            #expect(MadeAt.parse(bad) == nil, "\(bad)")
        }
    }
}
