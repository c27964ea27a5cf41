import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import DaybookWeb

@Suite("Onboarding comes first")
struct OnboardingGateTests {
    /// Every page of the app, as a person would open it.
    static let pages = [
        "/", "/focus", "/timeline", "/timeline/tasks/any/edit", "/journal", "/search?q=rain", "/journal/new",
        "/journal/trash", "/journal/any", "/journal/any/edit", "/trackers", "/trackers/new", "/trackers/any",
        "/trackers/any/edit", "/log", "/log/2026-11-20", "/stats", "/calendar", "/map", "/more", "/settings",
        "/settings/connections", "/settings/reminders", "/settings/backups",
    ]

    @Test("before onboarding, every page leads to it, and the focus buttons start nothing")
    func everyPageLeadsToOnboarding() async throws {
        let app = try await TestApp.make()
        try await app.browse { browser in
            for path in Self.pages {
                let response = try await browser.get(path)
                #expect(response.status == .seeOther, "\(path)")
                #expect(response.headers[.location] == "/onboarding", "\(path)")
            }
            #expect(try await browser.get("/onboarding").status == .ok)
            let start = try await browser.post("/focus/start", form: ["minutes": "25"])
            #expect(start.headers[.location] == "/onboarding")
        }
        #expect(try await app.database?.loadSettings() == nil)
    }

    @Test("after onboarding, the same pages open")
    func pagesOpenAfterOnboarding() async throws {
        let app = try await TestApp.make()
        try await app.browse { browser in
            try await browser.onboard()
            for path in ["/", "/focus", "/journal", "/trackers", "/log", "/stats", "/calendar", "/settings"] {
                #expect(try await browser.get(path).status == .ok, "\(path)")
            }
        }
    }
}
