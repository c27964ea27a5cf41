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

/// A Timeline block changed on a phone without the server and on the desktop meanwhile, through the real router and
/// a real SQLite store: the change made later stands whichever arrives last; a change sent again under its key, or a
/// block created again under the id its device chose, is written once; simultaneous moves leave what one serial order
/// of them would. The test clock reads 2026-11-21 08:30 in Seoul.
@Suite("Timeline blocks: the later change wins, once")
struct TaskMadeAtTests {
    static let madeAt = HTTPField.Name("Daybook-Made-At")!
    static let key = HTTPField.Name("Idempotency-Key")!
    /// 07:00 and 07:30 in Seoul: on the train, before the desktop's change at 08:30.
    static let onTheTrain = "2026-11-20T22:00:00Z"
    static let laterOnTheTrain = "2026-11-20T22:30:00Z"

    func send(
        _ client: some TestClientProtocol, _ method: HTTPRequest.Method, _ path: String, _ body: String,
        headers: HTTPFields = [:]
    ) async throws -> TestResponse {
        var headers = headers
        headers[.contentType] = "application/json"
        return try await client.execute(uri: path, method: method, headers: headers, body: ByteBuffer(string: body))
    }

    func block(_ app: TestApp, _ id: String) async throws -> PlannedTask {
        let database = try #require(app.database)
        return try #require(try await database.task(id: id))
    }

    /// A new block; `madeAt` when it was added on a device that waited (else now).
    func newBlock(_ client: some TestClientProtocol, _ json: String, madeAt: String? = nil) async throws -> String {
        let response = try await send(
            client, .post, "/api/v1/tasks", json, headers: madeAt.map { [Self.madeAt: $0] } ?? [:])
        #expect(response.status == .created)
        return try #require(try jsonObject(response)["id"] as? String)
    }

    @Test("a move made on the desktop stands against the phone's older move, whichever arrives last")
    func laterMoveWins() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        try await app.application.test(.router) { client in
            // Given a block the desktop moves now (08:30), and the phone's move from 07:00 arriving after it.
            let swim = try await newBlock(client, #"{"title":"Swim","start":"07:00","duration":30}"#)
            let desk = try await send(client, .patch, "/api/v1/tasks/\(swim)", #"{"start":"09:00"}"#)
            #expect(desk.status == .ok)
            let late = try await send(
                client, .patch, "/api/v1/tasks/\(swim)", #"{"start":"06:00","duration":60}"#,
                headers: [Self.madeAt: Self.onTheTrain])
            // Then the phone is answered without an error, with the block as it stands.
            #expect(late.status == .ok)
            #expect(try jsonObject(late)["timeLabel"] as? String == "09:00–09:30")
            #expect(try await block(app, swim).start?.description == "09:00")

            // Given two changes from two devices that both waited: the one made later arrives first.
            let read = try await newBlock(
                client, #"{"title":"Read","start":"20:00","duration":30}"#, madeAt: "2026-11-20T21:50:00Z")
            _ = try await send(
                client, .patch, "/api/v1/tasks/\(read)", #"{"title":"Read a novel"}"#,
                headers: [Self.madeAt: Self.laterOnTheTrain])
            _ = try await send(
                client, .patch, "/api/v1/tasks/\(read)", #"{"title":"Read the paper"}"#,
                headers: [Self.madeAt: Self.onTheTrain])
            // Then the later-made title stands.
            #expect(try await block(app, read).title == "Read a novel")

            // Two changes from one device build on each other, in the order made: no conflict with itself.
            // (The block itself was added on the train at 06:50.)
            let nap = try await newBlock(
                client, #"{"title":"Nap","start":"14:00","duration":30}"#, madeAt: "2026-11-20T21:50:00Z")
            _ = try await send(
                client, .patch, "/api/v1/tasks/\(nap)", #"{"title":"Long nap"}"#,
                headers: [Self.madeAt: Self.onTheTrain])
            _ = try await send(
                client, .patch, "/api/v1/tasks/\(nap)", #"{"start":"15:00"}"#,
                headers: [Self.madeAt: Self.laterOnTheTrain])
            let napped = try await block(app, nap)
            #expect(napped.title == "Long nap" && napped.start?.description == "15:00")
        }
    }

    @Test("done, the edit form and a delete made earlier than a later change leave that change standing")
    func olderDoneAndDeleteStay() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        let ids = try await app.application.test(.router) { client in
            let call = try await newBlock(client, #"{"title":"Call","start":"13:00","duration":30}"#)
            let walk = try await newBlock(client, #"{"title":"Walk","start":"17:00","duration":30}"#)
            // The desktop marks the call done now; the phone's "not done" from 07:00 arrives after.
            _ = try await send(client, .post, "/api/v1/tasks/\(call)/done", #"{"done":true}"#)
            let undone = try await send(
                client, .post, "/api/v1/tasks/\(call)/done", #"{"done":false}"#,
                headers: [Self.madeAt: Self.onTheTrain])
            #expect(undone.status == .ok)
            // The desktop renames the walk now; the phone's delete from 07:00 arrives after and leaves it.
            _ = try await send(client, .patch, "/api/v1/tasks/\(walk)", #"{"title":"Walk the dog"}"#)
            let deleted = try await send(
                client, .delete, "/api/v1/tasks/\(walk)", "", headers: [Self.madeAt: Self.onTheTrain])
            #expect(deleted.status == .noContent)
            return (call, walk)
        }
        #expect(try await block(app, ids.0).isDone)
        #expect(try await block(app, ids.1).title == "Walk the dog")

        // Through the page's forms, the same rule: the phone's edit from 07:00 does not undo the desktop's rename.
        try await app.browse { browser in
            try await browser.get("/timeline")
            let late = try await browser.post(
                "/timeline/tasks/\(ids.1)", form: ["title": "Walk", "start": "18:00", "duration": "30"],
                headers: [Self.madeAt: Self.onTheTrain])
            #expect(late.status == .seeOther)
            let gone = try await browser.post(
                "/timeline/tasks/\(ids.1)/delete", form: ["date": "2026-11-21", "scope": "all"],
                headers: [Self.madeAt: Self.onTheTrain])
            // Nothing was deleted, so nothing is offered to undo.
            #expect(gone.headers[.location] == "/timeline?date=2026-11-21")
        }
        let walk = try await block(app, ids.1)
        #expect(walk.title == "Walk the dog" && walk.start?.description == "17:00")
    }

    @Test("a block added offline is created once: its key replayed, or its id sent again under another key")
    func createdOnce() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        let id = "3f0b8e8c-1b5d-4c2a-9a57-2d4c1e6f7a80"
        try await app.browse { browser in
            try await browser.get("/timeline")
            // The form as the page sends it, in one order, so the same change is the same bytes.
            let csrf = browser.cookies["daybook_csrf"] ?? ""
            let form = { (title: String) in
                ByteBuffer(
                    string: "csrf=\(csrf)&id=\(id)&title=\(title)&date=2026-11-21&start=18:00&duration=45m&repeat=none")
            }
            let formHeaders = { (extra: HTTPFields) in
                var headers = extra
                headers[.contentType] = "application/x-www-form-urlencoded"
                return headers
            }
            let first = try await browser.send(
                "/timeline/tasks", method: .post,
                headers: formHeaders([Self.key: "add-1", Self.madeAt: Self.onTheTrain]), body: form("Read+on+the+train")
            )
            let again = try await browser.send(
                "/timeline/tasks", method: .post,
                headers: formHeaders([Self.key: "add-1", Self.madeAt: Self.onTheTrain]), body: form("Read+on+the+train")
            )
            #expect(first.status == .seeOther && again.status == .seeOther)
            #expect(again.headers[IdempotencyMiddleware.replayedHeader] == "true")
            // The same block sent under a new key (the outbox kept it twice): still the one block, unchanged.
            let twice = try await browser.send(
                "/timeline/tasks", method: .post, headers: formHeaders([Self.key: "add-2"]), body: form("Read+twice"))
            #expect(twice.status == .seeOther)
            // A move of it, made on the phone before the server had it, finds it by that id.
            let moved = try await browser.send(
                "/api/v1/tasks/\(id)", method: .patch,
                headers: [.contentType: "application/json", Self.key: "move-1", Self.madeAt: Self.laterOnTheTrain],
                body: ByteBuffer(string: #"{"start":"19:00","duration":45}"#))
            #expect(moved.status == .ok)
            // An id that is not a lowercase UUID is refused, saying why, and nothing is made: by the API's document,
            // and by the page's form.
            let bad = try await browser.send(
                .post, "/api/v1/tasks", json: #"{"id":"3F0B8E8C-1B5D-4C2A-9A57-2D4C1E6F7A81","title":"Shout"}"#)
            #expect(bad.status == .unprocessableContent)
            let badForm = try await browser.post("/timeline/tasks", form: ["id": "block-1", "title": "Shout"])
            #expect(badForm.status == .badRequest)
            #expect(badForm.text.contains("lowercase UUID"))
        }
        let count = try await #require(app.database).writer.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM task") ?? 0
        }
        #expect(count == 1)
        let block = try await block(app, id)
        #expect(block.title == "Read on the train" && block.start?.description == "19:00")
    }

    @Test("simultaneous moves and renames of one block leave what one serial order of them leaves")
    func simultaneousMoves() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        try await app.application.test(.router) { client in
            for round in 1...3 {
                let id = try await newBlock(client, #"{"title":"Swim","start":"07:00","duration":30}"#)
                let moves = [
                    #"{"start":"08:00","duration":15}"#, #"{"start":"09:00","duration":45}"#,
                    #"{"start":"10:00","duration":60}"#, #"{"title":"Swim \#(round)"}"#,
                ]
                let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                    for move in moves {
                        group.addTask { try await send(client, .patch, "/api/v1/tasks/\(id)", move).status }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                #expect(statuses.allSatisfy { $0 == .ok }, "\(statuses)")
                // One move's start and length together, never one's start with another's length; the rename too.
                let task = try await block(app, id)
                let placed = [task.start?.description ?? "", String(task.durationMinutes ?? 0)]
                #expect([["08:00", "15"], ["09:00", "45"], ["10:00", "60"]].contains(placed), "\(placed)")
                #expect(task.title == "Swim \(round)")
            }
        }
    }
}
