import DaybookCore
import DaybookFeatures
import DaybookTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import DaybookWeb

@Suite("A Shortcuts token: one request per action, each answered with a sentence, and never a read of the journal")
struct ShortcutTokenTests {
    /// A Daybook with a yes/no, a count, a rating tracker, a block today and an entry, and a Shortcuts token.
    struct Setup {
        let app: TestApp
        let token: String
        let meditate: String
        let water: String
        let mood: String
        let block: String
        let entry: String
    }

    func setup(host: String = "127.0.0.1", language: AppLanguage = .english) async throws -> Setup {
        let clock = ManualClock(.iso("2026-11-21T08:30:00+09:00"))
        let app = try await TestApp.make(host: host, settings: Fixtures.settings(language: language), clock: clock)
        let database = try #require(app.database)
        let access = app.services.accessInteractor(database)
        if host != "127.0.0.1" { try await access.setPassphrase("correct horse battery") }
        let token = try await access.createToken(name: "iPhone", scope: .shortcuts).secret
        let trackers = app.services.trackerInteractor(database)
        let meditate = try await trackers.create(Trackers.Draft(name: "Meditate", kind: "boolean")).tracker
        let water = try await trackers.create(Trackers.Draft(name: "Water", kind: "number")).tracker
        let mood = try await trackers.create(Trackers.Draft(name: "Mood", kind: "rating")).tracker
        // Meditated the two days before: today's tick makes three in a row.
        for day in ["2026-11-19", "2026-11-20"] {
            try await trackers.setValue(.flag(true), trackerID: meditate.id, day: day)
        }
        let block = try await app.services.timelineInteractor(database).create(
            TaskDraft(title: "Deep work", date: "2026-11-21", start: "09:00", duration: "90")).task
        let entry = try await app.services.journalInteractor(database).create(
            JournalEntryDraft(title: "Private", body: "Nobody reads this but me.", date: "2026-11-20"))
        return Setup(
            app: app, token: token, meditate: meditate.id, water: water.id, mood: mood.id, block: block.id,
            entry: entry.id)
    }

    func send(
        _ browser: inout Browser, _ method: HTTPRequest.Method, _ path: String, _ json: String? = nil, token: String
    ) async throws -> TestResponse {
        var headers: HTTPFields = [.authorization: "Bearer \(token)"]
        if json != nil { headers[.contentType] = "application/json" }
        return try await browser.send(path, method: method, headers: headers, body: json.map { ByteBuffer(string: $0) })
    }

    @Test(
        "every action works with one request and says what it did; everything else is refused, on loopback and beyond",
        arguments: ["127.0.0.1", "0.0.0.0"])
    func table(host: String) async throws {
        let setup = try await setup(host: host)
        let (token, database) = (setup.token, try #require(setup.app.database))
        try await setup.app.browse { browser in
            // (method, path, body, the status, what `say` reads)
            let allowed: [(HTTPRequest.Method, String, String?, HTTPResponse.Status, String?)] = [
                (.get, "/api/v1/shortcuts", nil, .ok, nil),
                (.get, "/api/v1/widgets/small", nil, .ok, nil),
                (.get, "/widgets/medium", nil, .ok, nil),
                (
                    .put, "/api/v1/trackers/\(setup.meditate)/values/today", #"{"value": true}"#, .ok,
                    "Meditate done · 3 days in a row"
                ),
                (.put, "/api/v1/trackers/\(setup.water)/values/today", #"{"add": 1}"#, .ok, "Water: 1 today"),
                (.put, "/api/v1/trackers/\(setup.water)/values/today", #"{"add": 1}"#, .ok, "Water: 2 today"),
                (.put, "/api/v1/trackers/\(setup.mood)/values/today", #"{"value": 4}"#, .ok, "Mood: 4 of 5 today"),
                (
                    .post, "/api/v1/focus/start", #"{"minutes": 25, "taskID": "\#(setup.block)"}"#, .ok,
                    "Focus started: Deep work, 25 min"
                ),
                (.post, "/api/v1/focus/pause", nil, .ok, "Focus paused · 25 min left"),
                (.post, "/api/v1/focus/resume", nil, .ok, "Focus resumed · 25 min left"),
                (.post, "/api/v1/focus/stop", nil, .ok, "Focus stopped · 0 min focused today"),
                (
                    .post, "/api/v1/tasks", #"{"title": "Walk", "start": "17:30", "duration": 30}"#, .created,
                    "Added to today: Walk, 17:30–18:00"
                ),
                (
                    .post, "/api/v1/entries/today/append", #"{"text": "Called the bank"}"#, .created,
                    "Started today's entry"
                ),
                (.post, "/api/v1/entries", #"{"body": "An idea for tomorrow"}"#, .created, "Added to your journal"),
                (
                    .post, "/api/v1/entries/today/append", #"{"text": "And the dentist"}"#, .ok,
                    "Added to today's entry"
                ),
            ]
            for (method, path, body, status, say) in allowed {
                let response = try await send(&browser, method, path, body, token: token)
                #expect(response.status == status, "\(method) \(path): \(response.text)")
                if let say { #expect(try jsonObject(response)["say"] as? String == say, "\(method) \(path)") }
            }
            // Nothing that reads or changes the journal, the settings or anything else.
            let refused: [(HTTPRequest.Method, String, String?)] = [
                (.get, "/api/v1/entries", nil),
                (.get, "/api/v1/entries/\(setup.entry)", nil),
                (.get, "/api/v1/search?q=Nobody", nil),
                (.get, "/api/v1/changes", nil),
                (.get, "/api/v1/settings", nil),
                (.patch, "/api/v1/settings", #"{"name": "Eve"}"#),
                (.get, "/settings/export.zip", nil),
                (.get, "/api/v1/trackers", nil),
                (.get, "/api/v1/tasks", nil),
                (.get, "/api/v1/focus", nil),
                (.post, "/api/v1/focus/extend", #"{"minutes": 5}"#),
                (.delete, "/api/v1/tasks/\(setup.block)", nil),
                (.patch, "/api/v1/entries/\(setup.entry)", #"{"body": "changed", "revision": 1}"#),
                (.put, "/api/v1/trackers/\(setup.meditate)/values/2026-11-18", #"{"value": true}"#),
                (.delete, "/api/v1/trackers/\(setup.water)/values/today", nil),
                (.post, "/api/v1/entries", #"{"body": "A title too", "title": "Sneaky"}"#),
                (.post, "/api/v1/entries", #"{"body": "Backdated", "date": "2020-01-01"}"#),
                (.get, "/feeds/tasks.ics", nil),
                (.get, "/journal", nil),
            ]
            for (method, path, body) in refused {
                let response = try await send(&browser, method, path, body, token: token)
                #expect(response.status == .forbidden, "\(method) \(path): \(response.status)")
                #expect(response.text.contains("Shortcuts token"), "\(method) \(path)")
            }
            // The journal holds what was added, and nothing the refusals sent.
            let entries = try await setup.app.services.journalInteractor(database).list(Journal.List.Request())
            #expect(entries.page.entries.count == 3)
            #expect(entries.page.entries.allSatisfy { $0.title != "Sneaky" && $0.title != "Backdated" })
            let kept = try #require(try await database.entry(id: setup.entry))
            #expect(kept.body == "Nobody reads this but me.")
            // A token that is sent is always checked, here too: a wrong one is refused, not ignored.
            let wrong = try await send(&browser, .get, "/api/v1/shortcuts", token: "not-a-token")
            #expect(wrong.status == .unauthorized)
        }
    }

    @Test("quick capture adds a paragraph headed by the time to today's latest entry, and answers without its text")
    func append() async throws {
        let setup = try await setup()
        let database = try #require(setup.app.database)
        try await setup.app.browse { browser in
            let first = try await send(
                &browser, .post, "/api/v1/entries/today/append", #"{"text": "Called the bank"}"#, token: setup.token)
            #expect(first.status == .created)
            let made = try jsonObject(first)
            #expect(made["body"] == nil && made["created"] as? Bool == true && made["day"] as? String == "2026-11-21")
            let id = try #require(made["id"] as? String)
            let second = try await send(
                &browser, .post, "/api/v1/entries/today/append", #"{"text": "  And the dentist\r\n"}"#,
                token: setup.token)
            #expect(second.status == .ok)
            #expect(try jsonObject(second)["id"] as? String == id)
            #expect(try await database.entry(id: id)?.body == "**08:30** Called the bank\n\n**08:30** And the dentist")
            // Blank text changes nothing and names the field; a body of the wrong shape is the request's own fault.
            let blank = try await send(
                &browser, .post, "/api/v1/entries/today/append", #"{"text": " \n "}"#, token: setup.token)
            #expect(blank.status == .unprocessableContent)
            #expect((try jsonObject(blank)["error"] as? [String: Any])?["fields"] as? [String: String] != nil)
            let shapeless = try await send(
                &browser, .post, "/api/v1/entries/today/append", #"{"body": "x"}"#, token: setup.token)
            #expect(shapeless.status == .badRequest)
            #expect(try await database.entry(id: id)?.revision == 2)
        }
    }

    @Test("a value of the wrong kind is the tracker's own refusal, and changes nothing")
    func wrongKind() async throws {
        let setup = try await setup()
        try await setup.app.browse { browser in
            for (tracker, body) in [
                (setup.meditate, #"{"add": 1}"#), (setup.mood, #"{"add": 1}"#), (setup.mood, #"{"value": 9}"#),
                (setup.water, #"{"value": true}"#),
            ] {
                let response = try await send(
                    &browser, .put, "/api/v1/trackers/\(tracker)/values/today", body, token: setup.token)
                #expect(response.status == .conflict, "\(body)")
                #expect(response.text.contains("invalidValue"))
            }
            let both = try await send(
                &browser, .put, "/api/v1/trackers/\(setup.water)/values/today", #"{"value": 1, "add": 1}"#,
                token: setup.token)
            #expect(both.status == .badRequest || both.status == .unprocessableContent)
            let list = try await setup.app.services.trackerInteractor(try #require(setup.app.database)).list()
            #expect(list.todayValues[setup.mood] == nil && list.todayValues[setup.water] == nil)
        }
    }

    @Test(
        "what an action says and why a read is refused, in the owner's language",
        arguments: [
            (
                AppLanguage.english, "Meditate done · 3 days in a row", "Focus started: Deep work, 25 min",
                "Shortcuts token"
            ),
            (.japanese, "Meditate 完了 · 3日連続", "集中を開始：Deep work, 25分", "ショートカット用トークン"),
            (.korean, "Meditate 완료 · 3일 연속", "집중 시작: Deep work, 25분", "단축어 토큰"),
            (.simplifiedChinese, "Meditate 已完成 · 连续 3 天", "开始专注：Deep work, 25 分钟", "快捷指令令牌"),
        ])
    func languages(language: AppLanguage, tick: String, focus: String, refusal: String) async throws {
        let setup = try await setup(language: language)
        try await setup.app.browse { browser in
            let ticked = try await send(
                &browser, .put, "/api/v1/trackers/\(setup.meditate)/values/today", #"{"value": true}"#,
                token: setup.token)
            #expect(try jsonObject(ticked)["say"] as? String == tick)
            let started = try await send(
                &browser, .post, "/api/v1/focus/start", #"{"minutes": 25, "taskID": "\#(setup.block)"}"#,
                token: setup.token)
            #expect(try jsonObject(started)["say"] as? String == focus)
            let read = try await send(&browser, .get, "/api/v1/entries", token: setup.token)
            #expect(read.status == .forbidden)
            let message = try #require((try jsonObject(read)["error"] as? [String: Any])?["message"] as? String)
            #expect(message.contains(refusal))
        }
    }

    @Test("the lists a shortcut chooses from: active trackers, today's open blocks and the sounds, by name and id")
    func choices() async throws {
        let setup = try await setup()
        try await setup.app.browse { browser in
            let response = try await send(&browser, .get, "/api/v1/shortcuts", token: setup.token)
            let answer = try jsonObject(response)
            let trackers = try #require(answer["trackers"] as? [[String: Any]])
            #expect(trackers.compactMap { $0["name"] as? String } == ["Meditate", "Water", "Mood"])
            #expect(trackers.first?["id"] as? String == setup.meditate)
            let blocks = try #require(answer["blocks"] as? [[String: Any]])
            #expect(
                blocks.first?["title"] as? String == "Deep work" && blocks.first?["time"] as? String == "09:00–10:30")
            #expect((answer["sounds"] as? [[String: Any]])?.contains { $0["id"] as? String == "rain" } == true)
        }
    }
}
