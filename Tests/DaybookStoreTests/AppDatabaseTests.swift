import DaybookCore
import DaybookDemo
import DaybookTestSupport
import Foundation
import GRDB
import Testing

@testable import DaybookStore

@Suite("AppDatabase")
struct AppDatabaseTests {
    @Test("a new data folder gets a WAL database with every migration applied")
    func migratesFile() throws {
        let folder = Fixtures.temporaryFolder().appendingPathComponent("nested/data")
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let database = try AppDatabase.open(folder: folder)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("daybook.sqlite").path))
        #expect(try database.journalMode() == "wal")
        #expect(
            try database.appliedMigrations() == [
                "v1 settings and access", "v2 plan and focus", "v3 goal, series and daily log", "v4 focus by day",
                "v5 photos",
                "v6 journal",
                "v7 trackers", "v8 places", "v9 weather and connections", "v10 reminders", "v11 backups", "v12 imports",
                "v13 tracker frequency and note", "v14 idempotency keys", "v15 changes feed",
                "v16 when log fields changed", "v17 entry conflicts",
                "v18 photo content hash", "v19 entry edit origin", "v20 search terms", "v21 tag counts",
                "v22 devices", "v23 push contact", "v24 when tasks changed", "v25 app badge", "v26 opened by",
            ])
        #expect(try database.tableNames().contains("settings") && database.tableNames().contains("photo"))
        // Opening again finds everything in place.
        let reopened = try AppDatabase.open(folder: folder)
        #expect(
            try reopened.appliedMigrations() == [
                "v1 settings and access", "v2 plan and focus", "v3 goal, series and daily log", "v4 focus by day",
                "v5 photos",
                "v6 journal",
                "v7 trackers", "v8 places", "v9 weather and connections", "v10 reminders", "v11 backups", "v12 imports",
                "v13 tracker frequency and note", "v14 idempotency keys", "v15 changes feed",
                "v16 when log fields changed", "v17 entry conflicts",
                "v18 photo content hash", "v19 entry edit origin", "v20 search terms", "v21 tag counts",
                "v22 devices", "v23 push contact", "v24 when tasks changed", "v25 app badge", "v26 opened by",
            ])
    }

    @Test("in memory, the schema is the same")
    func migratesMemory() throws {
        let database = try AppDatabase.inMemory()
        let file = try AppDatabase.open(folder: Fixtures.temporaryFolder())
        #expect(try database.tableNames() == file.tableNames())
    }

    @Test("settings are absent until saved, then come back exactly, as one row")
    func settingsRoundTrip() async throws {
        let database = try await Fixtures.database()
        #expect(try await database.loadSettings() == nil)
        var settings = Fixtures.settings(name: "지민", language: .korean)
        try await database.saveSettings(settings)
        settings.accentColor = HexColor(hex: "#b03a2e")!
        settings.appearance = .dark
        try await database.saveSettings(settings)
        #expect(try await database.loadSettings() == settings)
        let rows = try await database.writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM settings") }
        #expect(rows == 1)
    }

    @Test("settings survive closing and reopening the file")
    func settingsPersist() async throws {
        let folder = Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await AppDatabase.open(folder: folder).saveSettings(Fixtures.settings(name: "Aiko"))
        #expect(try await AppDatabase.open(folder: folder).loadSettings()?.name == "Aiko")
    }

    @Test("a value from a newer version falls back to its default instead of failing")
    func unknownValuesFallBack() async throws {
        let database = try await Fixtures.database(settings: Fixtures.settings())
        try await database.writer.write { db in
            try db.execute(sql: "UPDATE settings SET language = 'xx', focusSound = 'thunder', accentColor = 'nope'")
        }
        let loaded = try #require(try await database.loadSettings())
        #expect(loaded.language == .english)
        #expect(loaded.focusSound == .rain)
        #expect(loaded.accentColor == .defaultAccent)
        #expect(loaded.name == "Mina")
    }

    @Test("sessions expire, are renewed at most once an hour, and a new passphrase ends them all")
    func sessions() async throws {
        let database = try await Fixtures.database()
        let now = Date.iso("2026-11-21T10:00:00Z")
        var session = NewLoginSession(secret: "s", deviceName: "iPhone · Safari", now: now, secrets: PlainSecrets())
        session.device.expiresAt = now.addingTimeInterval(7200)
        try await database.createSession(session)
        func use(_ digest: String, after seconds: TimeInterval) async throws -> SessionUse? {
            try await database.useSession(
                digest: digest, at: now.addingTimeInterval(seconds), lifetime: 7200, renewalPrecision: 3600)
        }
        #expect(try await use(session.digest, after: 59)?.renewed == false)
        #expect(try await use("other", after: 0) == nil)
        let renewed = try #require(try await use(session.digest, after: 3600))
        #expect(renewed.renewed && renewed.device.expiresAt == now.addingTimeInterval(10_800))
        #expect(try await use(session.digest, after: 10_801) == nil)
        #expect(try await use(session.digest, after: 10_799) != nil)
        #expect(try await database.sessions(at: now).map(\.name) == ["iPhone · Safari"])
        try await database.setPassphraseHash("scrypt$x")
        #expect(try await use(session.digest, after: 0) == nil)
        #expect(try await database.passphraseHash() == "scrypt$x")
    }

    @Test("a pairing link is used once, before it expires, and only then stores the session")
    func pairing() async throws {
        let database = try await Fixtures.database()
        let now = Date.iso("2026-11-21T10:00:00Z")
        try await database.createPairing(digest: "link", createdAt: now, expiresAt: now.addingTimeInterval(600))
        func session(_ secret: String) -> NewLoginSession {
            NewLoginSession(secret: secret, deviceName: "", now: now, secrets: PlainSecrets())
        }
        #expect(try await database.usePairing(digest: "forged", at: now, session: session("a")) == .unknown)
        #expect(
            try await database.usePairing(digest: "link", at: now.addingTimeInterval(600), session: session("b"))
                == .expired)
        #expect(try await database.usePairing(digest: "link", at: now, session: session("c")) == .signedIn)
        #expect(try await database.usePairing(digest: "link", at: now, session: session("d")) == .alreadyUsed)
        #expect(try await database.sessions(at: now).count == 1)
    }

    @Test("tokens are listed newest first, marked when used, and gone when revoked")
    func tokens() async throws {
        let database = try await Fixtures.database()
        let day = Date.iso("2026-11-21T10:00:00Z")
        #expect(
            try await database.createToken(APIToken(id: "aaaa", name: "laptop", createdAt: day), digest: "d1", limit: 2)
        )
        #expect(
            try await database.createToken(
                APIToken(id: "bbbb", name: "bar", createdAt: day.addingTimeInterval(10)), digest: "d2", limit: 2))
        // At the limit nothing more is kept.
        #expect(
            try await !database.createToken(
                APIToken(id: "cccc", name: "third", createdAt: day.addingTimeInterval(20)), digest: "d3", limit: 2))
        #expect(try await database.tokens().map(\.name) == ["bar", "laptop"])
        let used = try await database.useToken(digest: "d1", at: day.addingTimeInterval(99))
        #expect(used?.lastUsedAt == day.addingTimeInterval(99))
        #expect(try await database.useToken(digest: "nope", at: day) == nil)
        #expect(try await database.revokeToken(id: "aaaa"))
        #expect(try await !database.revokeToken(id: "aaaa"))
        #expect(try await database.useToken(digest: "d1", at: day) == nil)
    }

    @Test("demo data is the same for the same seed, and looks like a year of someone's days")
    func demoIsDeterministic() async throws {
        let a = try await Fixtures.database()
        let b = try await Fixtures.database()
        let c = try await Fixtures.database()
        let today = DayKey(string: "2026-11-21")!
        let summary = try await a.fillDemo(years: 1, seed: 7, timeZone: Fixtures.seoul, today: today)
        #expect(try await b.fillDemo(years: 1, seed: 7, timeZone: Fixtures.seoul, today: today) == summary)
        try await c.fillDemo(years: 1, seed: 8, timeZone: Fixtures.seoul, today: today)
        #expect(summary.days == 365)
        #expect((1500...2600).contains(summary.sessions))  // about six a weekday, three at weekends
        #expect((250...340).contains(summary.logs))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = Fixtures.seoul
        // A Friday: the weekday routines and the daily reading are on it; a Saturday has the run instead.
        let friday = try await a.tasks(on: DayKey(string: "2026-11-20")!, calendar: calendar).map(\.title)
        #expect(Set(["Morning pages", "Deep work", "Inbox and review", "Read 20 pages"]).isSubset(of: Set(friday)))
        let saturday = try await a.tasks(on: today, calendar: calendar).map(\.title)
        #expect(saturday.contains("Run") && !saturday.contains("Deep work"))
        let lastWeek = DateInterval(start: .iso("2026-11-14T00:00:00+09:00"), end: .iso("2026-11-21T00:00:00+09:00"))
        #expect(try await a.focusTotals(in: lastWeek).sessions > 10)
        let settingsA = try #require(try await a.loadSettings())
        #expect(try await b.loadSettings() == settingsA)
        #expect(!settingsA.needsOnboarding)
        let settingsC = try #require(try await c.loadSettings())
        #expect(settingsC != settingsA)
    }

    @Test("the demo journal: a thousand entries a year of about 250 words, in four languages, found by search")
    func demoJournal() async throws {
        let database = try await Fixtures.database()
        let today = DayKey(string: "2026-11-21")!
        let summary = try await database.fillDemo(years: 1, seed: 3, timeZone: Fixtures.seoul, today: today)
        #expect(summary.entries == 1000)
        let newest = try await database.entries(JournalListQuery(limit: 200))
        #expect(newest.entries.first?.day == today)
        let words = newest.entries.map(\.wordCount)
        #expect((200...300).contains(words.reduce(0, +) / words.count))
        #expect(newest.entries.contains { $0.isStarred })
        #expect(newest.entries.contains { !$0.tags.isEmpty })
        for text in ["morning", "학교", "東京", "学", "北京", "Swift 공부", "cafe"] {
            #expect(try await !database.search(JournalSearchQuery(text: text)).hits.isEmpty, "\(text)")
        }
        let days = try await database.calendarDays(from: today.adding(days: -30), through: today)
        #expect(days.filter { $0.entryCount > 0 }.count >= 28)
        #expect(days.contains { $0.hasDailyLog })
    }
}

/// Secrets digested by a visible rule, for store tests.
private struct PlainSecrets: SecretMaker {
    func newSecret() -> String { "secret" }
    func digest(_ secret: String) -> String { "digest-" + secret }
}
