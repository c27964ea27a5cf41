import DaybookCore
import DaybookFeatures
import DaybookTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import DaybookWeb

@Suite("Trackers and widgets over HTTP")
struct TrackerWidgetTests {
    func send(
        _ browser: inout Browser, _ method: HTTPRequest.Method, _ path: String, _ json: String? = nil,
        headers: HTTPFields = [:]
    ) async throws -> TestResponse {
        var headers = headers
        if json != nil { headers[.contentType] = "application/json" }
        return try await browser.send(path, method: method, headers: headers, body: json.map { ByteBuffer(string: $0) })
    }

    func object(_ response: TestResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(response.text.utf8)) as? [String: Any])
    }

    @Test("trackers through the API: create, note values of each kind, toggle; bad values are 4xx and change nothing")
    func api() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        try await app.browse { browser in
            let water = try object(
                try await send(
                    &browser, .post, "/api/v1/trackers",
                    #"{"name":"Water","kind":"number","unit":"litres","target":{"comparison":"atLeast","value":2}}"#))
            let id = try #require(water["id"] as? String)
            let duplicate = try await send(&browser, .post, "/api/v1/trackers", #"{"name":"water","kind":"boolean"}"#)
            #expect(duplicate.status == .conflict)
            #expect(duplicate.text.contains("duplicateName"))

            let set = try await send(&browser, .put, "/api/v1/trackers/\(id)/values/today", #"{"value":2.5}"#)
            #expect(set.status == .ok)
            #expect(try object(set)["label"] as? String == "2.5 L")
            #expect(try object(set)["met"] as? Bool == true)
            let text = try await send(&browser, .put, "/api/v1/trackers/\(id)/values/today", #"{"value":"lots"}"#)
            #expect(text.status == .badRequest)
            let past = try await send(&browser, .put, "/api/v1/trackers/\(id)/values/2026-11-19", #"{"value":1}"#)
            #expect(past.status == .ok)
            let future = try await send(&browser, .put, "/api/v1/trackers/\(id)/values/2026-11-22", #"{"value":1}"#)
            #expect(future.status == .notFound)
            let unknown = try await send(&browser, .put, "/api/v1/trackers/nope/values/today", #"{"value":1}"#)
            #expect(unknown.status == .notFound)
            // Whether a value fits depends on the stored tracker's kind: a conflict with what is stored.
            let flagForNumber = try await send(
                &browser, .put, "/api/v1/trackers/\(id)/values/today", #"{"value":true}"#)
            #expect(flagForNumber.status == .conflict)
            // There is one road to a day's value: the value, never a flip.
            #expect(try await send(&browser, .post, "/api/v1/trackers/\(id)/toggle", "{}").status == .notFound)

            let values = try object(try await browser.get("/api/v1/trackers/\(id)/values?from=2026-11-01"))
            let days = try #require(values["values"] as? [[String: Any]])
            #expect(days.map { $0["date"] as? String } == ["2026-11-19", "2026-11-21"])
            #expect(days.map { $0["value"] as? Double } == [1, 2.5])

            let energy = try object(
                try await send(&browser, .post, "/api/v1/trackers", #"{"name":"Energy","kind":"rating"}"#))
            let energyID = try #require(energy["id"] as? String)
            let seven = try await send(&browser, .put, "/api/v1/trackers/\(energyID)/values/today", #"{"value":7}"#)
            #expect(seven.status == .conflict)
            #expect(seven.text.contains("A rating is a whole number from 1 to 5."))
            let list = try object(try await browser.get("/api/v1/trackers"))
            let trackers = try #require(list["trackers"] as? [[String: Any]])
            #expect(trackers.map { $0["name"] as? String } == ["Water", "Energy"])
            let energyToday = try #require(trackers[1]["today"] as? [String: Any])
            #expect(energyToday["value"] is NSNull)

            let reordered = try object(
                try await send(&browser, .put, "/api/v1/trackers/order", #"{"ids":["\#(energyID)","\#(id)"]}"#))
            #expect((reordered["trackers"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Energy", "Water"])
        }
    }

    @Test("Today's slots save each kind through plain forms: a toggle, stars, a duration")
    func todayForms() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        let trackers = app.services.trackerInteractor(try #require(app.database))
        let walk = try await trackers.create(Trackers.Draft(name: "Walk", kind: "boolean")).tracker
        let energy = try await trackers.create(Trackers.Draft(name: "Energy", kind: "rating")).tracker
        let reading = try await trackers.create(Trackers.Draft(name: "Reading", kind: "duration")).tracker
        try await app.browse { browser in
            let today = try await browser.get("/")
            #expect(today.text.contains(#"id="tracker-\#(walk.id)""#))
            #expect(today.text.contains(#"aria-label="4 stars for Energy""#))
            let toggled = try await browser.post(
                "/trackers/\(walk.id)/values/2026-11-21", form: ["value": "1", "back": "/"])
            #expect(toggled.status == .seeOther)
            #expect(toggled.headers[.location] == "/#tracker-\(walk.id)")
            try await browser.post("/trackers/\(energy.id)/values/2026-11-21", form: ["value": "4", "back": "/"])
            try await browser.post(
                "/trackers/\(reading.id)/values/2026-11-21", form: ["hours": "1", "minutes": "15", "back": "/"])
            let bad = try await browser.post(
                "/trackers/\(reading.id)/values/2026-11-21", form: ["hours": "1", "minutes": "75", "back": "/"])
            #expect(bad.status == .unprocessableContent)
            #expect(bad.text.contains("Give a length of time from 0 to 24 hours"))
            let away = try await browser.post(
                "/trackers/\(walk.id)/values/2026-11-21", form: ["value": "0", "back": "https://elsewhere.example/"])
            #expect(away.headers[.location] == "/#tracker-\(walk.id)")
            let after = try await browser.get("/")
            #expect(after.text.contains(#"<span class="slot-value" id="value-\#(energy.id)">4 of 5</span>"#))
            #expect(after.text.contains(#"<span class="slot-value" id="value-\#(reading.id)">1 h 15 min</span>"#))
            #expect(after.text.contains(#"<span class="slot-value" id="value-\#(walk.id)">Not done</span>"#))
        }
    }

    @Test(
        "a widget token reaches the widgets and ticks a yes/no tracker for today, nothing else; revoked and expired tokens are refused"
    )
    func widgetTokens() async throws {
        let clock = ManualClock(.iso("2026-11-21T08:30:00+09:00"))
        let app = try await TestApp.make(host: "0.0.0.0", settings: Fixtures.settings(), clock: clock)
        let database = try #require(app.database)
        let access = app.services.accessInteractor(database)
        try await access.setPassphrase("correct horse battery")
        let widget = try await access.createToken(name: "Kitchen", scope: .widgets, lifetime: .month).secret
        let full = try await access.createToken(name: "Laptop").secret
        let walk = try await app.services.trackerInteractor(database).create(
            Trackers.Draft(name: "Walk", kind: "boolean")).tracker
        try await app.browse { browser in
            let bearer: HTTPFields = [.authorization: "Bearer \(widget)"]
            #expect(try await browser.get("/api/v1/widgets/small", headers: bearer).status == .ok)
            #expect(try await browser.get("/widgets/tracker.svg?token=\(widget)").status == .ok)
            #expect(try await browser.get("/widgets/small?token=\(widget)").status == .ok)
            // Anything else is refused, and says why.
            let tasks = try await browser.get("/api/v1/tasks", headers: bearer)
            #expect(tasks.status == .forbidden)
            #expect(tasks.text.contains("widget token"))
            #expect(try await browser.get("/api/v1/trackers", headers: bearer).status == .forbidden)
            #expect(try await browser.get("/journal?token=\(widget)").status == .seeOther)
            let write = try await send(
                &browser, .patch, "/api/v1/trackers/\(walk.id)", #"{"name":"Run"}"#, headers: bearer)
            #expect(write.status == .forbidden)
            #expect(
                try await database.trackerValues(
                    trackerID: walk.id, from: .init(year: 2026, month: 11, day: 1)!,
                    through: .init(year: 2026, month: 11, day: 30)!
                ).isEmpty)
            // Ticking a yes/no tracker for today works without a form token: the widget token vouches for it. It sets
            // the value, so the same tap twice is still done.
            for _ in 0..<2 {
                let ticked = try await send(
                    &browser, .put, "/api/v1/trackers/\(walk.id)/values/today", #"{"value":true}"#, headers: bearer)
                #expect(ticked.status == .ok)
                #expect(try object(ticked)["label"] as? String == "Done")
            }
            // Nothing else: another day, a number, or a tracker of another kind.
            let yesterday = try await send(
                &browser, .put, "/api/v1/trackers/\(walk.id)/values/2026-11-20", #"{"value":true}"#, headers: bearer)
            #expect(yesterday.status == .forbidden)
            #expect(yesterday.text.contains("only tick a yes"))
            let water = try await app.services.trackerInteractor(database).create(
                Trackers.Draft(name: "Water", kind: "number")
            ).tracker
            #expect(
                try await send(
                    &browser, .put, "/api/v1/trackers/\(water.id)/values/today", #"{"value":2}"#, headers: bearer
                ).status == .forbidden)
            #expect(
                try await send(
                    &browser, .put, "/api/v1/trackers/\(water.id)/values/today", #"{"value":true}"#, headers: bearer
                ).status == .conflict)
            let page = try await browser.send(
                "/widgets/toggle?token=\(widget)&tracker=\(walk.id)", method: .post,
                headers: [.contentType: "application/x-www-form-urlencoded"], body: ByteBuffer(string: "value=off"))
            #expect(page.status == .seeOther)
            #expect(page.headers[.location] == "/widgets/tracker?token=\(widget)&tracker=\(walk.id)")
            #expect(try await app.services.trackerInteractor(database).list().todayValues[walk.id] == nil)
            #expect(
                try await browser.get("/api/v1/trackers", headers: [.authorization: "Bearer \(full)"]).status == .ok)

            clock.advance(by: 31 * 86_400)
            let expired = try await browser.get("/api/v1/widgets/small", headers: bearer)
            #expect(expired.status == .unauthorized)
            #expect(expired.text.contains("expired"))
            let id = try #require(try await access.tokens().first { $0.name == "Laptop" }?.id)
            try await access.revokeToken(id: id)
            #expect(
                try await browser.get("/api/v1/trackers", headers: [.authorization: "Bearer \(full)"]).status
                    == .unauthorized)
        }
    }

    @Test("a GET of the toggle asks first and changes nothing; the POST toggles and reaches every page")
    func toggleConfirm() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        let database = try #require(app.database)
        let walk = try await app.services.trackerInteractor(database).create(
            Trackers.Draft(name: "Walk", kind: "boolean")).tracker
        let stream = await app.services.events.subscribe()
        try await app.browse { browser in
            let confirm = try await browser.get("/widgets/toggle")
            #expect(confirm.status == .ok)
            #expect(confirm.text.contains("Mark Walk done for today?"))
            #expect(try await app.services.trackerInteractor(database).list().todayValues.isEmpty)
            #expect(confirm.text.contains(#"name="value" value="on""#))
            // A double tap on the confirmation (or the widget) sets done twice: still done, never back.
            for _ in 0..<2 {
                let done = try await browser.post("/widgets/toggle?tracker=\(walk.id)", form: ["value": "on"])
                #expect(done.status == .seeOther)
            }
            // A form from before this change says to reload, and changes nothing.
            let outdated = try await browser.post("/widgets/toggle?tracker=\(walk.id)", form: [:])
            #expect(outdated.status == .badRequest)
            #expect(outdated.text.contains("Reload it and tap again"))
            let widget = try await browser.get("/widgets/tracker?tracker=\(walk.id)")
            #expect(widget.text.contains(#"id="widget-toggle" aria-pressed="true">Mark Walk not done"#))
            #expect(widget.text.contains(#"name="value" value="off""#))
            #expect(widget.headers[.contentSecurityPolicy]?.contains("frame-ancestors *") == true)
            #expect(widget.headers[HTTPField.Name("X-Frame-Options")!] == nil)
            #expect(try await browser.get("/").headers[HTTPField.Name("X-Frame-Options")!] == "DENY")
            // Without the form token a toggle is refused.
            let forged = try await browser.post(
                "/widgets/toggle?tracker=\(walk.id)", form: ["value": "off"], csrf: "wrong")
            #expect(forged.status == .forbidden)
        }
        var iterator = stream.makeAsyncIterator()
        #expect(await iterator.next() == .trackers)
    }

    @Test("the SVG images are self-contained: a title, escaped text, no script or link, a cell per day")
    func svg() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        let database = try #require(app.database)
        let trackers = app.services.trackerInteractor(database)
        let walk = try await trackers.create(Trackers.Draft(name: "Walk <&> \"run\"", kind: "boolean")).tracker
        try await trackers.setValue(.flag(true), trackerID: walk.id, day: "2026-11-20")
        try await app.browse { browser in
            for name in ["small", "medium", "circular", "rectangular", "tracker"] {
                let image = try await browser.get("/widgets/\(name).svg")
                #expect(image.status == .ok)
                #expect(image.headers[.contentType] == "image/svg+xml; charset=utf-8")
                #expect(image.headers[HTTPField.Name("Cross-Origin-Resource-Policy")!] == "cross-origin")
                let svg = image.text
                #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
                #expect(svg.hasSuffix("</svg>"))
                #expect(svg.contains(#"<title id="widget-title">"#))
                #expect(!svg.contains("<script") && !svg.contains("href"))
            }
            let grid = try await browser.get("/widgets/tracker.svg").text
            #expect(grid.contains("Walk &lt;&amp;&gt; &quot;run&quot;"))
            #expect(!grid.contains("Walk <&>"))
            // November 2026 in weeks from Monday: 6 rows of 7 cells, the 20th met, the 21st today.
            #expect(grid.matches(of: /class="day"/).count == 42)
            #expect(grid.contains(#"data-day="2026-11-20" data-met="true""#))
            #expect(try await browser.get("/widgets/nonsense.svg").status == .notFound)
            #expect(try await browser.get("/api/v1/widgets/nonsense").status == .badRequest)
        }
    }

    @Test("the tracker widget needs a tracker: without one it says how to add one")
    func noTracker() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        try await app.browse { browser in
            let answer = try await browser.get("/api/v1/widgets/tracker")
            #expect(answer.status == .conflict)
            #expect(answer.text.contains("Add one under Trackers"))
            #expect(try await browser.get("/widgets/tracker").status == .conflict)
        }
    }
}
