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

/// The page forms no API route shares an interactor with, each sent four times at the same moment — a double tap,
/// two tabs, the outbox replaying beside a live tap — through the real router with the page's cookies and CSRF
/// token: what is stored is what one serial order of them leaves.
@Suite("Simultaneous form posts")
struct SimultaneousFormsTests {
    /// Posts each form to `path` at once from `browser`'s session; the statuses, in the order sent.
    func atOnce(_ browser: Browser, _ path: String, _ forms: [[String: String]], headers: HTTPFields = [:])
        async throws -> [HTTPResponse.Status]
    {
        try await withThrowingTaskGroup(of: (Int, HTTPResponse.Status).self) { group in
            for (index, form) in forms.enumerated() {
                group.addTask {
                    var sender = browser
                    return (index, try await sender.post(path, form: form, headers: headers).status)
                }
            }
            var statuses = [HTTPResponse.Status](repeating: .ok, count: forms.count)
            for try await (index, status) in group { statuses[index] = status }
            return statuses
        }
    }

    func count(_ app: TestApp, _ sql: String) async throws -> Int {
        try await #require(app.database).writer.read { db in try Int.fetchOne(db, sql: sql) ?? 0 }
    }

    @Test("one pairing link opened on four phones at once signs exactly one of them in")
    func pairing() async throws {
        let app = try await PairingTests.lockedApp()
        try await app.browse { owner in
            try await PairingTests.signIn(&owner)
            let code = try await PairingTests.makeLink(&owner)
            var phone = Browser(client: owner.client)
            try await phone.get("/pair", headers: [.userAgent: PairingTests.iPhone])
            let answers = try await atOnce(
                phone, "/pair", Array(repeating: ["code": code], count: 4), headers: [.userAgent: PairingTests.iPhone])
            #expect(answers.filter { $0 == .seeOther }.count == 1, "\(answers)")
            #expect(answers.allSatisfy { $0 == .seeOther || $0 == .gone }, "\(answers)")
        }
        // The owner's own session and the one phone's.
        #expect(try await count(app, "SELECT COUNT(*) FROM loginSession") == 2)
    }

    @Test("a token revoked and a device signed out from two tabs at once: each ends once, the rest are told")
    func endings() async throws {
        let app = try await PairingTests.lockedApp()
        try await app.browse { owner in
            try await PairingTests.signIn(&owner)
            let code = try await PairingTests.makeLink(&owner)
            _ = try await PairingTests.pair(Browser(client: owner.client), code: code)
            let page = try await owner.get("/settings/devices")
            let phone = try #require(page.text.firstMatch(of: /data-device="([0-9a-f]+)"><span><strong>iPhone/))
            let ends = try await atOnce(owner, "/settings/devices/\(phone.1)/end", Array(repeating: [:], count: 4))
            #expect(ends.filter { $0 == .seeOther }.count == 1, "\(ends)")
            #expect(ends.allSatisfy { $0 == .seeOther || $0 == .notFound }, "\(ends)")

            try await owner.post("/settings/tokens", form: ["tokenName": "status bar"])
            let id = try #require(try await app.database?.tokens().first?.id)
            let revokes = try await atOnce(owner, "/settings/tokens/\(id)/revoke", Array(repeating: [:], count: 4))
            #expect(revokes.filter { $0 == .seeOther }.count == 1, "\(revokes)")
            #expect(revokes.allSatisfy { $0 == .seeOther || $0 == .notFound }, "\(revokes)")
        }
        #expect(try await count(app, "SELECT COUNT(*) FROM loginSession WHERE endedAt IS NULL") == 1)
        #expect(try await app.database?.tokens().isEmpty == true)
    }

    @Test("a tag added from four tabs at once is on the entry once")
    func tags() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        try await app.browse { browser in
            let made = try jsonObject(
                try await browser.send(.post, "/api/v1/entries", json: #"{"title":"Pier","body":"Words."}"#))
            let id = try #require(made["id"] as? String)
            try await browser.get("/journal/\(id)")
            let adds = try await atOnce(browser, "/journal/\(id)/tags", Array(repeating: ["tag": "#walk"], count: 4))
            #expect(adds.allSatisfy { $0 == .seeOther }, "\(adds)")
            let entry = try jsonObject(try await browser.get("/api/v1/entries/\(id)"))
            #expect(entry["tags"] as? [String] == ["walk"])
        }
    }

    @Test("last night's sleep noted four ways at once keeps one of the four")
    func sleep() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        try await app.browse { browser in
            try await browser.get("/")
            let notes = try await atOnce(browser, "/today/sleep", ["1", "2", "3", "4"].map { ["quality": $0] })
            #expect(notes.allSatisfy { $0 == .seeOther }, "\(notes)")
        }
        #expect(try await count(app, "SELECT COUNT(*) FROM dailyLog") == 1)
    }

    @Test("a tracker archived four times at once is archived once and still has its values")
    func archive() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        try await app.browse { browser in
            let made = try jsonObject(
                try await browser.send(.post, "/api/v1/trackers", json: #"{"name":"Walk","kind":"boolean"}"#))
            let id = try #require(made["id"] as? String)
            try await browser.send(.put, "/api/v1/trackers/\(id)/values/today", json: #"{"value":true}"#)
            try await browser.get("/trackers")
            let archives = try await atOnce(
                browser, "/trackers/\(id)/archive", Array(repeating: ["archived": "1"], count: 4))
            #expect(archives.allSatisfy { $0 == .seeOther }, "\(archives)")
        }
        #expect(try await count(app, "SELECT COUNT(*) FROM tracker WHERE archivedAt IS NOT NULL") == 1)
        #expect(try await count(app, "SELECT COUNT(*) FROM trackerValue") == 1)
    }

    @Test("a deleted block's Undo tapped four times at once brings it back once; the other taps find nothing to undo")
    func undo() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        let day = DayKey(string: "2026-11-21")!
        try await app.browse { browser in
            try await browser.get("/timeline?date=2026-11-21")
            try await browser.post(
                "/timeline/tasks",
                form: ["date": "2026-11-21", "title": "Write", "start": "09:00", "duration": "90m", "repeat": "none"])
            let id = try #require(try await app.database?.tasks(on: day, calendar: .current).first?.id)
            try await browser.post("/timeline/tasks/\(id)/delete", form: ["date": "2026-11-21"])
            #expect(try await app.database?.tasks(on: day, calendar: .current).isEmpty == true)
            let undos = try await atOnce(browser, "/timeline/undo", Array(repeating: ["key": id], count: 4))
            #expect(undos.filter { $0 == .seeOther }.count == 1, "\(undos)")
            #expect(undos.filter { $0 == .notFound }.count == 3, "\(undos)")
        }
        let tasks = try #require(try await app.database?.tasks(on: day, calendar: .current))
        #expect(tasks.map(\.title) == ["Write"])
    }

    @Test("onboarding's last step sent four times at once, each with its own journal, keeps one of them whole")
    func onboardingFinish() async throws {
        let app = try await TestApp.make()
        let choices = [
            ["journalName": "Harbour", "accentColor": "#2f6f6a"], ["journalName": "Pages", "accentColor": "#3b5ba5"],
            ["journalName": "Days", "accentColor": "#8a4f9e"], ["journalName": "Notes", "accentColor": "#b5562b"],
        ]
        try await app.browse { browser in
            try await browser.get("/onboarding")
            try await browser.post("/onboarding/language", form: ["language": "en"])
            try await browser.post("/onboarding/name", form: ["name": "Mina"])
            let finishes = try await atOnce(browser, "/onboarding/journal", choices)
            #expect(finishes.allSatisfy { $0 == .seeOther }, "\(finishes)")
            #expect(try await browser.get("/").status == .ok)
        }
        let settings = try #require(try await app.database?.loadSettings())
        let kept = try #require(choices.first { $0["journalName"] == settings.journalName })
        #expect(settings.accentColor.hex == kept["accentColor"])
        #expect(settings.name == "Mina")
    }

    @Test("eight wrong passphrases sent at once from one client let five in, as one after another; the right one waits")
    func guessesAtOnce() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings(), publicURL: PublicURLTests.publicURL)
        try await app.services.accessInteractor(try #require(app.database)).setPassphrase("correct horse battery")
        // In the router, with no proxy before it, the eight come from one unnamed client.
        try await app.browse { browser in
            try await browser.get("/login")
            let guesses = try await atOnce(browser, "/login", Array(repeating: ["passphrase": "guess"], count: 8))
            #expect(guesses.filter { $0 == .unauthorized }.count == 5, "\(guesses)")
            #expect(guesses.filter { $0 == .tooManyRequests }.count == 3, "\(guesses)")
            let locked = try await browser.post("/login", form: ["passphrase": "correct horse battery"])
            #expect(locked.status == .tooManyRequests)
        }
    }

    @Test("the last tokens below the limit made from four tabs at once: the limit holds, the others are told why")
    func tokensAtTheLimit() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        let access = app.services.accessInteractor(try #require(app.database))
        for n in 1...(APIToken.Limits.count - 2) { _ = try await access.createToken(name: "Token \(n)") }
        try await app.browse { browser in
            try await browser.get("/settings")
            let made = try await atOnce(
                browser, "/settings/tokens", (1...4).map { ["tokenName": "Tab \($0)"] })
            #expect(made.filter { $0 == .conflict }.count == 2, "\(made)")
        }
        #expect(try await count(app, "SELECT COUNT(*) FROM apiToken") == APIToken.Limits.count)
    }
}
