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

/// Four taps at the same moment on one write route — two devices, the lock screen and the page, an outbox replaying
/// beside a live tap — through the real router: what is stored is what one serial order of them leaves.
@Suite("Simultaneous writes")
struct SimultaneousWritesTests {
    /// Sends `bodies` to `path` at once; the statuses, in the order sent.
    func atOnce(
        _ client: some TestClientProtocol, _ method: HTTPRequest.Method, _ path: String, _ bodies: [String]
    ) async throws -> [HTTPResponse.Status] {
        try await withThrowingTaskGroup(of: (Int, HTTPResponse.Status).self) { group in
            for (index, body) in bodies.enumerated() {
                group.addTask {
                    let response = try await client.execute(
                        uri: path, method: method, headers: [.contentType: "application/json"],
                        body: ByteBuffer(string: body))
                    return (index, response.status)
                }
            }
            var statuses = [HTTPResponse.Status](repeating: .ok, count: bodies.count)
            for try await (index, status) in group { statuses[index] = status }
            return statuses
        }
    }

    func json(_ client: some TestClientProtocol, _ method: HTTPRequest.Method, _ path: String, _ body: String = "")
        async throws -> [String: Any]
    {
        let response = try await client.execute(
            uri: path, method: method, headers: [.contentType: "application/json"], body: ByteBuffer(string: body))
        return try #require(
            try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any])
    }

    func count(_ app: TestApp, _ sql: String) async throws -> Int {
        try await #require(app.database).writer.read { db in try Int.fetchOne(db, sql: sql) ?? 0 }
    }

    @Test("focus: four starts start one session; four stops record it once; four pauses pause once")
    func focus() async throws {
        let clock = ManualClock(.iso("2026-11-21T09:00:00+09:00"))
        let app = try await TestApp.make(settings: Fixtures.settings(), clock: clock)
        try await app.application.test(.router) { client in
            for _ in 1...3 {
                let starts = try await atOnce(client, .post, "/api/v1/focus/start", Array(repeating: "{}", count: 4))
                #expect(starts.filter { $0 == .ok }.count == 1 && starts.filter { $0 == .conflict }.count == 3)
                clock.advance(by: 120)
                let pauses = try await atOnce(client, .post, "/api/v1/focus/pause", Array(repeating: "", count: 4))
                #expect(pauses.filter { $0 == .ok }.count == 1, "\(pauses)")
                clock.advance(by: 60)
                let stops = try await atOnce(client, .post, "/api/v1/focus/stop", Array(repeating: "", count: 4))
                #expect(stops.filter { $0 == .ok }.count == 1 && stops.filter { $0 == .conflict }.count == 3)
                clock.advance(by: 60)
            }
        }
        #expect(try await count(app, "SELECT COUNT(*) FROM focusSession") == 3)
        #expect(try await count(app, "SELECT SUM(focusedSeconds) FROM focusSession") == 3 * 120)
    }

    @Test("a tracker's day: four ticks are one value; four different values leave exactly one of them")
    func trackerValues() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        let waterID = try await app.application.test(.router) { client in
            let walk = try await json(client, .post, "/api/v1/trackers", #"{"name":"Walk","kind":"boolean"}"#)
            let walkID = try #require(walk["id"] as? String)
            let ticks = try await atOnce(
                client, .put, "/api/v1/trackers/\(walkID)/values/today", Array(repeating: #"{"value":true}"#, count: 4))
            #expect(ticks.allSatisfy { $0 == .ok })
            let water = try await json(client, .post, "/api/v1/trackers", #"{"name":"Water","kind":"number"}"#)
            let waterID = try #require(water["id"] as? String)
            let values = ["1", "2", "3", "4"].map { #"{"value":\#($0)}"# }
            let sets = try await atOnce(client, .put, "/api/v1/trackers/\(waterID)/values/today", values)
            #expect(sets.allSatisfy { $0 == .ok })
            return waterID
        }
        #expect(try await count(app, "SELECT COUNT(*) FROM trackerValue") == 2)
        let water = try await count(
            app, "SELECT CAST(value AS INTEGER) FROM trackerValue WHERE trackerID = '\(waterID)'")
        #expect((1...4).contains(water))
    }

    @Test("a block: four \"done\" at once leave it done, once")
    func taskDone() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        try await app.application.test(.router) { client in
            let made = try await json(
                client, .post, "/api/v1/tasks", #"{"title":"Swim","start":"07:00","duration":30}"#)
            let id = try #require((made["task"] as? [String: Any])?["id"] as? String ?? made["id"] as? String)
            let done = try await atOnce(
                client, .post, "/api/v1/tasks/\(id)/done", Array(repeating: #"{"done":true}"#, count: 4))
            #expect(done.allSatisfy { $0 == .ok }, "\(done)")
            let day = try await json(client, .get, "/api/v1/tasks")
            let blocks = try #require(day["blocks"] as? [[String: Any]])
            #expect(blocks.count == 1 && blocks.first?["isDone"] as? Bool == true)
        }
    }

    @Test("an entry: four edits from the same revision keep one and set the other three beside it, none lost")
    func entryEdits() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        let bodies = ["From the phone.", "From the laptop.", "From the tablet.", "From the outbox."]
        try await app.application.test(.router) { client in
            let made = try await json(client, .post, "/api/v1/entries", #"{"title":"Pier","body":"First words."}"#)
            let id = try #require(made["id"] as? String)
            let revision = try #require(made["revision"] as? Int)
            let edits = bodies.map { #"{"body":"\#($0)","revision":\#(revision),"onConflict":"keepBoth"}"# }
            let statuses = try await atOnce(client, .patch, "/api/v1/entries/\(id)", edits)
            #expect(statuses.allSatisfy { $0 == .ok }, "\(statuses)")
            let entry = try await json(client, .get, "/api/v1/entries/\(id)")
            let standing = try #require(entry["body"] as? String)
            #expect(bodies.contains(standing))
        }
        // Every other edit is kept as a version beside it: four writers, four texts, nothing overwritten.
        #expect(try await count(app, "SELECT COUNT(*) FROM journalConflict") == 3)
    }
}
