import DaybookCore
import DaybookFeatures
import DaybookTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import DaybookWeb

@Suite("The navigation: a phone's five places and More, the desktop's side list; one list of tracker units")
struct NavigationTests {
    /// The `<li>` of the navigation that links to `href`.
    func navItem(_ html: String, _ href: String) throws -> Substring {
        let nav = try #require(html.range(of: #"<nav id="app-nav""#)).lowerBound
        let end = try #require(html.range(of: "</nav>", range: nav..<html.endIndex)).lowerBound
        let link = try #require(html.range(of: #"<a href="\#(href)""#, range: nav..<end))
        let start = try #require(html.range(of: "<li", options: .backwards, range: nav..<link.lowerBound)).lowerBound
        let close = try #require(html.range(of: "</li>", range: link.upperBound..<end)).upperBound
        return html[start..<close]
    }

    @Test("a phone's bar holds Today, Journal, Focus, Trackers and More; the rest go to the side list and /more")
    func phoneBar() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings(language: .korean))
        try await app.browse { browser in
            let today = try await browser.get("/").text
            for href in ["/", "/journal", "/focus", "/trackers"] {
                #expect(try !navItem(today, href).contains("beyond-bar"), "\(href) is not on the bar")
            }
            for href in ["/timeline", "/calendar", "/map", "/stats", "/settings"] {
                #expect(try navItem(today, href).contains(#"class="beyond-bar""#), "\(href) is on the bar")
            }
            #expect(try navItem(today, "/more").contains("더 보기"))
            #expect(try navItem(today, "/").contains(#"aria-current="page""#))

            // On Stats the side list marks Stats; the phone's bar marks More, which holds it.
            let stats = try await browser.get("/stats").text
            #expect(try navItem(stats, "/stats").contains(#"aria-current="page""#))
            #expect(try navItem(stats, "/more").contains(#"aria-current="true""#))
            #expect(try !navItem(stats, "/").contains("aria-current"))

            let more = try await browser.get("/more")
            #expect(more.status == .ok)
            #expect(try navItem(more.text, "/more").contains(#"aria-current="page""#))
            for href in ["/timeline", "/calendar", "/map", "/stats", "/settings", "/search", "/log", "/privacy"] {
                #expect(more.text.contains(#"<li><a href="\#(href)""#), "More has no \(href)")
            }
        }
    }

    @Test("a wrong unit is refused with the names the API and the CLI take, and nothing is stored")
    func wrongUnit() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        try await app.browse { browser in
            let refused = try await browser.send(
                .post, "/api/v1/trackers", json: #"{"name":"Water","kind":"number","unit":"gallons"}"#)
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains("unknownUnit"))
            #expect(refused.text.contains("currency, kilograms, pounds, kilometres, miles, litres, steps, custom"))
            // A unit the document allows but the rules refuse (custom without its label) answers in the route's words.
            let custom = try await browser.send(
                .post, "/api/v1/trackers", json: #"{"name":"Water","kind":"number","unit":"custom"}"#)
            #expect((400..<500).contains(custom.status.code))
            let list = try await browser.get("/api/v1/trackers")
            #expect(list.text.contains(#""trackers":[]"#))
        }
    }
}
