import DaybookCore
import DaybookDataFolder
import DaybookMedia
import DaybookTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import DaybookWeb

/// Requests made to get past Daybook's guards, through the real router.
@Suite("Hostile requests")
struct HostileRequestTests {
    static let publicURL = try! PublicURL("https://daybook.home.arpa:18443")

    static func exposed(clock: any DaybookClock = FixedClock(.iso("2026-11-21T08:30:00+09:00"))) async throws
        -> TestApp
    {
        let app = try await TestApp.make(settings: Fixtures.settings(), clock: clock, publicURL: publicURL)
        try await app.services.accessInteractor(try #require(app.database)).setPassphrase("correct horse battery")
        return app
    }

    // MARK: The login throttle

    @Test("nine guesses from nine addresses of one IPv6 /64 are one client: the sixth waits")
    func throttleByPrefix() async throws {
        let app = try await Self.exposed()
        try await app.browse(live: true) { browser in
            try await browser.get("/login")
            var statuses: [HTTPResponse.Status] = []
            for host in 1...9 {
                let proxied: HTTPFields = [ClientAddressMiddleware.forwardedFor: "2001:db8:1:2::\(host)"]
                statuses.append(
                    try await browser.post("/login", form: ["passphrase": "guess"], headers: proxied).status)
            }
            #expect(
                statuses == Array(repeating: .unauthorized, count: 5) + Array(repeating: .tooManyRequests, count: 4))
            // The next /64 is another home.
            let neighbour: HTTPFields = [ClientAddressMiddleware.forwardedFor: "2001:db8:1:3::1"]
            let owner = try await browser.post(
                "/login", form: ["passphrase": "correct horse battery"], headers: neighbour)
            #expect(owner.status == .seeOther)
        }
    }

    @Test("clients are keyed by IPv4 address and IPv6 /64, in any way of writing it")
    func throttleKeys() {
        #expect(LoginThrottle.key(for: "203.0.113.7") == "203.0.113.7")
        #expect(LoginThrottle.key(for: "2001:db8:1:2::1") == "2001:db8:1:2::/64")
        #expect(LoginThrottle.key(for: "2001:0db8:0001:0002:ffff:0:0:9") == "2001:db8:1:2::/64")
        #expect(LoginThrottle.key(for: "::ffff:198.51.100.4") == "198.51.100.4")
        #expect(LoginThrottle.key(for: "::1") == "0:0:0:0::/64")
    }

    @Test("a full table forgets the clients tried longest ago, never the one still guessing")
    func throttleEviction() async throws {
        let clock = ManualClock(.iso("2026-11-21T08:30:00+09:00"))
        let throttle = LoginThrottle(clock: clock, limit: 3, capacity: 100)
        for _ in 0..<3 { #expect(await throttle.admit("198.51.100.1") == nil) }
        #expect(await throttle.admit("198.51.100.1") != nil)
        // A crowd of new addresses, each guessing once, half a second apart (all within the 15 minutes).
        for host in 0..<1_000 {
            clock.advance(by: 0.5)
            _ = await throttle.admit("10.0.\(host / 256).\(host % 256)")
            // The guesser keeps guessing; the table never empties under it.
            if host % 50 == 0 { #expect(await throttle.admit("198.51.100.1") != nil, "after \(host)") }
        }
        #expect(await throttle.count <= 100)
    }

    @Test("only the header the proxy writes is read; a list with a non-address counts as the proxy's own")
    func forwardedHeaderChoice() throws {
        let caddy = TrustedProxies.loopback
        // A client sends its own Forwarded beside the X-Forwarded-For the proxy wrote.
        #expect(
            caddy.client(peer: "127.0.0.1", forwardedFor: "203.0.113.7", forwarded: "for=198.51.100.99")
                == "203.0.113.7")
        #expect(caddy.client(peer: "127.0.0.1", forwardedFor: nil, forwarded: "for=198.51.100.99") == "127.0.0.1")
        // `unknown` or garbage where the client should be: not a key the client chose.
        #expect(caddy.client(peer: "127.0.0.1", forwardedFor: "198.51.100.5, unknown", forwarded: nil) == "127.0.0.1")
        #expect(caddy.client(peer: "127.0.0.1", forwardedFor: "198.51.100.5, ", forwarded: nil) == "127.0.0.1")
        #expect(caddy.client(peer: "127.0.0.1", forwardedFor: "unknown, 203.0.113.7", forwarded: nil) == "203.0.113.7")

        let rfc7239 = try TrustedProxies(loopbackAnd: [], header: .forwarded)
        #expect(
            rfc7239.client(peer: "127.0.0.1", forwardedFor: "198.51.100.99", forwarded: "for=203.0.113.7")
                == "203.0.113.7")
        #expect(rfc7239.client(peer: "127.0.0.1", forwardedFor: "198.51.100.99", forwarded: nil) == "127.0.0.1")
        #expect(
            rfc7239.client(peer: "127.0.0.1", forwardedFor: nil, forwarded: "for=198.51.100.5, for=unknown")
                == "127.0.0.1")
        #expect(TrustedProxies.Header(named: "Forwarded") == .forwarded)
        #expect(TrustedProxies.Header(named: "X-Real-IP") == nil)
    }

    // MARK: Queries

    @Test(
        "a control character in any query is a 400 with a sentence, in the API and on pages",
        arguments: [
            "/api/v1/search?q=%00abc", "/api/v1/search?q=a%0Ab", "/api/v1/entries?tag=%00",
            "/api/v1/tasks?date=2026-11-21%00",
            "/api/v1/changes?since=c1.0%7F", "/api/v1/stats?%00=1",
        ])
    func controlCharactersInAPI(path: String) async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        try await app.browse { browser in
            let response = try await browser.get(path)
            #expect(response.status == .badRequest, "\(path): \(response.text)")
            let error = try #require(try jsonObject(response)["error"] as? [String: Any])
            #expect(error["code"] as? String == "controlCharacterInQuery", "\(path)")
            #expect((error["message"] as? String)?.contains("control character") == true, "\(path)")
        }
    }

    @Test("the Search page says so in the owner's language")
    func controlCharacterOnPage() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings(language: .korean))
        try await app.browse { browser in
            let page = try await browser.get("/search?q=%00abc")
            #expect(page.status == .badRequest)
            #expect(page.text.contains("제어 문자"))
            #expect(page.text.contains("“q”"))
            let fine = try await browser.get("/search?q=abc")
            #expect(fine.status == .ok)
        }
    }

    // MARK: HTTPS

    @Test("under an https public URL every answer carries HSTS for a year; on loopback none does")
    func strictTransportSecurity() async throws {
        let exposed = try await Self.exposed()
        try await exposed.browse { browser in
            for path in ["/login", "/static/css/app.css", "/nowhere", "/api/v1/settings", "/sw.js"] {
                let response = try await browser.get(path)
                #expect(response.headers[.strictTransportSecurity] == "max-age=31536000", "\(path)")
            }
        }
        let loopback = try await TestApp.make(settings: Fixtures.settings())
        try await loopback.browse { browser in
            let home = try await browser.get("/")
            #expect(home.headers[.strictTransportSecurity] == nil)
        }
    }

    @Test("cookies are __Host- under a public URL; the form token is the session's, new at each sign-in")
    func formTokenRenewedAtLogin() async throws {
        let app = try await Self.exposed()
        try await app.browse { browser in
            let login = try await browser.get("/login")
            #expect(login.headers[values: .setCookie].contains { $0.hasPrefix("__Host-daybook_csrf=") })
            #expect(login.headers[values: .setCookie].allSatisfy { $0.contains("Secure") && $0.contains("Path=/") })
            // A page planted this token before sign-in.
            let planted = try #require(browser.cookies["__Host-daybook_csrf"])
            let signedIn = try await browser.post("/login", form: ["passphrase": "correct horse battery"])
            #expect(signedIn.status == .seeOther)
            #expect(browser.cookies["__Host-daybook_session"] != nil)
            #expect(browser.cookies["daybook_session"] == nil)
            let renewed = try #require(browser.cookies["__Host-daybook_csrf"])
            #expect(renewed != planted)

            // The token from before sign-in no longer posts a form, even beside a cookie carrying it.
            var forger = browser
            forger.cookies["__Host-daybook_csrf"] = planted
            let forged = try await forger.post("/settings", form: ["name": "Mallory"], csrf: planted)
            #expect(forged.status == .forbidden)
            // The page's own token does.
            let settings = try await browser.get("/settings").text
            #expect(settings.contains(#"name="csrf" value="\#(renewed)""#))
            let saved = try await browser.post("/settings", form: ["name": "Mina K."])
            #expect(saved.status == .seeOther)
            #expect(try await app.database!.loadSettings()?.name == "Mina K.")

            // Another sign-in, another token.
            try await browser.post("/logout", form: [:])
            try await browser.post("/login", form: ["passphrase": "correct horse battery"])
            #expect(browser.cookies["__Host-daybook_csrf"] != renewed)
        }
    }

    @Test("the calendar feed, whose address carries a token, is never stored")
    func feedIsNoStore() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        let token = try await app.services.accessInteractor(try #require(app.database)).createToken(
            name: "Calendar", scope: .calendar)
        try await app.browse { browser in
            let feed = try await browser.get("/feeds/tasks.ics?token=\(token.secret)")
            #expect(feed.status == .ok)
            #expect(feed.headers[.cacheControl] == "no-store")
        }
    }

    // MARK: The event stream

    /// Opens `/events` with `headers`, does `end` once the stream is listening, and returns what the stream said
    /// before the server closed it.
    static func streamEnds(
        _ app: TestApp, headers: HTTPFields, path: String = "/events",
        after end: @escaping @Sendable (TestClient) async throws -> Void
    ) async throws -> String {
        try await app.application.test(.live) { client in
            async let stream = client.execute(uri: path, method: .get, headers: headers)
            while await app.services.events.subscriberCount == 0 { await Task.yield() }
            // The stream holds its connection: whatever ends it comes on another, as from another tab.
            let other = TestClient(host: "127.0.0.1", port: try #require(client.port))
            other.connect()
            try await end(other)
            try await other.shutdown()
            // The client gives up after 15 s without a byte: a stream that stays open fails the test.
            return try await stream.text
        }
    }

    @Test("an open event stream ends when its session signs out")
    func streamEndsAtLogout() async throws {
        let app = try await Self.exposed()
        let session = try #require(
            try await app.services.accessInteractor(app.database!).signIn(passphrase: "correct horse battery"))
        let cookie: HTTPFields = [.cookie: "__Host-daybook_session=\(session)"]
        let said = try await Self.streamEnds(app, headers: cookie) { client in
            let form = try await client.get("/settings", headers: cookie)
            let token = try #require(
                form.headers[values: .setCookie].first { $0.hasPrefix("__Host-daybook_csrf=") }?
                    .split(separator: ";")[0].dropFirst("__Host-daybook_csrf=".count))
            var headers = cookie
            headers[.contentType] = "application/x-www-form-urlencoded"
            let out = try await client.post("/logout", headers: headers, body: ByteBuffer(string: "csrf=\(token)"))
            #expect(out.status == .seeOther)
        }
        #expect(said.contains(": connected"))
    }

    @Test("an open event stream ends when its device is ended in Settings → Devices")
    func streamEndsWhenDeviceEnded() async throws {
        let app = try await Self.exposed()
        let access = app.services.accessInteractor(app.database!)
        let session = try #require(try await access.signIn(passphrase: "correct horse battery", userAgent: "iPhone"))
        _ = try await access.signIn(passphrase: "correct horse battery", userAgent: "Laptop")
        let said = try await Self.streamEnds(app, headers: [.cookie: "__Host-daybook_session=\(session)"]) { _ in
            let devices = app.services.devicesInteractor(app.database!)
            let phone = try #require(try await devices.devices().first { $0.name.contains("iPhone") })
            try await devices.end(device: phone.id)
        }
        #expect(said.contains(": connected"))
    }

    @Test("an open event stream ends when its widget token is revoked, and others keep theirs")
    func streamEndsWhenTokenRevoked() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        let access = app.services.accessInteractor(try #require(app.database))
        let widget = try await access.createToken(name: "Widget", scope: .widgets)
        let kept = try await access.createToken(name: "Other", scope: .widgets)
        let said = try await Self.streamEnds(app, headers: [.authorization: "Bearer \(widget.secret)"]) { _ in
            try await access.revokeToken(id: widget.token.id)
        }
        #expect(said.contains(": connected"))
        #expect(try await access.authorize(bearer: kept.secret) == .granted(.widgets))
    }
}
