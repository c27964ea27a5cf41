import DaybookCore
import DaybookTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import ZIPFoundation

@testable import DaybookWeb

@Suite("An entry changed on two devices keeps both texts until the person chooses one")
struct JournalConflictTests {
    static let madeAt = HTTPField.Name("Daybook-Made-At")!
    static let key = HTTPField.Name("Idempotency-Key")!
    static let start = Date.iso("2026-11-21T08:30:00+09:00")

    func entry(_ browser: inout Browser, _ id: String) async throws -> [String: Any] {
        try jsonObject(try await browser.get("/api/v1/entries/\(id)"))
    }

    /// An entry at revision 1, then saved from a second device at revision 2 a minute later.
    func editedElsewhere(_ browser: inout Browser, clock: ManualClock, desk: String) async throws -> String {
        try await browser.get("/journal")
        let created = try jsonObject(
            try await browser.send(.post, "/api/v1/entries", json: #"{"title": "Harbour", "body": "Gulls."}"#))
        let id = try #require(created["id"] as? String)
        clock.advance(by: 60)
        let desktop = try await browser.send(
            .patch, "/api/v1/entries/\(id)", json: #"{"body": "\#(desk)", "revision": 1}"#)
        #expect(desktop.status == .ok)
        clock.advance(by: 60)
        return id
    }

    func phoneForm(_ body: String) -> [String: String] {
        ["title": "Harbour", "body": body, "tags": "sea", "revision": "1", "date": ""]
    }

    @Test("an edit made offline before the desktop's arrives later: the desktop's stays, the phone's waits beside it")
    func offlineEditThroughTheForm() async throws {
        let clock = ManualClock(Self.start)
        let app = try await TestApp.make(settings: Fixtures.settings(), clock: clock)
        try await app.browse { browser in
            let id = try await editedElsewhere(&browser, clock: clock, desk: "Desk words.")
            let cursor = try #require(try jsonObject(try await browser.get("/api/v1/changes"))["cursor"] as? String)
            // Given the phone's edit, made offline 30 s after the entry was written, replayed from its outbox now
            let made = ISO8601DateFormatter().string(from: Self.start.addingTimeInterval(30))
            // (in a fixed order, as the outbox keeps the body it first sent)
            let fields = phoneForm("Phone words.").sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
            let replayed = try await browser.post(
                "/journal/\(id)", form: [:], repeated: fields, headers: [Self.madeAt: made, Self.key: "k-1"])
            #expect(replayed.status == .seeOther)
            #expect(replayed.headers[.location] == "/journal/\(id)")

            // Then the entry holds the later (desktop) text and the phone's waits as its conflict
            let stored = try await entry(&browser, id)
            #expect(stored["body"] as? String == "Desk words.")
            #expect(stored["revision"] as? Int == 3)
            let conflict = try #require(stored["conflict"] as? [String: Any])
            #expect(conflict["body"] as? String == "Phone words.")
            #expect(conflict["tags"] as? [String] == ["sea"])
            #expect(conflict["baseRevision"] as? Int == 1)
            #expect(conflict["madeAt"] as? String == "2026-11-21T08:30:30+09:00")
            #expect(conflict["entryMadeAt"] as? String == "2026-11-21T08:31:00+09:00")

            // The page says so, with both texts and a button for each
            let page = try await browser.get("/journal/\(id)").text
            #expect(page.contains("Changed on two devices"))
            #expect(page.contains("Desk words.") && page.contains("Phone words."))
            #expect(page.contains(#"id="keep-entry""#) && page.contains(#"id="keep-other""#))
            #expect(page.components(separatedBy: "Keep this one").count == 3)
            #expect(try await browser.get("/journal/\(id)/edit").text.contains("Changed on two devices"))
            let list = try await browser.get("/journal").text
            #expect(list.contains("two-devices-badge"))
            // The changes feed names the entry
            let changes = try jsonObject(try await browser.get("/api/v1/changes?since=\(cursor)"))
            let changed = try #require(changes["changes"] as? [[String: Any]])
            #expect(changed.contains { $0["kind"] as? String == "entry" && $0["id"] as? String == id })

            // A replay of the same outbox item changes nothing more
            let again = try await browser.post(
                "/journal/\(id)", form: [:], repeated: fields, headers: [Self.madeAt: made, Self.key: "k-1"])
            #expect(again.status == .seeOther)
            #expect(try await entry(&browser, id)["revision"] as? Int == 3)

            // When the person keeps the phone's text
            let seen = try #require(changes["cursor"] as? String)
            let conflictID = try #require(conflict["id"] as? String)
            let chosen = try await browser.post("/journal/\(id)/conflicts/\(conflictID)", form: ["keep": "other"])
            #expect(chosen.status == .seeOther)

            // Then it is the entry, with a new revision, and the desktop's text is set aside, not lost
            let after = try await entry(&browser, id)
            #expect(after["body"] as? String == "Phone words.")
            #expect(after["tags"] as? [String] == ["sea"])
            #expect(after["revision"] as? Int == 4)
            #expect(after["conflict"] == nil)
            let sinceChoice = try jsonObject(try await browser.get("/api/v1/changes?since=\(seen)"))
            #expect((sinceChoice["changes"] as? [[String: Any]])?.map { $0["id"] as? String } == [id])
            let resolved = try await browser.get("/journal/\(id)").text
            #expect(!resolved.contains("Changed on two devices"))
            #expect(resolved.contains("Versions not kept") && resolved.contains("Desk words."))
            #expect(!(try await browser.get("/journal").text.contains("two-devices-badge")))

            // And deleting the version set aside removes it for good
            let deleted = try await browser.post("/journal/\(id)/conflicts/\(conflictID)/delete", form: [:])
            #expect(deleted.status == .seeOther)
            #expect(!(try await browser.get("/journal/\(id)").text.contains("Desk words.")))
        }
    }

    @Test(
        "a page without scripts posting a stale edit: its text becomes the entry, the other is kept; keeping the entry bumps the revision"
    )
    func plainStaleForm() async throws {
        let clock = ManualClock(Self.start)
        let app = try await TestApp.make(settings: Fixtures.settings(), clock: clock)
        try await app.browse { browser in
            let id = try await editedElsewhere(&browser, clock: clock, desk: "Desk words.")
            let posted = try await browser.post("/journal/\(id)", form: phoneForm("Typed on the old page."))
            #expect(posted.status == .seeOther)
            let stored = try await entry(&browser, id)
            #expect(stored["body"] as? String == "Typed on the old page.")
            let conflict = try #require(stored["conflict"] as? [String: Any])
            #expect(conflict["body"] as? String == "Desk words.")

            let kept = try await browser.post(
                "/journal/\(id)/conflicts/\(try #require(conflict["id"] as? String))", form: ["keep": "entry"])
            #expect(kept.status == .seeOther)
            let after = try await entry(&browser, id)
            #expect(after["body"] as? String == "Typed on the old page.")
            #expect(after["revision"] as? Int == (stored["revision"] as? Int ?? 0) + 1)
            #expect(after["conflict"] == nil)
        }
    }

    @Test("two devices that wrote the same thing have nothing to choose between")
    func sameWordsNoConflict() async throws {
        let clock = ManualClock(Self.start)
        let app = try await TestApp.make(settings: Fixtures.settings(), clock: clock)
        try await app.browse { browser in
            let id = try await editedElsewhere(&browser, clock: clock, desk: "Same words.")
            let stored = try await entry(&browser, id)
            let posted = try await browser.post(
                "/journal/\(id)", form: ["title": "Harbour", "body": "Same words.", "revision": "1", "date": ""])
            #expect(posted.status == .seeOther)
            let after = try await entry(&browser, id)
            #expect(after["conflict"] == nil)
            #expect(after["revision"] as? Int == stored["revision"] as? Int)
            #expect(!(try await browser.get("/journal/\(id)").text.contains("Changed on two devices")))
        }
    }

    @Test("the API keeps answering 409 to a stale change, and keeps both when asked to")
    func keyedAPI() async throws {
        let clock = ManualClock(Self.start)
        let app = try await TestApp.make(settings: Fixtures.settings(), clock: clock)
        try await app.browse { browser in
            let id = try await editedElsewhere(&browser, clock: clock, desk: "Desk words.")
            let plain = try await browser.send(
                .patch, "/api/v1/entries/\(id)", json: #"{"body": "Phone words.", "revision": 1}"#)
            #expect(plain.status == .conflict)
            #expect(try await entry(&browser, id)["conflict"] == nil)

            let made = ISO8601DateFormatter().string(from: Self.start.addingTimeInterval(90))
            let merged = try await browser.send(
                "/api/v1/entries/\(id)", method: .patch,
                headers: [.contentType: "application/json", Self.key: "api-1", Self.madeAt: made],
                body: ByteBuffer(string: #"{"body": "Phone words.", "revision": 1, "onConflict": "keepBoth"}"#))
            #expect(merged.status == .ok)
            let answer = try jsonObject(merged)
            // Made 30 s after the desktop's save: the phone's text is the entry
            #expect(answer["body"] as? String == "Phone words.")
            #expect((answer["conflict"] as? [String: Any])?["body"] as? String == "Desk words.")

            let conflictID = try #require((answer["conflict"] as? [String: Any])?["id"] as? String)
            let chosen = try await browser.send(
                .post, "/api/v1/entries/\(id)/conflicts/\(conflictID)", json: #"{"keep": "other"}"#)
            #expect(chosen.status == .ok)
            let after = try jsonObject(chosen)
            #expect(after["body"] as? String == "Desk words.")
            #expect(after["conflict"] == nil)
        }
    }

    @Test(
        "choosing where there is nothing to choose, another entry's choice, a stale token or a bad time: 4xx, nothing changed"
    )
    func refusals() async throws {
        let clock = ManualClock(Self.start)
        let app = try await TestApp.make(settings: Fixtures.settings(), clock: clock)
        try await app.browse { browser in
            let id = try await editedElsewhere(&browser, clock: clock, desk: "Desk words.")
            let other = try #require(
                try jsonObject(try await browser.send(.post, "/api/v1/entries", json: #"{"body": "Calm."}"#))["id"]
                    as? String)
            // No conflict yet on either entry
            let none = try await browser.post("/journal/\(other)/conflicts/nothing", form: ["keep": "entry"])
            #expect(none.status == .notFound)
            #expect(none.text.contains("no such version waiting to be chosen"))

            let made = "2026-11-21T08:30:30+09:00"
            #expect(
                try await browser.post("/journal/\(id)", form: phoneForm("Phone."), headers: [Self.madeAt: made])
                    .status == .seeOther)
            let stored = try await entry(&browser, id)
            let conflictID = try #require((stored["conflict"] as? [String: Any])?["id"] as? String)

            // Another entry's conflict id
            let foreign = try await browser.post("/journal/\(other)/conflicts/\(conflictID)", form: ["keep": "other"])
            #expect(foreign.status == .notFound)
            #expect(try await entry(&browser, other)["body"] as? String == "Calm.")
            // A choice that names neither version
            let neither = try await browser.post("/journal/\(id)/conflicts/\(conflictID)", form: ["keep": "both"])
            #expect(neither.status == .unprocessableContent)
            #expect(neither.text.contains("Choose one of the two versions"))
            // A stale CSRF token
            let forged = try await browser.post(
                "/journal/\(id)/conflicts/\(conflictID)", form: ["keep": "other"], csrf: "stale-token")
            #expect(forged.status == .forbidden)
            // A time that is not one
            let badTime = try await browser.post(
                "/journal/\(id)", form: phoneForm("Other words."), headers: [Self.madeAt: "yesterday"])
            #expect(badTime.status == .badRequest)
            #expect(badTime.text.contains(#""code":"invalidMadeAt""#))
            let api = try await browser.send(
                .post, "/api/v1/entries/\(id)/conflicts/\(conflictID)", json: #"{"keep": "mine"}"#)
            #expect(api.status.code >= 400 && api.status.code < 500)

            let after = try await entry(&browser, id)
            #expect(after["body"] as? String == stored["body"] as? String)
            #expect(after["revision"] as? Int == stored["revision"] as? Int)
            #expect((after["conflict"] as? [String: Any])?["id"] as? String == conflictID)

            // Once chosen, choosing again says there is nothing left to choose
            #expect(
                try await browser.post("/journal/\(id)/conflicts/\(conflictID)", form: ["keep": "entry"]).status
                    == .seeOther)
            let twice = try await browser.post("/journal/\(id)/conflicts/\(conflictID)", form: ["keep": "other"])
            #expect(twice.status == .notFound)
            #expect(try await entry(&browser, id)["body"] as? String == stored["body"] as? String)
        }
    }

    @Test("Korean: the page says it in the owner's language")
    func korean() async throws {
        let clock = ManualClock(Self.start)
        let app = try await TestApp.make(settings: Fixtures.settings(language: .korean), clock: clock)
        try await app.browse { browser in
            browser.acceptLanguage = "ko-KR"
            try await browser.get("/journal")
            let created = try jsonObject(
                try await browser.send(.post, "/api/v1/entries", json: #"{"body": "바다."}"#))
            let id = try #require(created["id"] as? String)
            clock.advance(by: 60)
            _ = try await browser.send(.patch, "/api/v1/entries/\(id)", json: #"{"body": "책상.", "revision": 1}"#)
            _ = try await browser.post("/journal/\(id)", form: phoneForm("전화."))
            let page = try await browser.get("/journal/\(id)").text
            #expect(page.contains("두 기기에서 바뀌었어요"))
            #expect(page.contains("이 버전 남기기"))
        }
    }

    @Test("the export carries the other version; importing it back brings its words as an entry of their own")
    func exportKeepsTheOtherText() async throws {
        let clock = ManualClock(Self.start)
        let app = try await TestApp.make(settings: Fixtures.settings(), clock: clock)
        try await app.browse { browser in
            let id = try await editedElsewhere(&browser, clock: clock, desk: "Desk words.")
            _ = try await browser.post("/journal/\(id)", form: phoneForm("Phone words."))
            let response = try await browser.get("/settings/export.zip")
            #expect(response.status == .ok)
            let archive = try Archive(data: Data(buffer: response.body), accessMode: .read)
            var json = Data()
            _ = try archive.extract(try #require(archive["daybook-export/daybook.json"])) { json.append($0) }
            let root = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
            let tables = try #require(root["tables"] as? [String: [[String: Any]]])
            let kept = try #require(tables["journalConflict"])
            #expect(kept.map { $0["body"] as? String } == ["Desk words."])
            #expect(kept.first?["entryID"] as? String == id)

            let batch = try DaybookExportImport.parse(json)
            #expect(Set(batch.entries.map(\.body)) == ["Phone words.", "Desk words."])
        }
    }
}
