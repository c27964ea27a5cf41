import DaybookCore
import DaybookDataFolder
import DaybookFeatures
import DaybookTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import DaybookWeb

@Suite("The Scriptable widget script")
struct ScriptableRouteTests {
    static let publicURL = try! PublicURL("https://daybook.home.arpa:18443")

    @Test("a widgets or shortcuts token gets a script with the address and that token; no token is 401, others 403")
    func tokens() async throws {
        // Given a loopback Daybook, where requests without a token are let through
        let app = try await TestApp.make(settings: Fixtures.settings())
        let access = app.services.accessInteractor(try #require(app.database))
        let widgets = try await access.createToken(name: "Phone", scope: .widgets).secret
        let shortcuts = try await access.createToken(name: "Shortcuts", scope: .shortcuts).secret
        let full = try await access.createToken(name: "Laptop").secret
        let calendar = try await access.createToken(name: "Calendar", scope: .calendar).secret
        try await app.browse { browser in
            // When the script is asked for with a widgets token in the query
            let script = try await browser.get("/widgets/scriptable.js?token=\(widgets)")
            // Then it is the script, with that token and the address asked filled in
            #expect(script.status == .ok)
            #expect(script.headers[.contentType] == "text/javascript; charset=utf-8")
            #expect(script.headers[.cacheControl] == "no-store")
            #expect(script.headers[.contentDisposition] == "inline; filename=\"Daybook.js\"")
            #expect(script.text.contains(#""token" : "\#(widgets)""#))
            #expect(script.text.contains(#""address" : "http://"#))
            #expect(script.text.contains("const DaybookDraw = "))
            #expect(script.text.contains("await DaybookWidget.run(DAYBOOK);"))
            #expect(script.text.contains(#""asOf" : "As of %@""#))

            let bearer = try await browser.get(
                "/widgets/scriptable.js", headers: [.authorization: "Bearer \(shortcuts)"])
            #expect(bearer.status == .ok && bearer.text.contains(shortcuts))

            let json: HTTPFields = [.accept: "application/json"]
            let none = try await browser.get("/widgets/scriptable.js", headers: json)
            #expect(none.status == .unauthorized)
            #expect(none.text.contains("widgets token"))
            for token in [full, calendar] {
                let refused = try await browser.get("/widgets/scriptable.js?token=\(token)", headers: json)
                #expect(refused.status == .forbidden)
                #expect(refused.text.contains("only a widgets or shortcuts token"))
                #expect(!refused.text.contains(token))
            }
            let unknown = try await browser.get("/widgets/scriptable.js?token=nope")
            #expect(unknown.status == .unauthorized)
            // The widgets' own pages still answer beside it.
            #expect(try await browser.get("/widgets/small?token=\(widgets)").status == .ok)
        }
    }

    @Test("behind a proxy the script and the timelines link to the public URL; a session alone gets no script")
    func publicAddress() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings(), publicURL: Self.publicURL)
        let access = app.services.accessInteractor(try #require(app.database))
        try await access.setPassphrase("correct horse battery")
        let widgets = try await access.createToken(name: "Phone", scope: .widgets).secret
        try await app.browse { browser in
            let script = try await browser.get("/widgets/scriptable.js?token=\(widgets)")
            #expect(script.status == .ok)
            #expect(script.text.contains(#""address" : "https://daybook.home.arpa:18443""#))

            let timeline = try await browser.get(
                "/api/v1/widgets/rectangular", headers: [.authorization: "Bearer \(widgets)"])
            let json = try #require(try JSONSerialization.jsonObject(with: Data(timeline.text.utf8)) as? [String: Any])
            #expect(json["url"] as? String == "https://daybook.home.arpa:18443/focus")

            let none = try await browser.get("/widgets/scriptable.js")
            #expect(none.status == .unauthorized)
        }
    }

    @Test("a timeline carries the page a tap opens and the owner's accent for light and dark")
    func timelineLinks() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        let walk = try await app.services.trackerInteractor(try #require(app.database)).create(
            Trackers.Draft(name: "Walk", kind: "boolean")).tracker
        try await app.browse { browser in
            func timeline(_ path: String) async throws -> [String: Any] {
                let answer = try await browser.get(path)
                return try #require(try JSONSerialization.jsonObject(with: Data(answer.text.utf8)) as? [String: Any])
            }
            let small = try await timeline("/api/v1/widgets/small")
            let url = try #require(small["url"] as? String)
            #expect(url.hasPrefix("http://") && url.hasSuffix("/") && !url.hasSuffix("//"))
            let palette = ThemePalette(accent: Fixtures.settings().accentColor)
            #expect(
                small["accent"] as? [String: String]
                    == ["light": palette.light.accentText.hex, "dark": palette.dark.accentText.hex])
            #expect(
                small["background"] as? [String: String]
                    == ["light": palette.light.surface.hex, "dark": palette.dark.surface.hex])
            let tracker = try await timeline("/api/v1/widgets/tracker")
            #expect(tracker["url"] as? String == String(url.dropLast()) + "/trackers/\(walk.id)")
        }
    }
}
