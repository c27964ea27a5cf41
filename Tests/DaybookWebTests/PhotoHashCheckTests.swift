import DaybookArchive
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

@Suite("Photo content hashes: kept as a photo is written, checked by daybook check")
struct PhotoHashCheckTests {
    static let now = Date(timeIntervalSince1970: 1_795_400_000)

    static func upload(_ browser: inout Browser, _ data: Data) async throws -> String {
        let response = try await browser.send(
            "/api/v1/photos", method: .post,
            headers: [.contentType: "application/octet-stream", .origin: "http://localhost"],
            body: ByteBuffer(bytes: data))
        #expect(response.status == .created)
        return try #require(try jsonObject(response)["id"] as? String)
    }

    /// The photos part of a check of `folder`, and whether the whole check came out clean.
    static func photoFinding(_ folder: URL, _ database: AppDatabase, repair: Bool = false) async
        -> (CheckReport.Finding, clean: Bool)
    {
        let report = await DataCheck(dataFolder: folder).run(database, repair: repair, now: now)
        return (report.findings.first { $0.part == .photos }!, report.isClean)
    }

    /// Every photo row's hash against the hash of its file, read now.
    static func rowsMatchFiles(_ folder: URL, _ database: AppDatabase) throws -> Bool {
        try database.allPhotos().allSatisfy { photo in
            let file = folder.appendingPathComponent("photos/\(photo.id)")
            return photo.sha256 != nil && photo.sha256 == (try? FileDigest.sha256(of: file))
        }
    }

    @Test("a photo file overwritten with other bytes of the same size is a problem --repair cannot mend")
    func sameSizeOverwrite() async throws {
        // Given an uploaded photo, and one stored before photo rows kept a hash
        let folder = Fixtures.temporaryFolder()
        let app = try await TestApp.make(settings: Fixtures.settings(), dataFolder: folder)
        let database = try #require(app.database)
        let uploaded = Locked("")
        try await app.browse { browser in
            _ = try await browser.get("/")
            let id = try await Self.upload(&browser, try TestPictures.make(.png, width: 64, height: 48))
            uploaded.withLock { $0 = id }
        }
        let id = uploaded.withLock { $0 }
        let store = FilePhotoStore(database: database, folder: folder.appendingPathComponent("photos"))
        let older = UUID().uuidString.lowercased()
        let olderBytes = try TestPictures.make(.jpeg, width: 40, height: 30)
        let incoming = folder.appendingPathComponent("older.jpg")
        try olderBytes.write(to: incoming)
        try await store.addPhoto(
            Photo(id: older, type: .jpeg, width: 40, height: 30, bytes: olderBytes.count, createdAt: Self.now),
            movingFileAt: incoming)
        #expect(try await store.photo(id: older)?.sha256 == nil)
        #expect(try await store.photo(id: id)?.sha256 == FileDigest.sha256(of: store.originalFile(id: id)))

        // When the journal is checked: all is well, and the older photo gets its hash
        let before = try #require(try await database.changes(after: nil, limit: 1)).cursor
        let (first, firstClean) = await Self.photoFinding(folder, database)
        #expect(first.outcome == .ok && firstClean, "\(first.details)")
        #expect(try Self.rowsMatchFiles(folder, database))
        // And no device is told to fetch the photo again for it
        #expect(try await database.changes(after: before, limit: 10)?.changes == [])

        // When both files are overwritten with other bytes of the same size and type
        for photo in [id, older] {
            let file = store.originalFile(id: photo)
            var bytes = [UInt8](try Data(contentsOf: file))
            for index in PhotoType.signatureLength..<bytes.count { bytes[index] ^= 0x5A }
            try Data(bytes).write(to: file)
        }
        // Then the check names each as changed, and a repair leaves them listed as problems
        let (found, foundClean) = await Self.photoFinding(folder, database)
        #expect(!foundClean && found.outcome == .problem)
        #expect(
            Set(found.details) == [
                "photo \(id): contents changed (hash differs)", "photo \(older): contents changed (hash differs)",
            ])
        let (repaired, repairedClean) = await Self.photoFinding(folder, database, repair: true)
        #expect(!repairedClean && repaired.outcome == .problem)
        #expect(repaired.details.contains("photo \(id): contents changed (hash differs)"))
        // And Settings → Backups counts it with the photos
        let report = await DataCheck(dataFolder: folder).run(database, repair: false, now: Self.now)
        let card = BackupPresenter.check(
            report, localizer: Localizer(language: .english, timeZone: Fixtures.seoul, catalog: .bundled))
        #expect(!card.isClean && card.summary.contains("found problems in: photos"), "\(card.summary)")
    }

    @Test("photos from an upload, Day One, Daylio, Daybook's own export and a restored backup all check clean")
    func everyPathKeepsTheHash() async throws {
        // Given a Daybook with a photo uploaded, and photos imported from Day One and from a Daylio backup
        let folder = Fixtures.temporaryFolder()
        let app = try await TestApp.make(settings: Fixtures.settings(), dataFolder: folder)
        let database = try #require(app.database)
        let dayOne = try ImportExportTests.dayOneWithAPhoto(try TestPictures.make(.jpeg, width: 120, height: 80))
        let daylio = try DaylioImportTests.backup(
            DaylioFixtures.newBackup, photo: try TestPictures.make(.jpeg, width: 90, height: 60))
        let exported = Locked(Data())
        try await app.browse { browser in
            _ = try await browser.get("/")
            _ = try await Self.upload(&browser, try TestPictures.make(.png, width: 64, height: 48))
            #expect(try await ImportExportTests.post(&browser, "/api/v1/import/dayone", dayOne).status == .ok)
            #expect(try await ImportExportTests.post(&browser, "/api/v1/import/daylio", daylio).status == .ok)
            let zip = Data(buffer: try await browser.get("/settings/export.zip").body)
            exported.withLock { $0 = zip }
        }
        #expect(try database.allPhotos().count == 3)
        #expect(try Self.rowsMatchFiles(folder, database))
        let (finding, clean) = await Self.photoFinding(folder, database)
        #expect(finding.outcome == .ok && clean, "\(finding.details)")

        // When the export is imported into an empty Daybook
        let otherFolder = Fixtures.temporaryFolder()
        let other = try await TestApp.make(settings: Fixtures.settings(), dataFolder: otherFolder)
        let otherDatabase = try #require(other.database)
        let export = exported.withLock { $0 }
        try await other.browse { browser in
            _ = try await browser.get("/")
            #expect(try await ImportExportTests.post(&browser, "/api/v1/import/daybook", export).status == .ok)
        }
        // Then its photos carry their hashes and check clean
        #expect(try otherDatabase.allPhotos().count == 3)
        #expect(try Self.rowsMatchFiles(otherFolder, otherDatabase))
        let (imported, importedClean) = await Self.photoFinding(otherFolder, otherDatabase)
        #expect(imported.outcome == .ok && importedClean, "\(imported.details)")

        // When the first Daybook is backed up and restored into an empty folder
        let backup = folder.appendingPathComponent("backups/test.age")
        _ = try BackupService(dataFolder: folder).create(
            from: database, recipients: BackupTests.recipients, to: backup, now: Self.now)
        let restoredFolder = Fixtures.temporaryFolder()
        _ = try BackupService(dataFolder: restoredFolder).restore(
            from: backup, identities: [.passphrase(BackupTests.passphrase)], now: Self.now)
        // Then the restored rows keep the same hashes and check clean
        let restored = try AppDatabase.open(folder: restoredFolder)
        #expect(try restored.allPhotos().map(\.sha256) == database.allPhotos().map(\.sha256))
        let (afterRestore, restoredClean) = await Self.photoFinding(restoredFolder, restored)
        #expect(afterRestore.outcome == .ok && restoredClean, "\(afterRestore.details)")
    }
}
