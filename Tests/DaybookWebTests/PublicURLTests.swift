import DaybookCore
import DaybookDataFolder
import DaybookStore
import DaybookTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

@testable import DaybookWeb

/// Daybook on loopback behind a TLS proxy (Caddy, `tailscale serve`) at a public https address.
@Suite("Behind a proxy")
struct PublicURLTests {
    static let publicURL = try! PublicURL("https://daybook.home.arpa:18443")

    @Test("a public URL is https://NAME[:PORT] and nothing else; a mistake says how to write it")
    func parsing() throws {
        #expect(try PublicURL("https://box.tailnet.ts.net").text == "https://box.tailnet.ts.net")
        #expect(try PublicURL("https://Box.Tailnet.TS.net/").text == "https://box.tailnet.ts.net")
        #expect(try PublicURL("https://daybook.home.arpa:18443").host == "daybook.home.arpa")
        #expect(try PublicURL("https://daybook.example:443").text == "https://daybook.example")
        #expect(throws: PublicURL.Problem.notHTTPS("http://box.local")) { try PublicURL("http://box.local") }
        #expect(throws: PublicURL.Problem.notHTTPS("box.local")) { try PublicURL("box.local") }
        #expect(throws: PublicURL.Problem.noHost("https://")) { try PublicURL("https://") }
        #expect(throws: PublicURL.Problem.hasPath("https://box.local/daybook")) {
            try PublicURL("https://box.local/daybook")
        }
        #expect(throws: PublicURL.Problem.hasPath("https://box.local/?a=1")) { try PublicURL("https://box.local/?a=1") }
        #expect(PublicURL.Problem.hasPath("https://box.local/daybook").description.contains("https://NAME[:PORT]"))
        #expect(PublicURL.Problem.notHTTPS("http://box.local").description.contains("https://"))
    }

    @Test("behind a proxy, the server will not start without a passphrase, and then everything needs a login")
    func needsPassphrase() async throws {
        let folder = Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let configuration = AppConfiguration(
            host: "127.0.0.1", port: 0, dataFolder: folder, publicURL: Self.publicURL)
        #expect(configuration.requiresLogin)
        await #expect {
            _ = try await makeServices(configuration: configuration)
        } throws: { error in
            "\(error)".contains("https://daybook.home.arpa:18443") && "\(error)".contains("daybook passphrase set")
        }
        #expect(!AppConfiguration(host: "127.0.0.1", port: 0, dataFolder: folder).requiresLogin)
    }

    @Test("the host check answers the public name and loopback names, and refuses any other")
    func hostCheck() {
        let configuration = AppConfiguration(host: "127.0.0.1", dataFolder: nil, publicURL: Self.publicURL)
        #expect(configuration.checksHost)
        #expect(configuration.answers(hostName: "daybook.home.arpa"))
        #expect(configuration.answers(hostName: "DAYBOOK.home.arpa"))
        #expect(configuration.answers(hostName: "127.0.0.1"))
        #expect(configuration.answers(hostName: "localhost"))
        #expect(!configuration.answers(hostName: "evil.example"))
        #expect(!configuration.answers(hostName: "daybook.home.arpa.evil.example"))
        #expect(!AppConfiguration(host: "127.0.0.1", dataFolder: nil).answers(hostName: "daybook.home.arpa"))
        #expect(!AppConfiguration(host: "0.0.0.0", dataFolder: nil).checksHost)
    }

    @Test("with a public URL a request from this computer still needs a login: its address lets nothing in")
    func loopbackIsNotEnough() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings(), publicURL: Self.publicURL)
        try await app.services.accessInteractor(try #require(app.database)).setPassphrase("correct horse battery")
        try await app.browse(live: true) { browser in
            let page = try await browser.get("/journal")
            #expect(page.status == .seeOther)
            #expect(page.headers[.location] == "/login?next=/journal")
            #expect(try await browser.get("/api/v1/settings").status == .unauthorized)
        }
    }

    @Test("behind HTTPS the session and form cookies are Secure; on plain loopback they are not")
    func secureCookies() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings(), publicURL: Self.publicURL)
        try await app.services.accessInteractor(try #require(app.database)).setPassphrase("correct horse battery")
        try await app.browse { browser in
            let login = try await browser.get("/login")
            #expect(login.headers[values: .setCookie].allSatisfy { $0.contains("Secure") })
            let signedIn = try await browser.post("/login", form: ["passphrase": "correct horse battery"])
            #expect(signedIn.status == .seeOther)
            let session = try #require(
                signedIn.headers[values: .setCookie].first { $0.hasPrefix("__Host-daybook_session=") })
            #expect(session.contains("Secure") && session.contains("HttpOnly") && session.contains("SameSite=Strict"))
        }
        let plain = try await TestApp.make(settings: Fixtures.settings())
        try await plain.browse { browser in
            let page = try await browser.get("/settings")
            #expect(!page.headers[values: .setCookie].isEmpty)
            #expect(page.headers[values: .setCookie].allSatisfy { !$0.contains("Secure") })
        }
    }

    @Test("wrong passphrases are counted per client as the proxy names it, so a stranger cannot lock the owner out")
    func throttlePerClient() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings(), publicURL: Self.publicURL)
        try await app.services.accessInteractor(try #require(app.database)).setPassphrase("correct horse battery")
        let stranger: HTTPFields = [ClientAddressMiddleware.forwardedFor: "203.0.113.7"]
        let owner: HTTPFields = [ClientAddressMiddleware.forwardedFor: "198.51.100.2"]
        try await app.browse(live: true) { browser in
            try await browser.get("/login")
            for _ in 0..<5 {
                let wrong = try await browser.post("/login", form: ["passphrase": "guess"], headers: stranger)
                #expect(wrong.status == .unauthorized)
            }
            let locked = try await browser.post(
                "/login", form: ["passphrase": "correct horse battery"], headers: stranger)
            #expect(locked.status == .tooManyRequests)
            let ownerIn = try await browser.post(
                "/login", form: ["passphrase": "correct horse battery"], headers: owner)
            #expect(ownerIn.status == .seeOther)
        }
    }

    @Test("a forwarded address is believed only from a trusted proxy, right-most first")
    func forwardedAddress() throws {
        let proxies = TrustedProxies.loopback
        #expect(proxies.client(peer: "127.0.0.1", forwardedFor: "203.0.113.7", forwarded: nil) == "203.0.113.7")
        #expect(
            proxies.client(peer: "127.0.0.1", forwardedFor: "10.9.9.9, 203.0.113.7", forwarded: nil) == "203.0.113.7")
        #expect(proxies.client(peer: "::1", forwardedFor: "2001:db8::1", forwarded: nil) == "2001:db8::1")
        let rfc7239 = try TrustedProxies(loopbackAnd: [], header: .forwarded)
        #expect(
            rfc7239.client(
                peer: "127.0.0.1", forwardedFor: nil, forwarded: #"for="[2001:db8:cafe::17]:4711";proto=https"#)
                == "2001:db8:cafe::17")
        #expect(
            rfc7239.client(peer: "127.0.0.1", forwardedFor: nil, forwarded: "for=192.0.2.60;by=203.0.113.43")
                == "192.0.2.60")
        // Anyone else's word on it is ignored.
        #expect(proxies.client(peer: "192.0.2.9", forwardedFor: "127.0.0.1", forwarded: nil) == "192.0.2.9")
        #expect(proxies.client(peer: "127.0.0.1", forwardedFor: "<script>", forwarded: nil) == "127.0.0.1")
        #expect(proxies.client(peer: "127.0.0.1", forwardedFor: nil, forwarded: nil) == "127.0.0.1")

        let lan = try TrustedProxies(loopbackAnd: ["192.168.1.0/24", "fd00::5"])
        #expect(lan.client(peer: "192.168.1.20", forwardedFor: "100.64.0.3", forwarded: nil) == "100.64.0.3")
        #expect(lan.client(peer: "192.168.2.20", forwardedFor: "100.64.0.3", forwarded: nil) == "192.168.2.20")
        #expect(lan.client(peer: "fd00::5", forwardedFor: "100.64.0.3", forwarded: nil) == "100.64.0.3")
        #expect(throws: TrustedProxies.Problem.notAnAddress("my-proxy")) {
            try TrustedProxies(loopbackAnd: ["my-proxy"])
        }
        #expect(throws: TrustedProxies.Problem.notAnAddress("10.0.0.0/33")) {
            try TrustedProxies(loopbackAnd: ["10.0.0.0/33"])
        }
    }

    @Test("the command line on this computer finds its token in the data folder, readable by the owner only")
    func localToken() async throws {
        let folder = Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = try AppDatabase.open(folder: folder)
        let hasher = ScryptPassphraseHasher(rounds: 1 << 10)
        try await database.setPassphraseHash(hasher.hash("a long enough passphrase"))
        let configuration = AppConfiguration(
            host: "127.0.0.1", port: 0, dataFolder: folder, publicURL: Self.publicURL)
        let services = try await makeServices(configuration: configuration, hasher: hasher)
        await services.prepareLocalToken(logger: Logger(label: "test"))

        let token = try #require(LocalToken.read(folder: folder))
        let attributes = try FileManager.default.attributesOfItem(atPath: LocalToken.file(in: folder).path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect(LocalToken.publicURL(folder: folder) == "https://daybook.home.arpa:18443")
        let access = services.accessInteractor(try await services.database())
        #expect(try await access.authorize(bearer: token) == .granted(.full))
        // The command line sends it to this server only: where it listens (by any loopback name) or its public URL.
        for reaching in ["http://127.0.0.1:0", "http://localhost:0/api/v1/focus", "https://daybook.home.arpa:18443/"] {
            #expect(LocalToken.token(for: try #require(URL(string: reaching)), folder: folder) == token, "\(reaching)")
        }
        for elsewhere in ["http://127.0.0.1:9999", "https://daybook.home.arpa", "https://evil.example:18443"] {
            #expect(LocalToken.token(for: try #require(URL(string: elsewhere)), folder: folder) == nil, "\(elsewhere)")
        }

        // A second start keeps the same token; one revoked in Settings is replaced.
        await services.prepareLocalToken(logger: Logger(label: "test"))
        #expect(LocalToken.read(folder: folder) == token)
        #expect(try await access.tokens().count == 1)
        try await access.revokeToken(id: try #require(try await access.tokens().first).id)
        await services.prepareLocalToken(logger: Logger(label: "test"))
        let replaced = try #require(LocalToken.read(folder: folder))
        #expect(replaced != token)
        #expect(try await access.authorize(bearer: replaced) == .granted(.full))
    }

    @Test("links that leave the page carry the public address: a calendar token's feed and its events")
    func links() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings(), publicURL: Self.publicURL)
        let access = app.services.accessInteractor(try #require(app.database))
        try await access.setPassphrase("correct horse battery")
        try await app.browse { browser in
            try await browser.get("/login")
            try await browser.post("/login", form: ["passphrase": "correct horse battery"])
            let created = try await browser.post(
                "/settings/tokens", form: ["tokenName": "phone calendar", "tokenScope": "calendar"])
            #expect(created.text.contains(#"href="https://daybook.home.arpa:18443/feeds/tasks.ics?token=dbk_"#))
        }
    }
}
