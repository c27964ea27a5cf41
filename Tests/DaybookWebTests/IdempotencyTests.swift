import DaybookCore
import DaybookStore
import DaybookTestSupport
import Foundation
import GRDB
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import DaybookWeb

@Suite("Idempotency-Key: every API write happens once, however often a device sends it")
struct IdempotencyTests {
    static let key = HTTPField.Name("Idempotency-Key")!
    static let replayed = HTTPField.Name("Idempotent-Replayed")!
    let folder = Fixtures.temporaryFolder()

    func app(clock: any DaybookClock = FixedClock(.iso("2026-11-21T08:30:00+09:00"))) async throws -> TestApp {
        try await TestApp.make(settings: Fixtures.settings(), clock: clock, dataFolder: folder)
    }

    func send(
        _ browser: inout Browser, _ method: HTTPRequest.Method, _ path: String, _ json: String = "", key: String?,
        type: String = "application/json", body: Data? = nil
    ) async throws -> TestResponse {
        var headers: HTTPFields = [.contentType: type, .origin: "http://localhost"]
        if let key { headers[Self.key] = key }
        return try await browser.send(
            path, method: method, headers: headers, body: body.map { ByteBuffer(bytes: $0) } ?? ByteBuffer(string: json)
        )
    }

    func object(_ response: TestResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(response.text.utf8)) as? [String: Any])
    }

    func count(_ app: TestApp, _ table: String) async throws -> Int {
        let database = try #require(app.database)
        return try await database.writer.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table)") ?? 0
        }
    }

    /// Sends the same write twice with one key: both answers are the first answer, the second marked as a repeat.
    @discardableResult
    func twice(
        _ browser: inout Browser, _ method: HTTPRequest.Method, _ path: String, _ json: String = "",
        key: String = UUID().uuidString, type: String = "application/json", body: Data? = nil
    ) async throws -> TestResponse {
        let first = try await send(&browser, method, path, json, key: key, type: type, body: body)
        let second = try await send(&browser, method, path, json, key: key, type: type, body: body)
        #expect(first.status.code < 300, "\(method) \(path): \(first.text)")
        #expect(second.status == first.status)
        #expect(second.text == first.text)
        #expect(first.headers[Self.replayed] == nil)
        #expect(second.headers[Self.replayed] == "true")
        return second
    }

    @Test("entries: a new entry and an edit sent twice make one entry and one edit")
    func entries() async throws {
        let app = try await app()
        try await app.browse { browser in
            let created = try await twice(&browser, .post, "/api/v1/entries", #"{"title":"Harbour","body":"Gulls."}"#)
            #expect(created.status == .created)
            let id = try #require(try object(created)["id"] as? String)
            #expect(try await count(app, "journalEntry") == 1)

            // Without the key the second edit would be refused as made from an older revision.
            let edited = try await twice(
                &browser, .patch, "/api/v1/entries/\(id)", #"{"body":"Gulls, and rain.","revision":1}"#)
            #expect(try object(edited)["revision"] as? Int == 2)
            let entry = try object(try await browser.get("/api/v1/entries/\(id)"))
            #expect(entry["body"] as? String == "Gulls, and rain.")
            #expect(entry["revision"] as? Int == 2)
        }
    }

    @Test("tasks: created and ticked done twice with one key each: one task, done")
    func tasks() async throws {
        let app = try await app()
        try await app.browse { browser in
            let created = try await twice(
                &browser, .post, "/api/v1/tasks", #"{"title":"Write","date":"2026-11-21","start":"09:00"}"#)
            let id = try #require(try object(created)["id"] as? String)
            try await twice(&browser, .post, "/api/v1/tasks/\(id)/done", #"{"date":"2026-11-21","done":true}"#)
            let day = try object(try await browser.get("/api/v1/tasks?date=2026-11-21"))
            let blocks = try #require(day["blocks"] as? [[String: Any]])
            #expect(blocks.count == 1)
            #expect(blocks.first?["isDone"] as? Bool == true)
            #expect(try await count(app, "task") == 1)
        }
    }

    @Test("trackers: a tick sent twice stays on; a value set twice is one value")
    func trackers() async throws {
        let app = try await app()
        try await app.browse { browser in
            let made = try await twice(&browser, .post, "/api/v1/trackers", #"{"name":"Read","kind":"boolean"}"#)
            let id = try #require(try object(made)["id"] as? String)
            #expect(try await count(app, "tracker") == 1)
            let ticked = try await twice(&browser, .put, "/api/v1/trackers/\(id)/values/today", #"{"value":true}"#)
            #expect(ticked.text.contains("true"))
            let values = try await browser.get("/api/v1/trackers/\(id)/values?from=2026-11-21&to=2026-11-21")
            #expect(values.text.contains("true"), "\(values.text)")

            let water = try object(
                try await twice(&browser, .post, "/api/v1/trackers", #"{"name":"Water","kind":"number"}"#))
            let waterID = try #require(water["id"] as? String)
            try await twice(&browser, .put, "/api/v1/trackers/\(waterID)/values/today", #"{"value":2.5}"#)
            #expect(try await count(app, "trackerValue") == 2)
        }
    }

    @Test("daily log and the morning sleep question sent twice: one log, as sent")
    func dailyLog() async throws {
        let app = try await app()
        try await app.browse { browser in
            try await twice(&browser, .patch, "/api/v1/logs/today", #"{"sleepQuality":4}"#)
            try await twice(&browser, .put, "/api/v1/logs/today", #"{"sleepQuality":4,"mood":5,"reflection":"Calm."}"#)
            let log = try await browser.get("/api/v1/logs/today")
            #expect(log.text.contains("Calm."))
            #expect(try await count(app, "dailyLog") == 1)
        }
    }

    @Test("focus: start and stop sent twice record one session")
    func focus() async throws {
        let clock = ManualClock(.iso("2026-11-21T09:00:00+09:00"))
        let app = try await app(clock: clock)
        try await app.browse { browser in
            let start = UUID().uuidString
            try await twice(&browser, .post, "/api/v1/focus/start", #"{"minutes":25,"sound":"none"}"#, key: start)
            clock.advance(by: 20 * 60)
            // The start again, later: still the first answer, and the timer was not restarted.
            let late = try await send(
                &browser, .post, "/api/v1/focus/start", #"{"minutes":25,"sound":"none"}"#, key: start)
            #expect(late.headers[Self.replayed] == "true")
            try await twice(&browser, .post, "/api/v1/focus/stop", "{}")
            #expect(try await count(app, "focusSession") == 1)
            let database = try #require(app.database)
            let seconds = try await database.writer.read { db in
                try Int.fetchOne(db, sql: "SELECT CAST(SUM(focusedSeconds) AS INTEGER) FROM focusSession")
            }
            #expect(seconds == 20 * 60)
        }
    }

    @Test("photos: one upload sent twice is one photo with one id and one file")
    func photos() async throws {
        let app = try await app()
        let png = try TestPictures.make(.png, width: 40, height: 30)
        try await app.browse { browser in
            let answer = try await twice(
                &browser, .post, "/api/v1/photos", type: "application/octet-stream", body: png)
            #expect(answer.status == .created)
            #expect(answer.headers[.location] != nil)
            #expect(try await count(app, "photo") == 1)
            let originals = try FileManager.default.contentsOfDirectory(
                at: folder.appendingPathComponent("photos"), includingPropertiesForKeys: nil)
            #expect(originals.filter { !$0.lastPathComponent.hasPrefix(".") }.count == 1)
        }
    }

    @Test("a key reused for another body, path or method is refused with 422 and changes nothing")
    func reuse() async throws {
        let app = try await app()
        try await app.browse { browser in
            let key = UUID().uuidString
            _ = try await send(&browser, .post, "/api/v1/entries", #"{"title":"One"}"#, key: key)
            let other = try await send(&browser, .post, "/api/v1/entries", #"{"title":"Two"}"#, key: key)
            #expect(other.status == .unprocessableContent)
            let error = try #require(try object(other)["error"] as? [String: Any])
            #expect(error["code"] as? String == "idempotencyKeyReused")
            #expect((error["message"] as? String)?.contains("already used for a different request") == true)
            let elsewhere = try await send(
                &browser, .post, "/api/v1/tasks", #"{"title":"One","date":"2026-11-21"}"#, key: key)
            #expect(elsewhere.status == .unprocessableContent)
            #expect(try await count(app, "journalEntry") == 1)
            #expect(try await count(app, "task") == 0)

            browser.acceptLanguage = "ko-KR"
            let korean = try await send(&browser, .post, "/api/v1/entries", #"{"title":"셋"}"#, key: key)
            #expect(korean.status == .unprocessableContent)
        }
    }

    @Test("a key that is not 1–255 visible characters is refused with 400 and nothing is written")
    func badKey() async throws {
        let app = try await app()
        try await app.browse { browser in
            for key in [String(repeating: "k", count: 256), "two words"] {
                let answer = try await send(&browser, .post, "/api/v1/entries", #"{"title":"One"}"#, key: key)
                #expect(answer.status == .badRequest)
                #expect(
                    try object(answer)["error"].flatMap { $0 as? [String: Any] }?["code"] as? String
                        == "idempotencyKeyInvalid")
            }
            #expect(try await count(app, "journalEntry") == 0)
        }
    }

    @Test("a refused write keeps no key: the same key may carry the corrected request")
    func refusedThenCorrected() async throws {
        let app = try await app()
        try await app.browse { browser in
            let key = UUID().uuidString
            let empty = try await send(&browser, .post, "/api/v1/entries", #"{"title":"  "}"#, key: key)
            #expect(empty.status == .unprocessableContent)
            let fixed = try await send(&browser, .post, "/api/v1/entries", #"{"title":"Now with words"}"#, key: key)
            #expect(fixed.status == .created)
            #expect(try await count(app, "journalEntry") == 1)
        }
    }

    @Test("the server stopped between commit and answer: a repeat says the write was made and makes nothing more")
    func committedWithoutAnswer() async throws {
        let app = try await app()
        try await app.browse { browser in
            let key = UUID().uuidString
            let first = try await send(&browser, .post, "/api/v1/entries", #"{"title":"Kept"}"#, key: key)
            #expect(first.status == .created)
            // What a stop right after the commit leaves: the entry and its key, and no answer.
            let database = try #require(app.database)
            try await database.writer.write { db in
                try db.execute(sql: "UPDATE idempotencyKey SET status = NULL, body = NULL")
            }
            let again = try await send(&browser, .post, "/api/v1/entries", #"{"title":"Kept"}"#, key: key)
            #expect(again.status == .noContent)
            #expect(again.headers[Self.replayed] == "committed")
            #expect(try await count(app, "journalEntry") == 1)
        }
    }
}

@Suite("Changes feed: what changed since a cursor, deletions included")
struct ChangesFeedTests {
    func object(_ response: TestResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(response.text.utf8)) as? [String: Any])
    }

    func json(_ browser: inout Browser, _ method: HTTPRequest.Method, _ path: String, _ body: String) async throws
        -> [String: Any]
    {
        let answer = try await browser.send(
            path, method: method, headers: [.contentType: "application/json"], body: ByteBuffer(string: body))
        return answer.text.isEmpty ? [:] : try object(answer)
    }

    @Test("a device learns what changed after its cursor: new, edited and deleted things, each once")
    func feed() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        try await app.browse { browser in
            let start = try object(try await browser.get("/api/v1/changes"))
            let cursor = try #require(start["cursor"] as? String)
            #expect((start["changes"] as? [Any])?.isEmpty == true)

            let entry = try #require(try await json(&browser, .post, "/api/v1/entries", #"{"title":"Tide"}"#)["id"])
            _ = try await json(&browser, .patch, "/api/v1/entries/\(entry)", #"{"body":"High.","revision":1}"#)
            let task = try #require(
                try await json(&browser, .post, "/api/v1/tasks", #"{"title":"Swim","date":"2026-11-21"}"#)["id"])
            _ = try await json(&browser, .patch, "/api/v1/logs/today", #"{"mood":4}"#)
            _ = try await json(&browser, .delete, "/api/v1/tasks/\(task)", "")

            let page = try object(try await browser.get("/api/v1/changes?since=\(cursor)"))
            let changes = try #require(page["changes"] as? [[String: Any]])
            let seen = changes.map { "\($0["kind"] as? String ?? "") \($0["id"] as? String ?? "")" }
            #expect(seen == ["entry \(entry)", "log 2026-11-21", "task \(task)"])
            #expect(changes.map { $0["deleted"] as? Bool } == [false, false, true])
            #expect(page["more"] as? Bool == false)

            let next = try #require(page["cursor"] as? String)
            let after = try object(try await browser.get("/api/v1/changes?since=\(next)"))
            #expect((after["changes"] as? [Any])?.isEmpty == true)
            #expect(after["cursor"] as? String == next)
        }
    }

    @Test("a cursor this server did not give is refused with 400; one from ahead of it starts again")
    func badCursor() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        try await app.browse { browser in
            for bad in ["yesterday", "c1.-1", "c1.007", ""] {
                let answer = try await browser.get("/api/v1/changes?since=\(bad)")
                #expect(answer.status == .badRequest, "\(bad)")
            }
            let ahead = try object(try await browser.get("/api/v1/changes?since=c1.99999"))
            #expect(ahead["reset"] as? Bool == true)
            #expect(ahead["cursor"] as? String != "c1.99999")
        }
    }
}
