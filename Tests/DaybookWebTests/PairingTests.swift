import DaybookCore
import DaybookDataFolder
import DaybookStore
import DaybookTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import DaybookWeb

@Suite("Pairing a phone and the devices list")
struct PairingTests {
    static let passphrase = "correct horse battery"
    static let iPhone =
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1"

    /// A locked server behind a public HTTPS address, with its passphrase set.
    static func lockedApp(clock: any DaybookClock = ManualClock(.iso("2026-11-21T10:00:00Z"))) async throws -> TestApp {
        let app = try await TestApp.make(
            host: "0.0.0.0", settings: Fixtures.settings(), clock: clock,
            publicURL: try PublicURL("https://box.example.ts.net"))
        try await app.services.accessInteractor(try #require(app.database)).setPassphrase(passphrase)
        return app
    }

    /// Runs `body` on a locked server with the owner signed in and a new pairing link's code.
    static func withLink(
        clock: ManualClock = ManualClock(.iso("2026-11-21T10:00:00Z")),
        _ body: @escaping @Sendable (inout Browser, String) async throws -> Void
    ) async throws {
        let app = try await lockedApp(clock: clock)
        try await app.browse { owner in
            try await signIn(&owner)
            let code = try await makeLink(&owner)
            try await body(&owner, code)
        }
    }

    /// A new pairing link's code, as Settings → Devices shows it.
    static func makeLink(_ owner: inout Browser) async throws -> String {
        let page = try await owner.post("/settings/devices/pair", form: [:])
        #expect(page.status == .ok)
        #expect(page.text.contains(#"<svg xmlns="http://www.w3.org/2000/svg" class="qr-code""#))
        let link = try #require(page.text.firstMatch(of: /https:\/\/box\.example\.ts\.net\/pair#([A-Za-z0-9_-]+)/))
        return String(link.1)
    }

    /// Opens the pairing page and sends `code` from it, as pair.js does.
    static func pair(_ phone: Browser, code: String, agent: String = iPhone) async throws -> (Browser, TestResponse) {
        var phone = phone
        try await phone.get("/pair", headers: [.userAgent: agent])
        let answer = try await phone.post("/pair", form: ["code": code], headers: [.userAgent: agent])
        return (phone, answer)
    }

    static func signIn(_ browser: inout Browser) async throws {
        try await browser.get("/login")
        let answer = try await browser.post(
            "/login", form: ["passphrase": passphrase, "next": "/"],
            headers: [.userAgent: "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0"])
        #expect(answer.status == .seeOther)
    }

    @Test("a pairing link signs a phone in once, lands on Today with the Home Screen steps, and is listed")
    func pairsOnce() async throws {
        try await Self.withLink { owner, code in

            let (phone, answer) = try await Self.pair(Browser(client: owner.client), code: code)
            #expect(answer.status == .seeOther)
            #expect(answer.headers[.location] == "/?paired=1")
            #expect(phone.cookies["__Host-daybook_session"] != nil)
            var signedIn = phone
            let today = try await signedIn.get("/?paired=1")
            #expect(today.status == .ok)
            #expect(today.text.contains("Share → Add to Home Screen"))

            let (other, again) = try await Self.pair(Browser(client: owner.client), code: code)
            #expect(again.status == .gone)
            #expect(again.text.contains("This pairing link was already used."))
            #expect(other.cookies["__Host-daybook_session"] == nil)

            let devices = try await signedIn.get("/settings/devices")
            #expect(devices.text.contains("iPhone · Safari"))
            #expect(devices.text.contains("Linux · Firefox"))
            #expect(devices.text.contains(#"id="this-device-mark">This device"#))
        }
    }

    @Test("an expired or a forged link gets a clear page and signs nothing in")
    func expiredAndForged() async throws {
        let clock = ManualClock(.iso("2026-11-21T10:00:00Z"))
        try await Self.withLink(clock: clock) { owner, code in
            clock.advance(by: 10 * 60 + 1)
            let (late, expired) = try await Self.pair(Browser(client: owner.client), code: code)
            #expect(expired.status == .gone)
            #expect(expired.text.contains("This pairing link has expired"))
            #expect(late.cookies["__Host-daybook_session"] == nil)

            let forgedCode = String(code.reversed())
            let (forger, forged) = try await Self.pair(Browser(client: owner.client), code: forgedCode)
            #expect(forged.status == .notFound)
            #expect(forged.text.contains("This pairing link is not valid"))
            #expect(forger.cookies["__Host-daybook_session"] == nil)
            let (_, nonsense) = try await Self.pair(Browser(client: owner.client), code: "<script>")
            #expect(nonsense.status == .notFound)
        }
    }

    @Test("the clear page speaks the owner's language")
    func localizedRefusal() async throws {
        let app = try await TestApp.make(
            host: "0.0.0.0", settings: Fixtures.settings(language: .korean),
            publicURL: try PublicURL("https://box.example.ts.net"))
        try await app.services.accessInteractor(try #require(app.database)).setPassphrase(Self.passphrase)
        try await app.browse { browser in
            let (_, answer) = try await Self.pair(browser, code: String(repeating: "a", count: 43))
            #expect(answer.text.contains("이 연결 링크는 유효하지 않습니다"))
        }
    }

    @Test("two phones opening the same link at once: exactly one is signed in")
    func simultaneous() async throws {
        try await Self.withLink { owner, code in
            let phones = (0..<4).map { _ in Browser(client: owner.client) }
            let answers = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for phone in phones { group.addTask { try await Self.pair(phone, code: code).1.status } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(answers.filter { $0 == .seeOther }.count == 1)
            #expect(answers.filter { $0 == .gone }.count == 3)
        }
    }

    @Test("repeated bad links are throttled per client, even before a good one")
    func throttled() async throws {
        try await Self.withLink { owner, code in
            let guesser = Browser(client: owner.client)
            for _ in 0..<5 { _ = try await Self.pair(guesser, code: String(repeating: "b", count: 43)) }
            let (after, answer) = try await Self.pair(guesser, code: code)
            #expect(answer.status == .tooManyRequests)
            #expect(answer.headers[.retryAfter] != nil)
            #expect(answer.text.contains("Too many attempts"))
            #expect(after.cookies["__Host-daybook_session"] == nil)
        }
    }

    @Test("an ended device's next visit goes to the login page, which says so, and wipes its copy")
    func endedDevice() async throws {
        try await Self.withLink { owner, code in
            var (phone, _) = try await Self.pair(Browser(client: owner.client), code: code)
            #expect(try await phone.get("/").status == .ok)

            let page = try await owner.get("/settings/devices")
            let row = try #require(page.text.firstMatch(of: /action="\/settings\/devices\/([0-9a-f]+)\/end"/))
            let iPhoneRow = try #require(page.text.firstMatch(of: /data-device="([0-9a-f]+)"><span><strong>iPhone/))
            let ended = try await owner.post("/settings/devices/\(iPhoneRow.1)/end", form: [:])
            #expect(ended.headers[.location] == "/settings/devices?ended=1")
            #expect(row.1.count == 16)

            let next = try await phone.get("/journal")
            #expect(next.status == .seeOther)
            #expect(next.headers[.location] == "/login?ended=1&next=/journal")
            #expect(next.headers[HTTPField.Name("Clear-Site-Data")!] == #""cache", "storage""#)
            let cleared = next.headers[.setCookie] ?? ""
            #expect(cleared.hasPrefix("__Host-daybook_session=;") && cleared.contains("Max-Age=0"))
            let login = try await phone.get("/login?ended=1&next=/journal")
            #expect(login.text.contains("This device was signed out."))

            let devices = try await owner.get("/settings/devices?ended=1")
            #expect(!devices.text.contains("iPhone · Safari"))
            #expect(devices.text.contains("The device was signed out."))
            #expect(try await owner.post("/settings/devices/\(iPhoneRow.1)/end", form: [:]).status == .notFound)
        }
    }

    @Test("a login lasts 90 days from its last use: used 89 days later it works, unused for 91 it does not")
    func slidingSessions() async throws {
        let clock = ManualClock(.iso("2026-11-21T10:00:00Z"))
        let app = try await Self.lockedApp(clock: clock)
        try await app.browse { browser in
            var idle = Browser(client: browser.client)
            try await Self.signIn(&browser)
            try await Self.signIn(&idle)
            clock.advance(by: 89 * 86_400)
            let used = try await browser.get("/")
            #expect(used.status == .ok)
            let renewed = used.headers[.setCookie] ?? ""
            #expect(renewed.contains("__Host-daybook_session=") && renewed.contains("Max-Age=7776000"))
            // Within the hour, page loads do not renew (nor write).
            clock.advance(by: 60)
            #expect(try await browser.get("/").headers[.setCookie] == nil)

            clock.advance(by: 2 * 86_400)
            let lapsed = try await idle.get("/")
            #expect(lapsed.status == .seeOther)
            #expect(lapsed.headers[.location] == "/login?ended=1&next=/")
            // Lapsed, not ended by the owner: the device keeps its copy and the changes it has not sent yet.
            #expect(lapsed.headers[HTTPField.Name("Clear-Site-Data")!] == nil)
            clock.advance(by: 87 * 86_400)
            #expect(try await browser.get("/").status == .ok)
        }
    }

    @Test("Settings → Devices explains when no phone can be paired")
    func unavailable() async throws {
        let loopback = try await TestApp.make(settings: Fixtures.settings())
        try await loopback.browse { browser in
            let page = try await browser.get("/settings/devices")
            #expect(page.text.contains("there is nothing to pair"))
            #expect(!page.text.contains("add-phone-button"))
            #expect(try await browser.get("/pair").status == .seeOther)
        }
        let exposed = try await TestApp.make(host: "0.0.0.0", settings: Fixtures.settings())
        try await exposed.services.accessInteractor(try #require(exposed.database)).setPassphrase(Self.passphrase)
        try await exposed.browse { browser in
            try await Self.signIn(&browser)
            let page = try await browser.get("/settings/devices")
            #expect(page.text.contains("--public-url https://"))
            #expect(page.text.contains("On your phone"))
            #expect(!page.text.contains("add-phone-button"))
        }
    }
}
