import DaybookCore
import DaybookDataFolder
import DaybookStore
import DaybookTestSupport
import DaybookWeb
import Foundation
import GRDB
import Testing

@Suite("daybook check after an upgrade")
struct MigrationPathCheckTests {
    @Test(
        "a data folder an earlier version left checks clean once this version has opened it",
        arguments: SchemaHistory.earlierPoints)
    func checksClean(point: String) async throws {
        // Given a data folder as an earlier version left it: its database, and the photos its rows name
        let folder = Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent(AppDatabase.fileName).path
        let earlier = try SchemaHistory.databaseFile(at: point, path: path)
        let written = try await earlier.write { db in try SchemaHistory.fill(db) }
        try earlier.close()
        if written.has("photo") {
            let photos = folder.appendingPathComponent("photos", isDirectory: true)
            try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
            for picture in SchemaHistory.pictures {
                try picture.data.write(to: photos.appendingPathComponent(picture.id))
            }
        }
        // When this version opens it and checks the folder
        let database = try AppDatabase(DatabasePool(path: path, configuration: AppDatabase.makeConfiguration()))
        let report = await DataCheck(dataFolder: folder).run(
            database, repair: false, now: Date.iso("2026-11-21T09:00:00+09:00"))
        // Then nothing is wrong: the file, its foreign keys, the search index and every photo
        #expect(report.isClean, "\(report.findings.filter { $0.outcome == .problem })")
        #expect(report.findings.first { $0.part == .searchIndex }?.outcome == .ok)
        #expect(report.findings.first { $0.part == .photos }?.outcome == .ok)
        // And a photo from before hashes were kept has one now
        if written.has("photo") {
            #expect(try database.allPhotos().map(\.sha256) == SchemaHistory.pictures.map(\.sha256))
        }
    }
}
