import DaybookCore
import DaybookDataFolder
import DaybookStore
import DaybookTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import DaybookWeb

@Suite("The backups page, Back up now, and the daily backup")
struct BackupPageTests {
    let folder = Fixtures.temporaryFolder()
    let clock = ManualClock(.iso("2026-11-21T08:30:00+09:00"))

    func app(language: AppLanguage = .english) async throws -> TestApp {
        let made = try await TestApp.make(
            settings: Fixtures.settings(language: language), clock: clock, dataFolder: folder)
        var services = made.services
        // A light scrypt work factor keeps the tests quick; the file format is the same.
        services.backups = BackupRunner(dataFolder: folder, workFactor: 10)
        return TestApp(services: services, database: made.database)
    }

    @Test("a passphrase is set from the page; a short one, or one with keys, is refused with the reason")
    func plan() async throws {
        let app = try await app()
        try await app.browse { browser in
            var page = try await browser.get("/settings/backups")
            #expect(page.status == .ok)
            #expect(page.text.contains("Not set up"))
            #expect(page.text.contains("No backups yet."))
            let short = try await browser.post("/settings/backups", form: ["passphrase": "short"])
            #expect(short.status == .unprocessableContent)
            #expect(short.text.contains("at least 8 characters"))
            let both = try await browser.post(
                "/settings/backups",
                form: ["passphrase": "long enough phrase", "recipients": "age1" + String(repeating: "q", count: 58)])
            #expect(both.status == .unprocessableContent)
            #expect(both.text.contains("not both"))
            #expect(try await app.database!.loadBackupPlan() == BackupPlan())
            let saved = try await browser.post("/settings/backups", form: ["passphrase": "long enough phrase"])
            #expect(saved.status == .seeOther)
            page = try await browser.get("/settings/backups")
            #expect(page.text.contains("Locked with a passphrase."))
            // The passphrase is never sent back to the page
            #expect(!page.text.contains("long enough phrase"))
        }
    }

    @Test("Back up now with nothing set is refused; once set, it writes a backup listed and downloadable")
    func backUpNow() async throws {
        let app = try await app()
        try await app.browse { browser in
            _ = try await browser.get("/settings/backups")
            let refused = try await browser.post("/settings/backups/run", form: [:])
            #expect(refused.status == .conflict)
            #expect(refused.text.contains("Set a passphrase or a key first."))
        }
        try await app.database!.saveBackupPlan(BackupPlan(passphrase: "long enough phrase"))
        // The daily backup is due: none was made today
        await app.services.runDueBackup(app.database!)
        let files = app.services.backups.files()
        #expect(files.count == 1)
        let status = try await app.database!.loadBackupStatus()
        #expect(status.lastFile == files.first?.name && status.currentFailure == nil)
        // Later the same day it is not due again
        clock.advance(by: 3 * 3600)
        await app.services.runDueBackup(app.database!)
        #expect(app.services.backups.files().count == 1)
        try await app.browse { browser in
            let page = try await browser.get("/settings/backups")
            #expect(page.text.contains("Last backup:"))
            let name = try #require(files.first?.name)
            let download = try await browser.get("/settings/backups/files/\(name)")
            #expect(download.status == .ok)
            #expect(download.text.hasPrefix("age-encryption.org/v1\n-> scrypt "))
            #expect(download.headers[.contentDisposition]?.contains(name) == true)
            let missing = try await browser.get("/settings/backups/files/..%2Fdaybook.sqlite")
            #expect(missing.status == .notFound)
            #expect(missing.text.contains("That backup file is not in the data folder"), "\(missing.text)")
        }
    }

    @Test("a failed backup is shown on the backups page and on Today, in the owner's language")
    func failureShown() async throws {
        let app = try await app(language: .korean)
        try await app.database!.saveBackupPlan(
            BackupPlan(passphrase: "long enough phrase", secondFolder: "/nonexistent/nas"))
        await app.services.runDueBackup(app.database!)
        #expect(try await app.database!.loadBackupStatus().currentFailure?.contains("/nonexistent/nas") == true)
        try await app.browse { browser in
            let today = try await browser.get("/")
            #expect(today.text.contains("마지막 백업이 실패했습니다"))
            let page = try await browser.get("/settings/backups")
            #expect(page.text.contains("백업이 실패했습니다"))
            #expect(page.text.contains("/nonexistent/nas"))
        }
        // A later success clears the warning
        try await app.database!.saveBackupPlan(BackupPlan(passphrase: "long enough phrase"))
        clock.advance(by: 2 * 3600)
        await app.services.runDueBackup(app.database!)
        try await app.browse { browser in
            let today = try await browser.get("/")
            #expect(!today.text.contains("마지막 백업이 실패했습니다"))
        }
    }
}
