import DaybookCore
import DaybookDataFolder
import DaybookFeatures
import DaybookStore
import DaybookTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import DaybookWeb

@Suite("Security")
struct SecurityTests {
    @Test("every response carries strict headers: pages, files, errors and the API")
    func headers() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        try await app.browse { browser in
            for path in ["/", "/settings", "/static/css/app.css", "/nowhere", "/api/v1/settings", "/sw.js"] {
                let response = try await browser.get(path)
                let policy = response.headers[.contentSecurityPolicy] ?? ""
                #expect(policy.contains("default-src 'self'"), "\(path)")
                #expect(policy.contains("frame-ancestors 'none'"), "\(path)")
                #expect(policy.contains("script-src 'self'") && !policy.contains("unsafe-inline"), "\(path)")
                #expect(response.headers[.xContentTypeOptions] == "nosniff", "\(path)")
                #expect(response.headers[HTTPField.Name("Referrer-Policy")!] == "no-referrer", "\(path)")
            }
        }
    }

    @Test("templates carry no inline script or style, and nothing from another origin")
    func templatesAreStrict() throws {
        let folder = try #require(WebResources.templates)
        let files = try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter {
            $0.hasSuffix(".mustache")
        }
        #expect(files.count >= 9)
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            #expect(!text.contains("<style"), "\(file)")
            #expect(!text.contains("style=\""), "\(file)")
            #expect(!text.contains("<script>"), "\(file)")
            #expect(!text.contains("onclick") && !text.contains("onload"), "\(file)")
            #expect(!text.contains("http://") && !text.contains("https://") && !text.contains("//cdn"), "\(file)")
            // Unescaped: only Markdown from the safe renderer (a reflection, an entry), search snippets whose every
            // part the presenter escapes before marking matches, and markup from Daybook's own renderers.
            let unescaped = text.matches(of: /\{\{\{[^}]*\}\}\}|\{\{&[^}]*\}\}/).map { String($0.0) }
            let vetted: Set<String> = ["{{{page.reflectionHTML}}}", "{{{page.html}}}", "{{{snippetHTML}}}"]
            #expect(
                unescaped.allSatisfy { vetted.contains($0) || $0.hasPrefix("{{{markup.") },
                "\(file) renders unescaped HTML")
        }
    }

    @Test("a form without the right token is refused with 403 and changes nothing")
    func csrfToken() async throws {
        let original = Fixtures.settings()
        let app = try await TestApp.make(settings: original)
        try await app.browse { browser in
            try await browser.get("/settings")
            #expect(try await browser.post("/settings", form: ["name": "Eve"], csrf: "forged").status == .forbidden)
            #expect(try await browser.post("/settings", form: ["name": "Eve"], csrf: "").status == .forbidden)
            browser.cookies = [:]
            #expect(try await browser.post("/settings", form: ["name": "Eve"]).status == .forbidden)
        }
        #expect(try await app.database?.loadSettings() == original)
    }

    @Test("a request from another site is refused even with a token")
    func crossOrigin() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        try await app.browse { browser in
            try await browser.get("/settings")
            let forged = try await browser.post(
                "/settings", form: ["name": "Eve"], headers: [.origin: "https://evil.example"])
            #expect(forged.status == .forbidden)
            let fetchSite = try await browser.post(
                "/settings", form: ["name": "Eve"], headers: [HTTPField.Name("Sec-Fetch-Site")!: "cross-site"])
            #expect(fetchSite.status == .forbidden)
            let api = try await browser.send(
                "/api/v1/settings", method: .patch,
                headers: [.contentType: "application/json", .origin: "https://evil.example"],
                body: ByteBuffer(string: #"{"name":"Eve"}"#))
            #expect(api.status == .forbidden)
            // What Chromium sends for a same-origin form under `Referrer-Policy: no-referrer`.
            let nullOrigin = try await browser.post(
                "/settings", form: ["name": "Bo"],
                headers: [.origin: "null", HTTPField.Name("Sec-Fetch-Site")!: "same-origin"])
            #expect(nullOrigin.status == .seeOther)
            let nullWithoutToken = try await browser.post(
                "/settings", form: ["name": "Eve"], csrf: "forged", headers: [.origin: "null"])
            #expect(nullWithoutToken.status == .forbidden)
            let sameOrigin = try await browser.post(
                "/settings", form: ["name": "Ann"], headers: [.origin: "http://localhost"])
            #expect(sameOrigin.status == .seeOther)
        }
        #expect(try await app.database?.loadSettings()?.name == "Ann")
    }

    @Test("form bodies have a limit")
    func bodyLimit() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        try await app.browse { browser in
            try await browser.get("/settings")
            let huge = try await browser.post("/settings", form: ["name": String(repeating: "a", count: 270_000)])
            #expect(huge.status == .contentTooLarge)
        }
    }

    @Test("loopback addresses are told apart from other host names (DNS rebinding guard)")
    func hostCheck() async throws {
        #expect(HostCheckMiddleware.hostName(of: "[::1]:8080") == "::1")
        #expect(HostCheckMiddleware.hostName(of: "localhost:8080") == "localhost")
        #expect(AppConfiguration.isLoopback(host: "127.0.0.1"))
        #expect(!AppConfiguration.isLoopback(host: "evil.example"))
        // Requests with a foreign Host header are checked end to end in Tests/e2e/test_privacy_network.py.
    }

    @Test("an exposed server will not start until an owner passphrase is set")
    func exposedNeedsPassphrase() async throws {
        let folder = Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let configuration = AppConfiguration(host: "0.0.0.0", port: 0, dataFolder: folder)
        await #expect {
            _ = try await makeServices(configuration: configuration)
        } throws: { error in
            "\(error)".contains("daybook passphrase set")
        }
        let database = try AppDatabase.open(folder: folder)
        let hasher = ScryptPassphraseHasher(rounds: 1 << 10)
        try await database.setPassphraseHash(hasher.hash("a long enough passphrase"))
        let services = try await makeServices(configuration: configuration, hasher: hasher)
        #expect(services.requiresLogin)
    }

    @Test("exposed: pages need a login, the API a token; wrong passphrases are throttled")
    func exposedAccess() async throws {
        let clock = ManualClock(.iso("2026-11-21T10:00:00Z"))
        let app = try await TestApp.make(host: "0.0.0.0", settings: Fixtures.settings(), clock: clock)
        let database = try #require(app.database)
        let access = app.services.accessInteractor(database)
        try await access.setPassphrase("correct horse battery")
        let token = try await access.createToken(name: "laptop").secret

        try await app.browse { browser in
            let page = try await browser.get("/settings")
            #expect(page.status == .seeOther)
            #expect(page.headers[.location] == "/login?next=/settings")
            #expect(try await browser.get("/login").status == .ok)
            #expect(try await browser.get("/static/css/app.css").status == .ok)

            let api = try await browser.get("/api/v1/settings")
            #expect(api.status == .unauthorized)
            #expect(api.text.contains("API token"))
            #expect(
                try await browser.get("/api/v1/settings", headers: [.authorization: "Bearer dbk_nope"]).status
                    == .unauthorized)
            #expect(
                try await browser.get("/api/v1/settings", headers: [.authorization: "Bearer \(token)"]).status == .ok)

            let wrong = try await browser.post("/login", form: ["passphrase": "guess", "next": "/settings"])
            #expect(wrong.status == .unauthorized)
            #expect(wrong.text.contains("That passphrase is not right."))

            let right = try await browser.post(
                "/login", form: ["passphrase": "correct horse battery", "next": "/settings"])
            #expect(right.status == .seeOther)
            #expect(right.headers[.location] == "/settings")
            let cookie = right.headers[.setCookie] ?? ""
            #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"))
            let settings = try await browser.get("/settings")
            #expect(settings.status == .ok)
            #expect(settings.text.contains(#"id="sign-out-button">Sign out"#))
            // The pages' own scripts reach the API with the session (the editor, the Map, reminders).
            #expect(try await browser.get("/api/v1/map?bbox=-180,-85,180,85&zoom=2").status == .ok)

            try await browser.post("/logout", form: [:])
            #expect(try await browser.get("/settings").status == .seeOther)
            #expect(try await browser.get("/api/v1/map?bbox=-180,-85,180,85&zoom=2").status == .unauthorized)

            for _ in 0..<5 { try await browser.post("/login", form: ["passphrase": "guess"]) }
            let throttled = try await browser.post("/login", form: ["passphrase": "correct horse battery"])
            #expect(throttled.status == .tooManyRequests)
            #expect(throttled.headers[.retryAfter] != nil)
            clock.advance(by: 16 * 60)
            #expect(try await browser.post("/login", form: ["passphrase": "correct horse battery"]).status == .seeOther)
        }
    }

    @Test("after signing in, only local paths are followed")
    func safeNext() {
        #expect(LoginRoutes.safeNext("/settings") == "/settings")
        #expect(LoginRoutes.safeNext("https://evil.example") == "/")
        #expect(LoginRoutes.safeNext("//evil.example") == "/")
        #expect(LoginRoutes.safeNext("/\\evil") == "/")
    }

    @Test("passphrases are stored as salted scrypt hashes that verify only the right passphrase")
    func scrypt() throws {
        let hasher = ScryptPassphraseHasher(rounds: 1 << 10)
        let a = try hasher.hash("correct horse battery")
        let b = try hasher.hash("correct horse battery")
        #expect(a.hasPrefix("scrypt$1024$8$1$"))
        #expect(a != b)
        #expect(!a.contains("correct"))
        #expect(hasher.verify("correct horse battery", against: a))
        #expect(!hasher.verify("correct horse batterY", against: a))
        #expect(!hasher.verify("x", against: "scrypt$99999999$8$1$AA$AA"))
    }

    @Test("API tokens are created and revoked in Settings; the secret is shown once")
    func tokensInSettings() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        try await app.browse { browser in
            try await browser.get("/settings")
            let created = try await browser.post("/settings/tokens", form: ["tokenName": "status bar"])
            #expect(created.status == .ok)
            #expect(created.text.contains(#"id="new-token">dbk_"#))
            let later = try await browser.get("/settings")
            #expect(later.text.contains("status bar"))
            #expect(!later.text.contains(#"id="new-token""#))
            let empty = try await browser.post("/settings/tokens", form: ["tokenName": ""])
            #expect(empty.status == .unprocessableContent)
        }
        let id = try #require(try await app.database?.tokens().first?.id)
        try await app.browse { browser in
            try await browser.get("/settings")
            #expect(try await browser.post("/settings/tokens/\(id)/revoke", form: [:]).status == .seeOther)
            #expect(try await browser.post("/settings/tokens/\(id)/revoke", form: [:]).status == .notFound)
        }
        #expect(try await app.database?.tokens().isEmpty == true)
    }

    @Test("secrets are 32 random bytes in URL-safe base64 that decode back exactly")
    func secretsAreURLSafe() throws {
        let secrets = (0..<200).map { _ in SystemSecretMaker().newSecret() }
        #expect(Set(secrets).count == 200)
        for secret in secrets {
            #expect(secret.count == 43)
            #expect(secret.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
            #expect(Base64URL.decode(secret)?.count == 32)
        }
        let bytes = Data([0xfb, 0xff, 0xbf, 0x00, 0x3e])
        #expect(Base64URL.encode(bytes) == "-_-_AD4")
        #expect(Base64URL.decode("-_-_AD4") == bytes)
    }
}
