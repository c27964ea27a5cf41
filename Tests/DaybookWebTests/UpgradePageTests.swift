import DaybookCore
import DaybookStore
import DaybookTestSupport
import Foundation
import GRDB
import Hummingbird
import HummingbirdTesting
import Testing

@testable import DaybookWeb

@Suite("Upgrades in the web app")
struct UpgradePageTests {
    @Test("when an upgrade stopped, every page says so in the person's language and names the copy to go back to")
    func stoppedUpgrade() async throws {
        let gate = DatabaseGate()
        let copy = URL(fileURLWithPath: "/srv/daybook/pre-upgrade/daybook-before-25-20261128T202500Z.sqlite")
        gate.finish(
            .notUpgraded(.migrationFailed(copy: copy, completed: "v25 app badge", reason: "table openedBy exists")))
        let app = try await TestApp.make(gate: gate)
        try await app.browse { browser in
            browser.acceptLanguage = "ja-JP"
            for path in ["/", "/journal", "/settings/backups"] {
                let page = try await browser.get(path)
                #expect(page.status == .serviceUnavailable)
                #expect(page.text.contains(Fixtures.localizer(.japanese)("upgrade.failed.title")))
                #expect(page.text.contains(copy.path) && page.text.contains("v25 app badge"))
                #expect(page.text.contains("daybook upgrade-undo"))
                // It waits for a person: no refresh each second, as the page of a database still opening does
                #expect(!page.text.contains("http-equiv=\"refresh\""))
                #expect(!page.text.contains("table openedBy exists"))
            }
            // Drawn in the default theme, as the owner's is in the database
            let theme = try await browser.get("/theme.css")
            #expect(theme.status == .ok && theme.headers[.contentType]?.hasPrefix("text/css") == true)
            let api = try await browser.get("/api/v1/entries")
            #expect(api.status == .serviceUnavailable)
            #expect(api.text.contains(#""code":"notUpgraded""#) && api.text.contains(copy.lastPathComponent))
        }
    }

    @Test("Settings → Backups lists the copies taken before upgrades and says how to go back")
    func backupsPage() async throws {
        let folder = Fixtures.temporaryFolder()
        let copies = PreUpgradeCopies(dataFolder: folder)
        try FileManager.default.createDirectory(at: copies.folder, withIntermediateDirectories: true)
        let queue = try DatabaseQueue(
            path: copies.folder.appendingPathComponent("daybook-before-25-20261128T202500Z.sqlite").path)
        try await queue.write { db in try db.execute(sql: "CREATE TABLE kept (x)") }
        try queue.close()
        let app = try await TestApp.make(settings: Fixtures.settings(language: .korean), dataFolder: folder)
        try await app.browse { browser in
            let page = try await browser.get("/settings/backups")
            let say = Fixtures.localizer(.korean)
            #expect(page.text.contains(say("backups.upgrades")))
            #expect(page.text.contains(say("backups.upgrades.hint", copies.folder.path)))
            #expect(page.text.contains("daybook-before-25-20261128T202500Z.sqlite"))
            #expect(page.text.contains("26단계 이전"))
            #expect(page.text.contains("daybook upgrade-undo"))
        }
        // With no copy the card says none was needed
        let empty = try await TestApp.make(settings: Fixtures.settings(), dataFolder: Fixtures.temporaryFolder())
        try await empty.browse { browser in
            let page = try await browser.get("/settings/backups")
            #expect(page.text.contains(Fixtures.localizer()("backups.upgrades.none")))
        }
    }
}
