import DaybookCore
import DaybookTestSupport
import Foundation
import GRDB
import Testing

@testable import DaybookStore

/// An owner upgrades Daybook, and may go back: the database is copied before it is migrated, a newer Daybook's
/// database is never written by an older one, and only the server (or `daybook migrate`) migrates.
@Suite("Upgrades you can undo")
struct UpgradeTests {
    let folder = Fixtures.temporaryFolder()
    var file: URL { folder.appendingPathComponent(AppDatabase.fileName) }
    static let now = Date(timeIntervalSince1970: 1_795_897_500)  // 2026-11-28 20:25:00 UTC
    static var previous: String { AppDatabase.migrator.migrations.dropLast().last! }
    static var latest: String { AppDatabase.migrator.migrations.last! }

    /// A data folder as the Daybook before this one left it: at the migration before the latest, with the owner's
    /// settings in it.
    func previousFolder() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let pool = try DatabasePool(path: file.path, configuration: AppDatabase.makeConfiguration())
        try AppDatabase.migrator.migrate(pool, upTo: Self.previous)
        try pool.write { db in
            try db.execute(
                sql: """
                    INSERT INTO settings (id, name, journalName, language, accentColor, appearance, timeZone,
                        firstWeekday, units, focusMinutes, focusSound)
                    VALUES (1, 'Aiko', 'Days', 'ja', 'teal', 'system', 'Asia/Tokyo', 'monday', 'metric', 25, 'rain')
                    """)
        }
        try pool.close()
    }

    func digest(_ url: URL) throws -> Data { try Data(contentsOf: url) }

    @Test("a database a newer Daybook migrated is refused, named by its version, and not a byte of it is written")
    func newerRefused() async throws {
        // Given a folder a newer Daybook opened last
        let made = try AppDatabase.open(folder: folder)
        try await made.writer.write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99 journal rings')")
            try db.execute(sql: "UPDATE openedBy SET version = '9.0.0'")
        }
        try made.writer.close()
        let before = try digest(file)

        // Then commands, the server and a restore each refuse it with the same words
        let refusal = UpgradeProblem.newerDatabase(version: "9.0.0", migrations: ["v99 journal rings"])
        #expect(throws: refusal) { try AppDatabase.open(folder: folder) }
        #expect(throws: refusal) { try AppDatabase.upgrade(folder: folder, now: Self.now) }
        #expect(throws: AppDatabase.SnapshotProblem.newerSchema(["v99 journal rings"])) {
            try AppDatabase.inspectSnapshot(file)
        }
        #expect(refusal.description.contains("upgraded by a newer Daybook (9.0.0)"))
        #expect(refusal.description.contains("pre-upgrade/"))
        // And the file is as it was: not the search index's preparation, not the version
        #expect(try digest(file) == before)
        #expect(!FileManager.default.fileExists(atPath: PreUpgradeCopies(dataFolder: folder).folder.path))
    }

    @Test("a newer Daybook that recorded no version is named by its migration")
    func newerWithoutVersion() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let queue = try DatabaseQueue(path: file.path, configuration: AppDatabase.makeConfiguration())
        try AppDatabase.migrator.migrate(queue, upTo: Self.previous)
        try queue.write { db in try db.execute(sql: "INSERT INTO grdb_migrations VALUES ('v31 moods')") }
        try queue.close()
        #expect(throws: UpgradeProblem.newerDatabase(version: nil, migrations: ["v31 moods"])) {
            try AppDatabase.open(folder: folder)
        }
    }

    @Test("commands leave an older database to the server; the server copies it, checks the copy, then upgrades")
    func copiedBeforeUpgrade() async throws {
        try previousFolder()
        // A command refuses, and changes nothing
        #expect(throws: UpgradeProblem.needsUpgrade(pending: [Self.latest])) { try AppDatabase.open(folder: folder) }
        #expect(try AppDatabase.schemaStatus(ofFile: file).applied.last == Self.previous)

        // The server's open takes the copy first
        let (database, copy) = try AppDatabase.upgrade(folder: folder, now: Self.now)
        let number = try #require(SchemaStatus.number(of: Self.previous))
        let taken = try #require(copy)
        #expect(taken.lastPathComponent == "daybook-before-\(number)-20261128T202500Z.sqlite")
        #expect(taken.deletingLastPathComponent().lastPathComponent == "pre-upgrade")
        #expect(PreUpgradeCopies.readsWhole(taken))
        // The copy is the database as it was; the database is this Daybook's, with the owner's settings
        #expect(try AppDatabase.schemaStatus(ofFile: taken).applied.last == Self.previous)
        #expect(try database.appliedMigrations().last == Self.latest)
        #expect(try await database.loadSettings()?.name == "Aiko")
        #expect(try AppDatabase.schemaStatus(ofFile: file).openedBy == BuildInfo.version)
        // Opened again, there is nothing to copy
        try database.writer.close()
        #expect(try AppDatabase.upgrade(folder: folder, now: Self.now).1 == nil)
    }

    @Test("the last three copies are kept, newest first")
    func lastThreeKept() throws {
        try previousFolder()
        let copies = PreUpgradeCopies(dataFolder: folder)
        for day in 0..<5 {
            _ = try copies.take(of: file, before: 25, at: Self.now.addingTimeInterval(Double(day) * 86_400))
        }
        let kept = copies.list().map(\.file.lastPathComponent)
        #expect(
            kept == [
                "daybook-before-25-20261202T202500Z.sqlite", "daybook-before-25-20261201T202500Z.sqlite",
                "daybook-before-25-20261130T202500Z.sqlite",
            ])
    }

    @Test("a migration that fails leaves the database at the last one completed and the copy whole, and says where")
    func failedMigration() throws {
        try previousFolder()
        // Something in the way of the latest migration: the table it makes is already there
        let queue = try DatabaseQueue(path: file.path, configuration: AppDatabase.makeConfiguration())
        try queue.write { db in try db.execute(sql: "CREATE TABLE openedBy (stray TEXT)") }
        try queue.close()

        do {
            _ = try AppDatabase.upgrade(folder: folder, now: Self.now)
            Issue.record("the upgrade should have stopped")
        } catch UpgradeProblem.migrationFailed(let copy, let completed, _) {
            let copy = try #require(copy)
            #expect(completed == Self.previous)
            #expect(PreUpgradeCopies.readsWhole(copy))
            let problem = UpgradeProblem.migrationFailed(copy: copy, completed: completed, reason: "x")
            #expect(problem.description.contains(copy.path))
        }
        #expect(try AppDatabase.schemaStatus(ofFile: file).applied.last == Self.previous)
    }

    @Test("undoing an upgrade puts the copy back and keeps the database it replaces beside the copies")
    func undo() async throws {
        try previousFolder()
        let (database, copy) = try AppDatabase.upgrade(folder: folder, now: Self.now)
        try await database.saveSettings(Fixtures.settings(name: "Written after"))
        try database.writer.close()

        let copies = PreUpgradeCopies(dataFolder: folder)
        let done = try copies.putBack(try #require(copy), dataFolder: folder, at: Self.now.addingTimeInterval(60))
        #expect(try AppDatabase.schemaStatus(ofFile: file).applied.last == Self.previous)
        let aside = try #require(done.replacedKeptAt)
        #expect(aside.lastPathComponent == "daybook-undone-20261128T202600Z.sqlite")
        #expect(try AppDatabase.schemaStatus(ofFile: aside).applied.last == Self.latest)
        // The copy stays where it was, and what was kept aside is no copy to go back to
        #expect(copies.list().map(\.file) == [copy])
    }

    @Test("the server's open records which Daybook opened the database last")
    func openedBy() async throws {
        let database = try AppDatabase.open(folder: folder)
        let version = try await database.writer.read { db in
            try String.fetchOne(db, sql: "SELECT version FROM openedBy")
        }
        #expect(version == BuildInfo.version)
    }
}
