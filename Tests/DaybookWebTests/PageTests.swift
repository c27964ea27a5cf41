import DaybookCore
import DaybookStore
import DaybookTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import DaybookWeb

@Suite("Pages")
struct PageTests {
    @Test("a Korean browser is onboarded in Korean and greeted by name on Today")
    func onboardingInKorean() async throws {
        let app = try await TestApp.make()
        try await app.browse { browser in
            browser.acceptLanguage = "ko-KR,ko;q=0.9,en;q=0.5"
            let first = try await browser.get("/")
            #expect(first.status == .seeOther)
            #expect(first.headers[.location] == "/onboarding")

            let welcome = try await browser.get("/onboarding")
            #expect(welcome.text.contains(#"<html lang="ko""#))
            #expect(welcome.text.contains(#"<option value="ko" selected>"#))
            #expect(welcome.text.contains("Daybook에 오신 것을 환영해요") || welcome.text.contains("환영"))

            let language = try await browser.post("/onboarding/language", form: ["language": "ko"])
            #expect(language.headers[.location] == "/onboarding?step=name")
            let name = try await browser.post("/onboarding/name", form: ["name": "지민"])
            #expect(name.headers[.location] == "/onboarding?step=journal")
            let journalPage = try await browser.get("/onboarding?step=journal")
            #expect(journalPage.text.contains("지민"))
            let finish = try await browser.post(
                "/onboarding/journal", form: ["journalName": "나의 하루", "accentColor": "#3b5ba5"])
            #expect(finish.headers[.location] == "/")

            let today = try await browser.get("/")
            #expect(today.status == .ok)
            #expect(today.text.contains(#"<h1 id="greeting">좋은 아침이에요, 지민님</h1>"#))
            #expect(today.text.contains("설정"))
            #expect(try await browser.get("/onboarding").headers[.location] == "/")
        }
        #expect(try await app.database?.loadSettings()?.journalName == "나의 하루")
    }

    @Test("an empty name re-shows the step in the person's language with the error, and saves nothing")
    func emptyName() async throws {
        let app = try await TestApp.make()
        try await app.browse { browser in
            browser.acceptLanguage = "ja"
            try await browser.get("/onboarding")
            let response = try await browser.post("/onboarding/name", form: ["name": "  "])
            #expect(response.status == .unprocessableContent)
            #expect(response.text.contains(#"class="field-error""#))
            #expect(response.text.contains(Fixtures.localizer(.japanese)("error.field.empty")))
            #expect(response.text.contains(#"aria-invalid="true""#))
        }
        #expect(try await app.database?.loadSettings() == nil)
    }

    @Test("what a person typed is shown back escaped, never as markup")
    func escapesInput() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        try await app.browse { browser in
            try await browser.get("/settings")
            let response = try await browser.post(
                "/settings", form: ["name": "<script>alert(1)</script>", "accentColor": "#12"])
            #expect(response.status == .unprocessableContent)
            #expect(!response.text.contains("<script>alert"))
            #expect(response.text.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        }
    }

    @Test("settings round trip: save, see it saved, switch language, see the next page in it")
    func settingsRoundTrip() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        try await app.browse { browser in
            let page = try await browser.get("/settings")
            #expect(page.text.contains(#"id="settings-form""#))
            #expect(!page.text.contains("sign-out"), "no login on loopback, so nothing to sign out of")
            let saved = try await browser.post(
                "/settings",
                form: [
                    "name": "Jun", "journalName": "Field Notes", "language": "ja", "accentColor": "#b03a2e",
                    "appearance": "dark", "timeZone": "Asia/Tokyo", "firstWeekday": "sunday", "units": "imperial",
                    "focusMinutes": "45", "focusSound": "waves",
                ])
            #expect(saved.status == .seeOther)
            let after = try await browser.get("/settings?saved=1")
            #expect(after.text.contains(#"<html lang="ja" data-appearance="dark">"#))
            #expect(after.text.contains(#"id="flash""#))
            #expect(
                after.text.contains("設定を保存しました") || after.text.contains(Fixtures.localizer(.japanese)("settings.saved"))
            )
            #expect(after.text.contains(##"value="#b03a2e""##))
        }
        let settings = try #require(try await app.database?.loadSettings())
        #expect(settings.name == "Jun")
        #expect(settings.focusMinutes == 45)
        #expect(settings.timeZoneIdentifier == "Asia/Tokyo")
    }

    @Test("a bad settings form answers 422, keeps what was typed, and changes nothing")
    func badSettings() async throws {
        let original = Fixtures.settings()
        let app = try await TestApp.make(settings: original)
        try await app.browse { browser in
            try await browser.get("/settings")
            let response = try await browser.post(
                "/settings",
                form: ["name": "Jun", "accentColor": "#12", "timeZone": "Mars/Olympus", "focusMinutes": "0"])
            #expect(response.status == .unprocessableContent)
            #expect(response.text.contains(#"id="form-error""#))
            #expect(response.text.contains(#"value="Jun""#))
            #expect(response.text.contains(##"value="#12""##))
            #expect(response.text.contains("Enter a colour as a hex code"))
            #expect(response.text.contains("Enter a number from 1 to 240."))
        }
        #expect(try await app.database?.loadSettings() == original)
    }

    @Test("the theme stylesheet follows the accent colour")
    func themeFollowsAccent() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        try await app.browse { browser in
            let before = try await browser.get("/theme.css").text
            try await browser.get("/settings")
            try await browser.post("/settings", form: ["accentColor": "#b03a2e"])
            let after = try await browser.get("/theme.css").text
            #expect(before != after)
            #expect(after.contains("--accent:"))
            let page = try await browser.get("/")
            let expected = ThemeLinks(palette: ThemePalette(accent: HexColor(hex: "#b03a2e")!), appearance: .system)
            #expect(page.text.contains("/theme.css?v=\(expected.version)"))
        }
    }

    @Test("an empty Journal and its Calendar open in the person's language")
    func emptyJournal() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings(language: .simplifiedChinese))
        try await app.browse { browser in
            for (path, marker) in [("/journal", #"id="journal-empty""#), ("/calendar", #"id="month-grid""#)] {
                let page = try await browser.get(path)
                #expect(page.status == .ok)
                #expect(page.text.contains(marker))
                #expect(page.text.contains(#"aria-current="page""#))
                #expect(page.text.contains(#"lang="zh-Hans""#))
            }
        }
    }

    @Test("the privacy policy names the real data folder and says nothing is sent anywhere")
    func privacy() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings(language: .korean))
        try await app.browse { browser in
            let page = try await browser.get("/privacy")
            #expect(page.status == .ok)
            #expect(page.text.contains(Fixtures.localizer(.korean)("privacy.network.none")))
            #expect(page.text.contains(Fixtures.localizer(.korean)("privacy.access.loopback")))
            #expect(page.text.contains(#"<dl class="paths"><dt>"#))
            #expect(page.text.contains(Fixtures.localizer(.korean)("privacy.inMemory")))
        }
    }

    @Test("while the database is being set up, pages show a calm 'finishing setup' page that refreshes itself")
    func finishingSetup() async throws {
        let app = try await TestApp.make(gate: DatabaseGate())
        try await app.browse { browser in
            browser.acceptLanguage = "ko"
            let page = try await browser.get("/")
            #expect(page.status == .serviceUnavailable)
            #expect(page.headers[.retryAfter] == "1")
            #expect(page.text.contains(#"id="finishing-setup""#))
            #expect(page.text.contains(#"<meta http-equiv="refresh" content="1">"#))
            #expect(page.text.contains(Fixtures.localizer(.korean)("setup.heading")))
            let api = try await browser.get("/api/v1/settings")
            #expect(api.status == .serviceUnavailable)
            #expect(try await browser.get("/static/css/app.css").status == .ok)
        }
    }

    @Test("an unknown page is a localized 404, not an error")
    func notFound() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings(language: .japanese))
        try await app.browse { browser in
            let page = try await browser.get("/no/such/page")
            #expect(page.status == .notFound)
            #expect(page.text.contains(Fixtures.localizer(.japanese)("error.notFound.title")))
        }
    }

    @Test("the manifest makes Daybook installable, named after the journal, coloured by the theme")
    func manifest() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        try await app.browse { browser in
            let response = try await browser.get("/manifest.webmanifest")
            #expect(response.headers[.contentType] == "application/manifest+json")
            let manifest = try JSONSerialization.jsonObject(with: Data(response.text.utf8)) as? [String: Any]
            #expect(manifest?["name"] as? String == "Morning Pages")
            #expect(manifest?["start_url"] as? String == "/")
            #expect(manifest?["display"] as? String == "standalone")
            let icons = manifest?["icons"] as? [[String: String]] ?? []
            #expect(icons.count >= 3)
            for icon in icons {
                let path = try #require(icon["src"])
                #expect(try await browser.get(path).status == .ok, "icon \(path)")
            }
            let worker = try await browser.get("/sw.js")
            #expect(worker.text.contains(app.services.assets.version))
            #expect(!worker.text.contains("__ASSET_VERSION__"))
            #expect(try await browser.get("/offline").text.contains(#"id="offline""#))
        }
    }

    @Test("versioned static files are cached for good, and revalidate by ETag otherwise")
    func staticCaching() async throws {
        let app = try await TestApp.make()
        try await app.browse { browser in
            let version = app.services.assets.version
            let versioned = try await browser.get("/static/css/app.css?v=\(version)")
            #expect(versioned.headers[.cacheControl]?.contains("immutable") == true)
            let plain = try await browser.get("/static/js/app.js")
            let etag = try #require(plain.headers[.eTag])
            let again = try await browser.get("/static/js/app.js", headers: [.ifNoneMatch: etag])
            #expect(again.status == .notModified)
            #expect(try await browser.get("/static/../Package.swift").status == .notFound)
        }
    }
}

@Suite("Pages when the database fails")
struct FailedDatabaseTests {
    @Test("a database that cannot be opened shows an error page, not 'finishing setup' forever")
    func failedDatabase() async throws {
        let gate = DatabaseGate()
        gate.finish(.failed("disk is read-only"))
        let app = try await TestApp.make(gate: gate)
        try await app.browse { browser in
            let page = try await browser.get("/")
            #expect(page.status == .internalServerError)
            #expect(page.text.contains(Fixtures.localizer()("error.internal.title")))
            #expect(!page.text.contains("disk is read-only"))
        }
    }

    @Test("Today's morning prompt notes sleep with one tap; a forged rating is refused in Korean and saves nothing")
    func sleepPrompt() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings(language: .korean))
        try await app.browse { browser in
            let today = try await browser.get("/")
            #expect(today.text.contains(#"id="sleep-prompt""#))
            #expect(today.text.contains(#"id="goal-ring""#))
            let forged = try await browser.post("/today/sleep", form: ["quality": "9"])
            #expect(forged.status == .unprocessableContent)
            #expect(forged.text.contains(Fixtures.localizer(.korean)("log.error.rating")))
            #expect(try await app.database?.dailyLog(on: DayKey(string: "2026-11-21")!) == nil)

            let noted = try await browser.post("/today/sleep", form: ["quality": "2"])
            #expect(noted.headers[.location] == "/")
            #expect(try await app.database?.dailyLog(on: DayKey(string: "2026-11-21")!)?.sleepQuality == 2)
            #expect(!(try await browser.get("/").text.contains(#"id="sleep-prompt""#)))
        }
    }
}
