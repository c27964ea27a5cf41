import Crypto
import DaybookCore
import DaybookDataFolder
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
        try await atOnce(client, bodies.map { (method, path, $0) })
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

    /// The statuses of `requests` sent at once, each `(method, path, body)` with a JSON body; in the order sent.
    func atOnce(_ client: some TestClientProtocol, _ requests: [(HTTPRequest.Method, String, String)]) async throws
        -> [HTTPResponse.Status]
    {
        try await atOnce(client, requests.map { ($0.0, $0.1, "application/json", Data($0.2.utf8)) })
    }

    /// The statuses of `requests` sent at once, each `(method, path, Content-Type, body)`; in the order sent.
    func atOnce(_ client: some TestClientProtocol, _ requests: [(HTTPRequest.Method, String, String, Data)])
        async throws -> [HTTPResponse.Status]
    {
        try await withThrowingTaskGroup(of: (Int, HTTPResponse.Status).self) { group in
            for (index, (method, path, type, body)) in requests.enumerated() {
                group.addTask {
                    let response = try await client.execute(
                        uri: path, method: method, headers: [.contentType: type], body: ByteBuffer(bytes: body))
                    return (index, response.status)
                }
            }
            var statuses = [HTTPResponse.Status](repeating: .ok, count: requests.count)
            for try await (index, status) in group { statuses[index] = status }
            return statuses
        }
    }

    /// A browser's push subscription to `endpoint`, with fresh keys, as the page sends it.
    func subscription(_ endpoint: String) -> String {
        let browserKey = Base64URL.encode(P256.KeyAgreement.PrivateKey().publicKey.x963Representation)
        return """
            {"endpoint":"\(endpoint)","keys":{"p256dh":"\(browserKey)","auth":"\(Base64URL.encode(WebPush.random(16)))"}}
            """
    }

    @Test("settings: four names and four time zones at once leave one whole change, not a mix")
    func settings() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        try await app.application.test(.router) { client in
            let changes = [
                ("Ana", "Asia/Seoul"), ("Ben", "Europe/Paris"), ("Cy", "America/Lima"), ("Di", "Asia/Tokyo"),
            ]
            let statuses = try await atOnce(
                client, .patch, "/api/v1/settings",
                changes.map { #"{"name":"\#($0.0)","timeZone":"\#($0.1)"}"# })
            #expect(statuses.allSatisfy { $0 == .ok }, "\(statuses)")
            let stored = try await json(client, .get, "/api/v1/settings")
            let values = try #require(stored["values"] as? [String: Any] ?? stored as [String: Any]?)
            let pair = (values["name"] as? String ?? "", values["timeZone"] as? String ?? "")
            #expect(changes.contains { $0 == pair }, "\(pair)")
        }
    }

    @Test("a Daily Log: four moods and a reflection at once leave one mood of the four and the reflection")
    func dailyLog() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        try await app.application.test(.router) { client in
            let path = "/api/v1/logs/2026-11-21"
            let statuses = try await atOnce(
                client,
                (1...4).map { (.patch, path, #"{"mood":\#($0)}"#) } + [(.patch, path, #"{"reflection":"Calm."}"#)])
            #expect(statuses.allSatisfy { $0 == .ok }, "\(statuses)")
            let log = try await json(client, .get, path)
            let values = try #require(log["values"] as? [String: Any] ?? log as [String: Any]?)
            #expect((1...4).contains(values["moodValue"] as? Int ?? 0), "\(log)")
            #expect(values["reflection"] as? String == "Calm.", "\(log)")
        }
        #expect(try await count(app, "SELECT COUNT(*) FROM dailyLog") == 1)
    }

    @Test("trackers: four orders at once leave one of them whole; four renames leave one name")
    func trackerOrderAndRename() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        try await app.application.test(.router) { client in
            var ids: [String] = []
            for name in ["Walk", "Read", "Water"] {
                let made = try await json(client, .post, "/api/v1/trackers", #"{"name":"\#(name)","kind":"boolean"}"#)
                ids.append(try #require(made["id"] as? String))
            }
            let orders = [ids, ids.reversed(), [ids[1], ids[0], ids[2]], [ids[2], ids[0], ids[1]]]
            let ordered = try await atOnce(
                client, .put, "/api/v1/trackers/order",
                orders.map { #"{"ids":[\#($0.map { "\"\($0)\"" }.joined(separator: ","))]}"# })
            #expect(ordered.allSatisfy { $0 == .ok }, "\(ordered)")
            let listed = try #require(try await json(client, .get, "/api/v1/trackers")["trackers"] as? [[String: Any]])
            #expect(orders.contains(listed.compactMap { $0["id"] as? String }))

            let names = ["Stroll", "Hike", "Wander", "Roam"]
            let renamed = try await atOnce(
                client, .patch, "/api/v1/trackers/\(ids[0])", names.map { #"{"name":"\#($0)"}"# })
            #expect(renamed.allSatisfy { $0 == .ok }, "\(renamed)")
            let walk = try await json(client, .get, "/api/v1/trackers/\(ids[0])")
            #expect(names.contains(walk["name"] as? String ?? ""), "\(walk)")
        }
        #expect(try await count(app, "SELECT COUNT(*) FROM tracker") == 3)
    }

    @Test("the trash: four deletes of one entry move it once; four restores bring it back once; four empties empty it")
    func trash() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        try await app.application.test(.router) { client in
            let made = try await json(client, .post, "/api/v1/entries", #"{"title":"Pier","body":"Words."}"#)
            let id = try #require(made["id"] as? String)
            let deletes = try await atOnce(client, .delete, "/api/v1/entries/\(id)", Array(repeating: "", count: 4))
            #expect(deletes.allSatisfy { $0 == .noContent || $0 == .notFound }, "\(deletes)")
            #expect(deletes.contains(.noContent))
            let restores = try await atOnce(
                client, .post, "/api/v1/entries/\(id)/restore", Array(repeating: "", count: 4))
            #expect(restores.allSatisfy { $0 == .ok }, "\(restores)")
            #expect(try await json(client, .get, "/api/v1/entries/\(id)")["deletedAt"] == nil)
            _ = try await atOnce(client, .delete, "/api/v1/entries/\(id)", [""])
            let empties = try await atOnce(client, .delete, "/api/v1/trash", Array(repeating: "", count: 4))
            #expect(empties.allSatisfy { $0 == .noContent }, "\(empties)")
        }
        #expect(try await count(app, "SELECT COUNT(*) FROM journalEntry") == 0)
    }

    @Test("a new entry sent four times at once by its device (one id, one session) is one entry")
    func entryCreatedFromTheDevice() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        let id = "5b0a4e9e-8f43-4c55-9d0e-2f7f1c3a9b21"
        try await app.application.test(.router) { client in
            let statuses = try await atOnce(
                client, .post, "/api/v1/entries",
                Array(repeating: #"{"id":"\#(id)","lineage":"phone-1","title":"Train","body":"Words."}"#, count: 4))
            #expect(statuses.allSatisfy { $0 == .created || $0 == .ok }, "\(statuses)")
            #expect(statuses.filter { $0 == .created }.count == 1, "\(statuses)")
        }
        #expect(try await count(app, "SELECT COUNT(*) FROM journalEntry") == 1)
    }

    @Test("focus: four resumes resume once; four extensions add four; four sounds leave one of them")
    func focusChanges() async throws {
        let clock = ManualClock(.iso("2026-11-21T09:00:00+09:00"))
        let app = try await TestApp.make(settings: Fixtures.settings(), clock: clock)
        try await app.application.test(.router) { client in
            _ = try await json(client, .post, "/api/v1/focus/start", #"{"minutes":25}"#)
            clock.advance(by: 60)
            _ = try await json(client, .post, "/api/v1/focus/pause")
            let resumes = try await atOnce(client, .post, "/api/v1/focus/resume", Array(repeating: "", count: 4))
            #expect(resumes.filter { $0 == .ok }.count == 1 && resumes.filter { $0 == .conflict }.count == 3)
            let extensions = try await atOnce(
                client, .post, "/api/v1/focus/extend", Array(repeating: #"{"minutes":5}"#, count: 4))
            #expect(extensions.allSatisfy { $0 == .ok }, "\(extensions)")
            #expect(try await json(client, .get, "/api/v1/focus")["plannedSeconds"] as? Int == (25 + 4 * 5) * 60)
            let sounds = ["rain", "birdsong", "waves", "none"]
            let changes = try await atOnce(client, .post, "/api/v1/focus/sound", sounds.map { #"{"sound":"\#($0)"}"# })
            #expect(changes.allSatisfy { $0 == .ok }, "\(changes)")
            let sound = try #require(try await json(client, .get, "/api/v1/focus")["sound"] as? String)
            #expect(sounds.contains(sound))
            let stops = try await atOnce(client, .post, "/api/v1/focus/stop", Array(repeating: "", count: 4))
            #expect(stops.filter { $0 == .ok }.count == 1)
        }
        #expect(try await count(app, "SELECT COUNT(*) FROM focusSession") == 1)
    }

    @Test("a block: four renames leave one whole; four deletes delete it once; four adds of one block are one")
    func blocks() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        try await app.application.test(.router) { client in
            let made = try await json(
                client, .post, "/api/v1/tasks", #"{"title":"Swim","start":"07:00","duration":30}"#)
            let id = try #require(made["id"] as? String)
            let titles = ["Swim far", "Swim short", "Run", "Read"]
            let renames = try await atOnce(
                client, .patch, "/api/v1/tasks/\(id)",
                titles.enumerated().map { #"{"title":"\#($1)","start":"0\#($0 + 6):00","duration":30}"# })
            #expect(renames.allSatisfy { $0 == .ok }, "\(renames)")
            let tasks = try #require(try await json(client, .get, "/api/v1/tasks")["blocks"] as? [[String: Any]])
            let renamed = try #require(tasks.first { $0["id"] as? String == id })
            let title = try #require(renamed["title"] as? String)
            let index = try #require(titles.firstIndex(of: title))
            // The start came with that title: one change whole, never one's title with another's time.
            #expect((renamed["start"] as? String)?.hasPrefix("0\(index + 6):00") == true, "\(renamed)")
            let deletes = try await atOnce(client, .delete, "/api/v1/tasks/\(id)", Array(repeating: "", count: 4))
            #expect(deletes.filter { $0 == .noContent }.count >= 1, "\(deletes)")
            #expect(deletes.allSatisfy { $0 == .noContent || $0 == .notFound }, "\(deletes)")
            let block = "8e1f5a52-7d1c-4b7a-9a53-2b1f0c6e4d10"
            let adds = try await atOnce(
                client, .post, "/api/v1/tasks",
                Array(repeating: #"{"id":"\#(block)","title":"Tea","start":"16:00","duration":15}"#, count: 4))
            #expect(adds.allSatisfy { $0 == .created || $0 == .ok }, "\(adds)")
        }
        #expect(try await count(app, "SELECT COUNT(*) FROM task") == 1)
    }

    @Test("trackers: four adds of one name make one; four deletes delete once; four clears clear the day once")
    func trackerLifecycle() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        try await app.application.test(.router) { client in
            let adds = try await atOnce(
                client, .post, "/api/v1/trackers", Array(repeating: #"{"name":"Stretch","kind":"boolean"}"#, count: 4))
            #expect(adds.filter { $0 == .created }.count == 1, "\(adds)")
            #expect(adds.allSatisfy { $0 == .created || $0 == .conflict }, "\(adds)")
            let listed = try #require(try await json(client, .get, "/api/v1/trackers")["trackers"] as? [[String: Any]])
            let id = try #require(listed.first?["id"] as? String)
            _ = try await json(client, .put, "/api/v1/trackers/\(id)/values/today", #"{"value":true}"#)
            let clears = try await atOnce(
                client, .delete, "/api/v1/trackers/\(id)/values/today", Array(repeating: "", count: 4))
            #expect(clears.allSatisfy { $0 == .noContent || $0 == .notFound }, "\(clears)")
            #expect(try await count(app, "SELECT COUNT(*) FROM trackerValue") == 0)
            let deletes = try await atOnce(client, .delete, "/api/v1/trackers/\(id)", Array(repeating: "", count: 4))
            #expect(deletes.filter { $0 == .noContent }.count >= 1, "\(deletes)")
            #expect(deletes.allSatisfy { $0 == .noContent || $0 == .notFound }, "\(deletes)")
        }
        #expect(try await count(app, "SELECT COUNT(*) FROM tracker") == 0)
    }

    @Test("an entry's two versions: four choices at once keep one version, once, and the choice is gone")
    func conflictChoices() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        try await app.application.test(.router) { client in
            let made = try await json(client, .post, "/api/v1/entries", #"{"title":"Pier","body":"First words."}"#)
            let id = try #require(made["id"] as? String)
            let revision = try #require(made["revision"] as? Int)
            for body in ["From the phone.", "From the laptop."] {
                _ = try await json(
                    client, .patch, "/api/v1/entries/\(id)",
                    #"{"body":"\#(body)","revision":\#(revision),"onConflict":"keepBoth"}"#)
            }
            let entry = try await json(client, .get, "/api/v1/entries/\(id)")
            let conflict = try #require((entry["conflict"] as? [String: Any])?["id"] as? String)
            let choices = try await atOnce(
                client, .post, "/api/v1/entries/\(id)/conflicts/\(conflict)",
                [#"{"keep":"other"}"#, #"{"keep":"entry"}"#, #"{"keep":"other"}"#, #"{"keep":"entry"}"#])
            #expect(choices.filter { $0 == .ok }.count == 1, "\(choices)")
            #expect(choices.allSatisfy { $0 == .ok || $0 == .notFound }, "\(choices)")
            let body = try #require(try await json(client, .get, "/api/v1/entries/\(id)")["body"] as? String)
            #expect(["From the phone.", "From the laptop."].contains(body))
        }
        #expect(try await count(app, "SELECT COUNT(*) FROM journalConflict WHERE resolvedAt IS NULL") == 0)
        #expect(try await count(app, "SELECT COUNT(*) FROM journalConflict") == 1)
    }

    @Test("reminders, connections and a phone's push subscription: four at once leave one whole change, one row")
    func ownerChoices() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        try await app.application.test(.router) { client in
            let times = ["21:30", "22:00", "20:15", "23:45"]
            let reminders = try await atOnce(
                client, .patch, "/api/v1/reminders", times.map { #"{"journalTime":"\#($0)"}"# })
            #expect(reminders.allSatisfy { $0 == .ok }, "\(reminders)")
            let time = try #require(try await json(client, .get, "/api/v1/reminders")["journalTime"] as? String)
            #expect(times.contains(time))
            let switches = try await atOnce(
                client, .patch, "/api/v1/connections",
                [#"{"weather":true}"#, #"{"weather":false}"#, #"{"weather":true}"#, #"{"weather":false}"#])
            #expect(switches.allSatisfy { $0 == .ok }, "\(switches)")
            let subscribes = try await atOnce(
                client, .post, "/api/v1/push/subscriptions",
                Array(repeating: subscription("https://push.example/1"), count: 4))
            #expect(subscribes.allSatisfy { $0 == .noContent || $0 == .created || $0 == .ok }, "\(subscribes)")
            #expect(try await json(client, .get, "/api/v1/reminders")["subscriptions"] as? Int == 1)
        }
    }

    /// The statuses of `count` copies of one request with a body of bytes, sent at once.
    func atOnce(
        _ client: some TestClientProtocol, _ method: HTTPRequest.Method, _ path: String, type: String, _ body: Data,
        count: Int = 4
    ) async throws -> [HTTPResponse.Status] {
        try await atOnce(client, Array(repeating: (method, path, type, body), count: count))
    }

    @Test("a photo put four times at once under the id its device chose is one photo; four deletes delete it once")
    func photos() async throws {
        let folder = Fixtures.temporaryFolder()
        let app = try await TestApp.make(settings: Fixtures.settings(), dataFolder: folder)
        let png = try TestPictures.make(.png, width: 40, height: 30)
        let id = "3c9d2e1f-7a4b-4c5d-8e6f-0a1b2c3d4e5f"
        let photos = folder.appendingPathComponent("photos")
        @Sendable func stored() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: photos.path)) ?? []).filter { !$0.hasPrefix(".") }
        }
        try await app.application.test(.router) { client in
            let puts = try await atOnce(client, .put, "/api/v1/photos/\(id)", type: "image/png", png)
            #expect(puts.filter { $0 == .created }.count == 1, "\(puts)")
            #expect(puts.filter { $0 == .ok }.count == 3, "\(puts)")
            #expect(stored() == [id])
            #expect(try await count(app, "SELECT COUNT(*) FROM photo") == 1)

            let deletes = try await atOnce(client, .delete, "/api/v1/photos/\(id)", type: "application/json", Data())
            #expect(deletes.filter { $0 == .noContent }.count == 1, "\(deletes)")
            #expect(deletes.filter { $0 == .notFound }.count == 3, "\(deletes)")
            #expect(stored().isEmpty)
            #expect(try await count(app, "SELECT COUNT(*) FROM photo") == 0)
        }
    }

    @Test("one jrnl file imported from four tabs at once comes in once; the others find it already there")
    func importsAtOnce() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        let jrnl = Data(
            """
            [2025-01-06 09:30] Standup. Talked about the release. @work
            [2025-01-07 21:10] Walked to the harbour. The light on the water.
            [2025-01-08 07:45] Early train; read on the way.

            """.utf8)
        try await app.application.test(.router) { client in
            let imports = try await atOnce(
                client, .post, "/api/v1/import/jrnl", type: "application/octet-stream", jrnl)
            #expect(imports.allSatisfy { $0 == .ok || $0 == .created }, "\(imports)")
        }
        #expect(try await count(app, "SELECT COUNT(*) FROM journalEntry") == 3)
    }

    @Test("a phone's push subscription ended from four places at once is gone, and each is answered alike")
    func pushUnsubscribe() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        try await app.application.test(.router) { client in
            let endpoint = "https://push.example/ending"
            _ = try await atOnce(
                client, .post, "/api/v1/push/subscriptions", type: "application/json",
                Data(subscription(endpoint).utf8), count: 1)
            #expect(try await json(client, .get, "/api/v1/reminders")["subscriptions"] as? Int == 1)
            let ends = try await atOnce(
                client, .delete, "/api/v1/push/subscriptions", type: "application/json",
                Data(#"{"endpoint":"\#(endpoint)"}"#.utf8))
            #expect(ends.allSatisfy { $0 == .noContent }, "\(ends)")
            #expect(try await json(client, .get, "/api/v1/reminders")["subscriptions"] as? Int == 0)
        }
    }

    @Test("the last trackers below the limit added from four tabs at once: the limit holds, the others are told why")
    func trackersAtTheLimit() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        let database = try #require(app.database)
        for n in 1...(Tracker.Limits.count - 2) {
            _ = try await database.createTracker(
                Tracker(id: "t\(n)", name: "Tracker \(n)", kind: .boolean, createdAt: .iso("2026-11-01T09:00:00Z")),
                limit: Tracker.Limits.count)
        }
        try await app.application.test(.router) { client in
            let adds = try await atOnce(
                client, (1...4).map { (.post, "/api/v1/trackers", #"{"name":"Tab \#($0)","kind":"boolean"}"#) })
            #expect(adds.filter { $0 == .created }.count == 2, "\(adds)")
            #expect(adds.filter { $0 == .conflict }.count == 2, "\(adds)")
        }
        #expect(try await count(app, "SELECT COUNT(*) FROM tracker") == Tracker.Limits.count)
    }
}
