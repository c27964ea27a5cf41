import DaybookCore
import DaybookTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import DaybookWeb

@Suite("The newest words of one editing session win; only another writer's version makes two to choose from")
struct JournalSessionTests {
    static let madeAt = HTTPField.Name("Daybook-Made-At")!
    static let start = Date.iso("2026-11-21T08:30:00+09:00")
    static let entryID = "6f1c2a4e-8b7d-4c3e-9a1f-2d5e6b7c8d90"
    static let phone = "0b7e3c1a-5d2f-4e6a-8c9b-1a2b3c4d5e6f"

    /// A save as the editor sends it: `revision` is where it started, `made` seconds after the start.
    func save(
        _ browser: inout Browser, _ body: String, revision: Int?, made: Double, lineage: String? = phone
    ) async throws -> TestResponse {
        let when = ISO8601DateFormatter().string(from: Self.start.addingTimeInterval(made))
        var json: [String: Any] = ["title": "Platform nine", "body": body]
        if let lineage { json["lineage"] = lineage }
        let method: HTTPRequest.Method
        let path: String
        if let revision {
            (json["revision"], json["onConflict"]) = (revision, "keepBoth")
            (method, path) = (.patch, "/api/v1/entries/\(Self.entryID)")
        } else {
            json["id"] = Self.entryID
            (method, path) = (.post, "/api/v1/entries")
        }
        let data = try JSONSerialization.data(withJSONObject: json)
        return try await browser.send(
            path, method: method, headers: [.contentType: "application/json", Self.madeAt: when],
            body: ByteBuffer(bytes: data))
    }

    func entry(_ browser: inout Browser) async throws -> [String: Any] {
        try jsonObject(try await browser.get("/api/v1/entries/\(Self.entryID)"))
    }

    func titles(_ browser: inout Browser) async throws -> [String] {
        let list = try jsonObject(try await browser.get("/api/v1/entries"))
        return (list["entries"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
    }

    @Test("a new entry sent again after its answer was lost is still one entry, holding the newest words")
    func newEntrySentTwice() async throws {
        let clock = ManualClock(Self.start.addingTimeInterval(600))
        let app = try await TestApp.make(settings: Fixtures.settings(), clock: clock)
        try await app.browse { browser in
            // Given a phone's new entry, its id chosen on the phone, saved once
            let first = try await save(&browser, "The train was late.", revision: nil, made: 0)
            #expect(first.status == .created)
            #expect(try jsonObject(first)["id"] as? String == Self.entryID)

            // When the phone, which never heard the answer, sends its newer words as the same new entry
            let again = try await save(&browser, "The train was late. I wrote on the bench.", revision: nil, made: 60)

            // Then they are that entry's next version: one entry, the newest words, nothing to choose from
            #expect(again.status == .ok)
            #expect(try await titles(&browser) == ["Platform nine"])
            let stored = try await entry(&browser)
            #expect(stored["body"] as? String == "The train was late. I wrote on the bench.")
            #expect(stored["revision"] as? Int == 2)
            #expect(stored["conflict"] == nil)

            // And the words it sent before those, arriving last, change nothing
            let late = try await save(&browser, "The train was late.", revision: nil, made: 30)
            #expect(late.status == .ok)
            #expect(try await entry(&browser)["body"] as? String == "The train was late. I wrote on the bench.")
        }
    }

    @Test("successive saves of one editing session never conflict, though each names the revision it started from")
    func successiveSavesOfOneSession() async throws {
        let clock = ManualClock(Self.start.addingTimeInterval(600))
        let app = try await TestApp.make(settings: Fixtures.settings(), clock: clock)
        try await app.browse { browser in
            _ = try await save(&browser, "Rain.", revision: nil, made: 0)
            // Given two saves made offline from revision 1, the first of which arrived (its answer lost)
            #expect(try await save(&browser, "Rain on the window.", revision: 1, made: 60).status == .ok)
            // When the second arrives, still naming revision 1
            let newest = try await save(&browser, "Rain on the window; two chapters read.", revision: 1, made: 120)

            // Then the newest words are the entry, and nothing says it changed on two devices
            #expect(newest.status == .ok)
            let stored = try await entry(&browser)
            #expect(stored["body"] as? String == "Rain on the window; two chapters read.")
            #expect(stored["revision"] as? Int == 3)
            #expect(stored["conflict"] == nil)
            #expect(!(try await browser.get("/journal/\(Self.entryID)").text.contains("Changed on two devices")))
        }
    }

    @Test("another writer's change since the version a device started from keeps both; the later made wins")
    func anotherWriterKeepsBoth() async throws {
        let clock = ManualClock(Self.start.addingTimeInterval(600))
        let app = try await TestApp.make(settings: Fixtures.settings(), clock: clock)
        try await app.browse { browser in
            _ = try await save(&browser, "Rain.", revision: nil, made: 0)
            // Given the desktop (no session) changing the entry now, ten minutes after it was written
            let desktop = try await browser.send(
                .patch, "/api/v1/entries/\(Self.entryID)", json: #"{"body": "Desk words.", "revision": 1}"#)
            #expect(desktop.status == .ok)
            clock.advance(by: 60)

            // When the phone's words, made offline before the desktop's, arrive after them
            let phone = try await save(&browser, "Phone words.", revision: 1, made: 120)

            // Then the desktop's stay the entry, and the phone's wait beside them for the person to choose
            #expect(phone.status == .ok)
            let stored = try await entry(&browser)
            #expect(stored["body"] as? String == "Desk words.")
            let conflict = try #require(stored["conflict"] as? [String: Any])
            #expect(conflict["body"] as? String == "Phone words.")
            #expect(try await browser.get("/journal/\(Self.entryID)").text.contains("Changed on two devices"))

            // And a second phone save of the same session, made later than the desktop's, becomes the entry,
            // the desktop's words still kept beside it
            let later = try await save(&browser, "Phone words, later.", revision: 1, made: 700)
            #expect(later.status == .ok)
            let after = try await entry(&browser)
            #expect(after["body"] as? String == "Phone words, later.")
            #expect(after["conflict"] != nil)
        }
    }

    @Test("an id or an editing session a device may not name is refused with the reason, and nothing is saved")
    func refusedNames() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings(), clock: ManualClock(Self.start))
        try await app.browse { browser in
            _ = try await save(&browser, "Rain.", revision: nil, made: 0)
            // The same id from a writer that names no session: another entry's id
            let taken = try await save(&browser, "Someone else's.", revision: nil, made: 0, lineage: nil)
            #expect(taken.status == .conflict)
            let error = try #require(try jsonObject(taken)["error"] as? [String: Any])
            #expect(error["code"] as? String == "entryIDTaken")
            #expect(error["message"] as? String == "Another entry already has this id; nothing was saved.")
            // An editing session named with spaces
            let odd = try await save(&browser, "Odd.", revision: 1, made: 0, lineage: "my phone")
            #expect(odd.status.code / 100 == 4)
            #expect(try await entry(&browser)["body"] as? String == "Rain.")
            // An id that is not a UUID
            let id = try await browser.send(
                .post, "/api/v1/entries", json: #"{"id": "../../etc", "title": "x", "body": "y"}"#)
            #expect(id.status.code / 100 == 4)
            #expect(try await titles(&browser) == ["Platform nine"])
        }
    }
}
