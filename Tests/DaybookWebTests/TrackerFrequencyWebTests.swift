import DaybookCore
import DaybookFeatures
import DaybookTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import ZIPFoundation

@testable import DaybookWeb

@Suite("Tracker frequency and note over HTTP: API, forms, the tracker page, the widget, the export")
struct TrackerFrequencyWebTests {
    static let formsMessage =
        "How often must be every day (daily), 1–7 times a week (3/week), 1–30 times a month (5/month), every 2–365 days (every-2-days), or N times in D days (2/3, N at most D, D up to 365)."

    func send(_ browser: inout Browser, _ method: HTTPRequest.Method, _ path: String, _ json: String)
        async throws -> TestResponse
    {
        try await browser.send(
            path, method: method, headers: [.contentType: "application/json"], body: ByteBuffer(string: json))
    }

    func object(_ response: TestResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(response.text.utf8)) as? [String: Any])
    }

    /// A 3-times-a-week tracker with a question, done Monday, Wednesday and Friday of the week before today
    /// (Saturday 2026-11-21).
    func runner(_ app: TestApp) async throws -> Tracker {
        let trackers = app.services.trackerInteractor(try #require(app.database))
        let run = try await trackers.create(
            Trackers.Draft(name: "Run", kind: "boolean", frequency: "3/week", note: "Did you run today?")).tracker
        for day in ["2026-11-16", "2026-11-18", "2026-11-20"] {
            try await trackers.setValue(.flag(true), trackerID: run.id, day: day)
        }
        return run
    }

    @Test(
        "the API creates, reads and changes a frequency and a note; bad ones are 422 listing the forms, and change nothing"
    )
    func api() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        try await app.browse { browser in
            // Given a tracker made with a frequency and a note
            let created = try await send(
                &browser, .post, "/api/v1/trackers",
                #"{"name":"Run","kind":"boolean","frequency":"3/week","note":"Did you run today?"}"#)
            #expect(created.status == .created)
            let run = try object(created)
            let id = try #require(run["id"] as? String)
            let frequency = try #require(run["frequency"] as? [String: Any])
            #expect(frequency["text"] as? String == "3/week")
            #expect(frequency["times"] as? Int == 3 && frequency["days"] as? Int == 7)
            #expect(frequency["label"] as? String == "3 times a week")
            #expect(run["note"] as? String == "Did you run today?")
            // A tracker made without one is daily, with no note
            let plain = try object(
                try await send(&browser, .post, "/api/v1/trackers", #"{"name":"Read","kind":"boolean"}"#))
            #expect((plain["frequency"] as? [String: Any])?["text"] as? String == "daily")
            #expect((plain["frequency"] as? [String: Any])?["label"] as? String == "Every day")
            #expect(plain["note"] == nil)

            // When it changes to every 2 days and its note is cleared
            let changed = try object(
                try await send(
                    &browser, .patch, "/api/v1/trackers/\(id)", #"{"frequency":"every-2-days","note":null}"#))
            #expect((changed["frequency"] as? [String: Any])?["label"] as? String == "Every 2 days")
            #expect(changed["note"] == nil)
            let monthly = try object(
                try await send(&browser, .patch, "/api/v1/trackers/\(id)", #"{"frequency":"5/month"}"#))
            #expect((monthly["frequency"] as? [String: Any])?["days"] as? Int == 30)

            // Then bad frequencies and notes are refused with the allowed forms, and nothing changes
            let refused: [(HTTPRequest.Method, String, String, HTTPResponse.Status, String)] = [
                (
                    .post, "/api/v1/trackers", #"{"name":"Swim","kind":"boolean","frequency":"8/week"}"#,
                    .unprocessableContent, "invalidFrequency"
                ),
                (
                    .post, "/api/v1/trackers", #"{"name":"Swim","kind":"boolean","frequency":"weekly"}"#,
                    .unprocessableContent, "invalidFrequency"
                ),
                (
                    .patch, "/api/v1/trackers/\(id)", #"{"frequency":"0/month"}"#, .unprocessableContent,
                    "invalidFrequency"
                ),
                (.patch, "/api/v1/trackers/\(id)", #"{"frequency":"4/3"}"#, .unprocessableContent, "invalidFrequency"),
                (
                    .patch, "/api/v1/trackers/\(id)", #"{"frequency":"every-400-days"}"#, .unprocessableContent,
                    "invalidFrequency"
                ),
                (.patch, "/api/v1/trackers/\(id)", #"{"frequency":3}"#, .badRequest, "wrongType"),
            ]
            for (method, path, body, status, code) in refused {
                let response = try await send(&browser, method, path, body)
                #expect(response.status == status, "\(body)")
                let error = try #require(try object(response)["error"] as? [String: Any])
                #expect(error["code"] as? String == code, "\(body)")
                if code == "invalidFrequency" { #expect(error["message"] as? String == Self.formsMessage, "\(body)") }
            }
            let long = String(repeating: "a", count: 501)
            let tooLong = try await send(&browser, .patch, "/api/v1/trackers/\(id)", #"{"note":"\#(long)"}"#)
            #expect(tooLong.status == .unprocessableContent)
            #expect((try object(tooLong)["error"] as? [String: Any])?["code"] as? String == "invalidNote")

            let list = try object(try await browser.get("/api/v1/trackers"))
            let trackers = try #require(list["trackers"] as? [[String: Any]])
            #expect(trackers.map { $0["name"] as? String } == ["Run", "Read"])
            #expect((trackers[0]["frequency"] as? [String: Any])?["text"] as? String == "5/month")
            #expect(trackers[0]["note"] == nil)
        }
    }

    @Test("the tracker page shows the frequency and the note, in English and in Korean, and covered days apart")
    func page() async throws {
        for (language, label, covered) in [
            (AppLanguage.english, "3 times a week", "covered: 3 times a week"),
            (.korean, "일주일에 3번", "채워짐: 일주일에 3번"),
        ] {
            let app = try await TestApp.make(settings: Fixtures.settings(language: language))
            let run = try await runner(app)
            try await app.browse { browser in
                let page = try await browser.get("/trackers/\(run.id)")
                #expect(page.status == .ok)
                #expect(page.text.contains(#"<span id="tracker-frequency">\#(label)</span>"#), "\(language)")
                #expect(page.text.contains(#"<p class="tracker-note" id="tracker-note">Did you run today?</p>"#))
                // Tuesday and Thursday are covered by the week's three done days; Monday is done; the 15th missed.
                for day in ["2026-11-17", "2026-11-19", "2026-11-21"] {
                    #expect(page.text.contains(#"covered" data-level="0" data-day="\#(day)""#), "\(language) \(day)")
                }
                #expect(page.text.contains(#"met" data-level="100" data-day="2026-11-16""#))
                #expect(page.text.contains(#"" data-level="0" data-day="2026-11-15""#))
                #expect(page.text.contains(covered), "\(language)")
                #expect(page.text.contains(#"id="tracker-legend""#))
                // Six days from Monday through today (covered) make the streak.
                #expect(page.text.contains(language == .english ? ">6 days<" : ">6일<"), "\(language)")
                let list = try await browser.get("/trackers")
                #expect(list.text.contains(label), "\(language)")
            }
        }
    }

    @Test("the form sets the frequency and the note without a script; a bad count is announced and changes nothing")
    func form() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        let database = try #require(app.database)
        try await app.browse { browser in
            let blank = try await browser.get("/trackers/new")
            #expect(blank.text.contains(#"<select id="frequency" name="frequency" aria-describedby="frequency-hint">"#))
            #expect(blank.text.contains(#"<option value="daily" selected>Every day</option>"#))
            #expect(blank.text.contains(#"<option value="week">Times a week</option>"#))
            #expect(blank.text.contains(#"<textarea id="note" name="note" rows="3" maxlength="500""#))

            let bad = try await browser.post(
                "/trackers/new",
                form: ["name": "Swim", "kind": "boolean", "frequency": "week", "frequencyCount": "9", "note": ""])
            #expect(bad.status == .unprocessableContent)
            #expect(
                bad.text.contains(
                    #"<input id="frequencyCount" name="frequencyCount" value="9" autocomplete="off" maxlength="3" aria-describedby="frequencyCount-hint frequencyCount-error" aria-invalid="true">"#
                ))
            #expect(bad.text.contains(#"<p class="field-error" id="frequencyCount-error">\#(Self.formsMessage)</p>"#))
            #expect(bad.text.contains(#"<option value="week" selected>Times a week</option>"#))
            #expect(try await database.trackers().isEmpty)

            let made = try await browser.post(
                "/trackers/new",
                form: [
                    "name": "Swim", "kind": "boolean", "frequency": "week", "frequencyCount": " 2 ",
                    "note": "  Laps, not minutes.  ",
                ])
            #expect(made.status == .seeOther)
            let swim = try #require(try await database.trackers().first)
            #expect(swim.frequency.text == "2/week")
            #expect(swim.note == "Laps, not minutes.")

            let edit = try await browser.get("/trackers/\(swim.id)/edit")
            #expect(edit.text.contains(#"<option value="week" selected>Times a week</option>"#))
            #expect(edit.text.contains(#"name="frequencyCount" value="2""#))
            #expect(edit.text.contains(">Laps, not minutes.</textarea>"))
            let daily = try await browser.post(
                "/trackers/\(swim.id)/edit",
                form: ["name": "Swim", "frequency": "daily", "frequencyCount": "2", "note": ""])
            #expect(daily.status == .seeOther)
            let saved = try #require(try await database.tracker(id: swim.id))
            #expect(saved.frequency == .daily)
            #expect(saved.note == nil)
        }
    }

    @Test("the tracker widget marks covered days apart from done ones, in its JSON and its picture")
    func widget() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        let run = try await runner(app)
        try await app.browse { browser in
            let timeline = try object(try await browser.get("/api/v1/widgets/tracker?tracker=\(run.id)"))
            let entries = try #require(timeline["entries"] as? [[String: Any]])
            let grid = try #require(entries.first?["content"] as? [String: Any])
            let cells = try #require((grid["weeks"] as? [[[String: Any]]])?.flatMap { $0 })
            let covered = cells.filter { $0["isCovered"] as? Bool == true }.compactMap { $0["day"] as? String }
            let met = cells.filter { $0["isMet"] as? Bool == true }.compactMap { $0["day"] as? String }
            #expect(covered == ["2026-11-17", "2026-11-19", "2026-11-21"])
            #expect(met == ["2026-11-16", "2026-11-18", "2026-11-20"])
            #expect(grid["streak"] as? String == "6 days")
            let svg = try await browser.get("/widgets/tracker.svg?tracker=\(run.id)")
            #expect(svg.text.components(separatedBy: #"data-covered="true""#).count - 1 == 3)
        }
    }

    @Test("the export carries the frequency and the note, and Daybook's import reads them back (older exports: daily)")
    func export() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings(), dataFolder: Fixtures.temporaryFolder())
        let run = try await runner(app)
        let exported = Locked(Data())
        try await app.browse { browser in
            _ = try await browser.get("/")
            let zip = Data(buffer: try await browser.get("/settings/export.zip").body)
            exported.withLock { $0 = zip }
        }
        let archive = try Archive(data: exported.withLock { $0 }, accessMode: .read)
        let entry = try #require(archive[DaybookExportImport.folder + "daybook.json"])
        var json = Data()
        _ = try archive.extract(entry) { json.append($0) }
        let batch = try DaybookExportImport.parse(json)
        let imported = try #require(batch.trackers.first { $0.sourceID == run.id })
        #expect(imported.frequency.text == "3/week")
        #expect(imported.note == "Did you run today?")
        #expect(batch.values.filter { $0.trackerSourceID == run.id }.count == 3)

        let older = Data(
            #"{"format": "daybook-export", "version": 1, "tables": {"tracker": [{"id": "o", "name": "Old", "kind": "boolean"}]}}"#
                .utf8)
        let old = try #require(try DaybookExportImport.parse(older).trackers.first)
        #expect(old.frequency == .daily)
        #expect(old.note == nil)
    }

    @Test("every frequency text the API document allows is one the rules read, and it writes what it reads")
    func documentedForms() throws {
        let url = try #require(WebResources.publicFiles?.appendingPathComponent("openapi.json"))
        let document = try JSONValue.parse(try Data(contentsOf: url))
        let validator = try SchemaValidator(document: document)
        let schema = JSONValue.object(["$ref": .string("#/components/schemas/TrackerFrequencyText")])
        let samples = [
            "daily", "3/week", "7/week", "8/week", "5/month", "31/month", "every-2-days", "every-400-days", "2/3",
            "4/3", "1/day", "1/365", "Daily", "3/Week", "every 2 days", "weekly", "03/week", "3/ week", "", "3/7/1",
        ]
        for text in samples {
            let allowed = validator.issues(of: .string(text), against: schema, location: .body, field: "f").isEmpty
            var readable = true
            do throws(TrackerFrequency.Problem) {
                let frequency = try TrackerFrequency(text: text)
                // What the API answers as `text` is always allowed back.
                #expect(
                    validator.issues(of: .string(frequency.text), against: schema, location: .body, field: "f")
                        .isEmpty, "\(text)")
            } catch {
                readable = error != .unreadable
            }
            // The document is never looser than the rules: what it allows, they read (or refuse by range).
            if allowed { #expect(readable, "\(text)") }
        }
    }
}
