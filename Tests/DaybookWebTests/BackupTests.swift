import DaybookArchive
import DaybookCore
import DaybookDataFolder
import DaybookDemo
import DaybookStore
import DaybookTestSupport
import Foundation
import GRDB
import Testing

@testable import DaybookWeb

@Suite("Backups: made while Daybook runs, restored whole or not at all")
struct BackupTests {
    static let passphrase = "the river at dawn"
    static let recipients = [AgeRecipient.passphrase(passphrase, workFactor: 10)]
    static let now = Date(timeIntervalSince1970: 1_795_400_000)

    /// A data folder with a year of everything: entries with places, sessions, logs, trackers, settings,
    /// reminders, photos and a push key.
    static func filledFolder() async throws -> (URL, AppDatabase) {
        let folder = Fixtures.temporaryFolder()
        let database = try AppDatabase.open(folder: folder)
        try await database.saveSettings(Fixtures.settings(name: "Jun", language: .korean))
        _ = try await database.fillDemo(
            years: 1, seed: 7, timeZone: Fixtures.seoul, today: DayKey(year: 2026, month: 11, day: 20))
        var reminders = try await database.loadReminderSettings()
        reminders.blockStart = true
        try await database.saveReminderSettings(reminders)
        let store = FilePhotoStore(database: database, folder: folder.appendingPathComponent("photos"))
        for index in 0..<3 {
            let id = UUID().uuidString.lowercased()
            let incoming = folder.appendingPathComponent("incoming-\(index)")
            try Data(repeating: UInt8(index + 1), count: 50_000 + index).write(to: incoming)
            try await store.addPhoto(
                Photo(id: id, type: .jpeg, width: 40, height: 30, bytes: 50_000 + index, createdAt: now),
                movingFileAt: incoming)
        }
        try Data("-----BEGIN PRIVATE KEY-----\nkey\n".utf8).write(to: folder.appendingPathComponent("push-key.pem"))
        return (folder, database)
    }

    /// Every row of every table, as text, and every file of `photos/`: what a restore must give back.
    static func contents(of folder: URL) throws -> [String] {
        let queue = try DatabaseQueue(
            path: folder.appendingPathComponent("daybook.sqlite").path, configuration: AppDatabase.makeConfiguration())
        defer { try? queue.close() }
        var lines = try queue.read { db in
            let tables = try String.fetchAll(
                db,
                sql:
                    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND sql NOT LIKE 'CREATE VIRTUAL%' ORDER BY name"
            )
            return try tables.flatMap { table in
                try Row.fetchAll(db, sql: "SELECT * FROM \"\(table)\"").map { "\(table) \($0)" }.sorted()
            }
        }
        let photos = folder.appendingPathComponent("photos")
        for name in try FileManager.default.contentsOfDirectory(atPath: photos.path).sorted() {
            lines.append("photo \(name) \(try Data(contentsOf: photos.appendingPathComponent(name)).hashValue)")
        }
        lines.append(
            "push key \(try String(contentsOf: folder.appendingPathComponent("push-key.pem"), encoding: .utf8))")
        return lines
    }

    static func tableCount(_ folder: URL, _ table: String, where condition: String = "1") throws -> Int {
        let queue = try DatabaseQueue(path: folder.appendingPathComponent("daybook.sqlite").path)
        defer { try? queue.close() }
        return try queue.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM \"\(table)\" WHERE \(condition)") ?? 0 }
    }

    @Test("a restore into an empty data folder gives back every row, photo, setting and key")
    func roundTrip() async throws {
        // Given a data folder with a year of use, its server still open on it
        let (folder, database) = try await Self.filledFolder()
        // When it is backed up and restored into an empty folder
        let file = folder.appendingPathComponent("backups/test.age")
        let made = try BackupService(dataFolder: folder).create(
            from: database, recipients: Self.recipients, to: file, now: Self.now)
        let empty = Fixtures.temporaryFolder()
        let restored = try BackupService(dataFolder: empty).restore(
            from: file, identities: [.passphrase(Self.passphrase)], now: Self.now)
        // Then everything is there, row for row and byte for byte, and nothing was set aside
        #expect(made.photos == 3 && restored.photos == 3)
        #expect(restored.previousData == nil)
        let original = try Self.contents(of: folder)
        #expect(try Self.contents(of: empty) == original)
        for table in [
            "journalEntry", "focusSession", "dailyLog", "trackerValue", "settings", "reminderSettings", "photo",
        ] {
            #expect(try Self.tableCount(empty, table) > 0, "\(table)")
        }
        #expect(try Self.tableCount(empty, "journalEntry", where: "placeName IS NOT NULL") > 0)
        // And the backup file is for the owner's eyes only
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)
    }

    @Test("a wrong passphrase, a flipped byte or a cut file leaves the current data exactly as it was")
    func refusedRestoreChangesNothing() async throws {
        let (folder, database) = try await Self.filledFolder()
        let file = folder.appendingPathComponent("backups/test.age")
        _ = try BackupService(dataFolder: folder).create(
            from: database, recipients: Self.recipients, to: file, now: Self.now)
        let bytes = try Data(contentsOf: file)
        // Given another data folder with its own data
        let (target, _) = try await Self.filledFolder()
        let before = try Self.contents(of: target)
        var flipped = bytes
        flipped[bytes.count / 2] ^= 0x40
        let attempts: [(String, Data, String)] = [
            ("wrong passphrase", bytes, "the river at dusk"),
            ("flipped byte", flipped, Self.passphrase),
            ("cut short", bytes.prefix(bytes.count - 70_000), Self.passphrase),
        ]
        for (name, data, passphrase) in attempts {
            let copy = target.appendingPathComponent("attempt.age")
            try data.write(to: copy)
            // When it is restored
            #expect(throws: (any Error).self, "\(name)") {
                try BackupService(dataFolder: target).restore(
                    from: copy, identities: [.passphrase(passphrase)], now: Self.now)
            }
            // Then the folder's data is unchanged and no half-restored files are left
            #expect(try Self.contents(of: target) == before, "\(name)")
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: target.path).filter {
                $0.hasPrefix(".restore")
            }
            #expect(leftovers.isEmpty, "\(name)")
        }
    }

    @Test("a restore over data keeps that data aside, and waits while a server runs on the folder")
    func restoreOverData() async throws {
        let (folder, database) = try await Self.filledFolder()
        let file = folder.appendingPathComponent("backups/test.age")
        _ = try BackupService(dataFolder: folder).create(
            from: database, recipients: Self.recipients, to: file, now: Self.now)
        let (target, targetDatabase) = try await Self.filledFolder()
        try await targetDatabase.saveSettings(Fixtures.settings(name: "Only in the target"))
        let before = try Self.contents(of: target)
        // While a server holds the folder, nothing happens
        do {
            let server = try DataFolderLock(folder: target)
            #expect(throws: DataFolderLock.Problem.self) {
                try BackupService(dataFolder: target).restore(
                    from: file, identities: [.passphrase(Self.passphrase)], now: Self.now)
            }
            withExtendedLifetime(server) {}
        }
        #expect(try Self.contents(of: target) == before)
        // Once it has stopped, the backup replaces the data, and the old data is kept aside whole
        let restored = try BackupService(dataFolder: target).restore(
            from: file, identities: [.passphrase(Self.passphrase)], now: Self.now)
        #expect(try Self.contents(of: target) == Self.contents(of: folder))
        let aside = try #require(restored.previousData)
        #expect(aside.lastPathComponent.hasPrefix("before-restore-"))
        #expect(try Self.contents(of: aside) == before)
    }

    @Test(
        "a backup opened by Debian's age and encrypted again by it (to a key) restores whole",
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: "/usr/bin/age")
                || ProcessInfo.processInfo.environment["CI"] != nil))
    func ageMadeArchiveRestores() async throws {
        let (folder, database) = try await Self.filledFolder()
        let ours = folder.appendingPathComponent("backups/ours.age")
        _ = try BackupService(dataFolder: folder).create(
            from: database, recipients: Self.recipients, to: ours, now: Self.now)
        let scratch = Fixtures.temporaryFolder()
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        // Given the archive inside, decrypted by age and encrypted again by age, to a key of age-keygen's
        let key = scratch.appendingPathComponent("key.txt")
        let theirs = scratch.appendingPathComponent("theirs.age")
        let script = """
            set -e
            printf '%s\\n' '\(Self.passphrase)' | script -qec "age -d -o '\(scratch.path)/backup.tar' '\(ours.path)'" /dev/null >/dev/null
            age-keygen -o '\(key.path)' 2>/dev/null
            age -R <(age-keygen -y '\(key.path)') -o '\(theirs.path)' '\(scratch.path)/backup.tar'
            """
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/bash")
        shell.arguments = ["-c", script]
        try shell.run()
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 0)
        // When Daybook restores what age wrote
        let identities = try AgeIdentity.parseFile(String(contentsOf: key, encoding: .utf8))
        let empty = Fixtures.temporaryFolder()
        _ = try BackupService(dataFolder: empty).restore(from: theirs, identities: identities, now: Self.now)
        // Then everything is there
        #expect(try Self.contents(of: empty) == Self.contents(of: folder))
    }
}
