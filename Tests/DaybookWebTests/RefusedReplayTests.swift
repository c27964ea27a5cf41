import DaybookCore
import DaybookFeatures
import DaybookStore
import DaybookTestSupport
import Foundation
import GRDB
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import DaybookWeb

/// A phone's outbox sends a write again when its first answer was lost on the way. When that first answer was a
/// refusal, the repeat must be refused the same way: taken for "committed", the phone would drop the change from
/// its outbox without telling the person.
@Suite("A refused write sent again with its Idempotency-Key is refused again, never told it was made")
struct RefusedReplayTests {
    static let key = HTTPField.Name("Idempotency-Key")!
    static let replayed = HTTPField.Name("Idempotent-Replayed")!
    static let madeAt = HTTPField.Name("Daybook-Made-At")!

    /// A write the server refuses: every route that takes an `Idempotency-Key`, with a request it refuses.
    struct Refused: CustomTestStringConvertible, Sendable {
        var method: HTTPRequest.Method
        var path: String
        var body: String = ""
        var type: String = "application/json"
        var origin = "http://localhost"
        var status: Int
        var testDescription: String { "\(method) \(path) → \(status)" }
    }

    static let today = "2026-11-21"
    static let refusals: [Refused] = [
        Refused(method: .patch, path: "/api/v1/settings", body: #"{"language":"xx"}"#, status: 422),
        Refused(method: .post, path: "/api/v1/focus/start", body: #"{"minutes":0}"#, status: 422),
        Refused(method: .post, path: "/api/v1/focus/pause", status: 409),
        Refused(method: .post, path: "/api/v1/focus/resume", status: 409),
        Refused(method: .post, path: "/api/v1/focus/stop", status: 409),
        Refused(method: .post, path: "/api/v1/focus/extend", body: #"{"minutes":5}"#, status: 409),
        Refused(method: .post, path: "/api/v1/focus/sound", body: #"{"sound":"thunder"}"#, status: 422),
        Refused(
            method: .post, path: "/api/v1/tasks", body: #"{"title":"Late","start":"23:50","duration":30}"#, status: 422),
        Refused(method: .patch, path: "/api/v1/tasks/gone", body: #"{"title":"Walk"}"#, status: 404),
        Refused(method: .delete, path: "/api/v1/tasks/gone", status: 404),
        Refused(method: .post, path: "/api/v1/tasks/gone/done", body: #"{"done":true}"#, status: 404),
        Refused(method: .patch, path: "/api/v1/logs/\(today)", body: #"{"mood":9}"#, status: 422),
        Refused(method: .put, path: "/api/v1/logs/\(today)", body: #"{"mood":9}"#, status: 422),
        Refused(method: .post, path: "/api/v1/photos", body: "not a picture", type: "image/jpeg", status: 415),
        Refused(
            method: .put, path: "/api/v1/photos/6f1c2a4e-0d3b-4c55-9a0e-3b7f2d1c9e80", body: "not a picture",
            type: "image/jpeg", status: 415),
        Refused(method: .delete, path: "/api/v1/photos/gone", status: 404),
        Refused(method: .post, path: "/api/v1/entries", body: #"{"title":"  "}"#, status: 422),
        Refused(method: .patch, path: "/api/v1/entries/gone", body: #"{"body":"x","revision":1}"#, status: 404),
        Refused(method: .delete, path: "/api/v1/entries/gone", status: 404),
        Refused(method: .post, path: "/api/v1/entries/gone/restore", status: 404),
        // Emptying the trash takes nothing that could be wrong; sent from another site, it is refused.
        Refused(method: .delete, path: "/api/v1/trash", origin: "https://elsewhere.example", status: 403),
        Refused(method: .post, path: "/api/v1/trackers", body: #"{"name":"","kind":"boolean"}"#, status: 422),
        Refused(method: .put, path: "/api/v1/trackers/order", body: #"{"ids":[7]}"#, status: 400),
        Refused(method: .patch, path: "/api/v1/trackers/gone", body: #"{"name":"Walk"}"#, status: 404),
        Refused(method: .delete, path: "/api/v1/trackers/gone", status: 404),
        Refused(method: .put, path: "/api/v1/trackers/gone/values/\(today)", body: #"{"value":true}"#, status: 404),
        Refused(method: .delete, path: "/api/v1/trackers/gone/values/\(today)", status: 404),
        Refused(method: .patch, path: "/api/v1/connections", body: #"{"tileURL":"ftp://tiles"}"#, status: 422),
        Refused(method: .patch, path: "/api/v1/reminders", body: #"{"journalTime":"25:00"}"#, status: 422),
        Refused(
            method: .post, path: "/api/v1/push/subscriptions",
            body: #"{"endpoint":"https://push.example/1","keys":{"p256dh":"AAAA","auth":"AAAA"}}"#, status: 422),
        Refused(method: .delete, path: "/api/v1/push/subscriptions", body: #"{"endpoint":7}"#, status: 400),
        Refused(method: .post, path: "/api/v1/push/test", body: "every device", type: "text/plain", status: 415),
        Refused(
            method: .post, path: "/api/v1/import/jrnl", body: "\u{1}\u{2} no journal", type: "image/png", status: 415),
        Refused(method: .post, path: "/api/v1/entries/gone/conflicts/c-1", body: #"{"keep":"entry"}"#, status: 404),
        Refused(method: .post, path: "/api/v1/entries/today/append", body: #"{"text":"   "}"#, status: 422),
    ]

    func send(_ browser: inout Browser, _ write: Refused, key: String, headers extra: HTTPFields = [:]) async throws
        -> TestResponse
    {
        var headers: HTTPFields = [.contentType: write.type, .origin: write.origin, Self.key: key]
        headers.append(contentsOf: extra)
        return try await browser.send(
            write.path, method: write.method, headers: headers, body: ByteBuffer(string: write.body))
    }

    /// How many changes devices would learn of.
    func changes(_ database: AppDatabase) async throws -> Int {
        try await database.writer.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM change") ?? 0 }
    }

    @Test(
        "every write route: the repeat of a refusal gets the same status and words, and nothing is saved",
        arguments: refusals)
    func repeatsTheRefusal(_ write: Refused) async throws {
        let app = try await TestApp.make(
            settings: Fixtures.settings(language: .japanese), dataFolder: Fixtures.temporaryFolder())
        let database = try #require(app.database)
        let changesBefore = try await changes(database)
        try await app.browse { browser in
            let key = UUID().uuidString
            let first = try await send(&browser, write, key: key)
            #expect(first.status.code == write.status, "\(first.text)")
            let again = try await send(&browser, write, key: key)
            #expect(again.status == first.status)
            #expect(again.text == first.text)
            #expect(again.headers[Self.replayed] != "committed")
        }
        // The refusal saved nothing, its key included: no device learns of a change, and the key is free.
        let keys = try await database.writer.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM idempotencyKey")
        }
        #expect(keys == 0)
        #expect(try await changes(database) == changesBefore)
    }

    @Test("a pause dated in the future by a phone's clock is refused, and refused again when the phone sends it again")
    func futurePause() async throws {
        let clock = ManualClock(.iso("2026-11-21T08:30:00+09:00"))
        let app = try await TestApp.make(settings: Fixtures.settings(), clock: clock)
        try await app.browse { browser in
            let start = Refused(method: .post, path: "/api/v1/focus/start", body: #"{"minutes":25}"#, status: 200)
            #expect(try await send(&browser, start, key: UUID().uuidString).status == .ok)
            let pause = Refused(method: .post, path: "/api/v1/focus/pause", status: 422)
            let ahead: HTTPFields = [Self.madeAt: "2026-11-21T09:30:00+09:00"]
            let key = UUID().uuidString
            let first = try await send(&browser, pause, key: key, headers: ahead)
            #expect(first.status == .unprocessableContent)
            let again = try await send(&browser, pause, key: key, headers: ahead)
            #expect(again.status == .unprocessableContent)
            #expect(again.text == first.text)
            #expect(again.headers[Self.replayed] != "committed")
            // The timer still runs: the refused pause left no trace.
            let focus = try await browser.get("/api/v1/focus")
            #expect(focus.text.contains(#""phase":"running""#))
        }
    }

    @Test("a refusal made after the write committed is kept as the key's answer and repeated word for word")
    func refusalAfterCommit() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings(language: .korean))
        let database = try #require(app.database)
        // A route that saves a block, then finds it cannot answer as asked: the block and the key are kept.
        let router = Router(context: DaybookRequestContext.self)
        router.add(middleware: ResponseGuardMiddleware(services: app.services))
        router.add(middleware: IdempotencyMiddleware(services: app.services))
        router.post("/api/v1/tasks") { _, _ -> Response in
            try await database.saveTask(PlannedTask(id: "walk", title: "Walk", day: DayKey(string: Self.today)!))
            throw Timeline.Problem.unknownScope
        }
        try await Application(router: router).test(.router) { client in
            let headers: HTTPFields = [.contentType: "application/json", Self.key: "after-commit"]
            let first = try await client.execute(
                uri: "/api/v1/tasks", method: .post, headers: headers, body: ByteBuffer(string: "{}"))
            #expect(first.status == .badRequest)
            let again = try await client.execute(
                uri: "/api/v1/tasks", method: .post, headers: headers, body: ByteBuffer(string: "{}"))
            #expect(again.status == .badRequest)
            #expect(String(buffer: again.body) == String(buffer: first.body))
            #expect(String(buffer: again.body).contains(Fixtures.localizer(.korean)("task.error.unknownScope")))
            #expect(again.headers[Self.replayed] == "true")
        }
        #expect(try await database.idempotencyRecord(key: "after-commit")?.answer?.status == 400)
    }
}
