import DaybookCore
import DaybookTestSupport
import Foundation
import GRDB
import Testing

@testable import DaybookStore

@Suite("Stray photo files go to lost+found, and leave it after 30 days")
struct PhotoSweepTests {
    let data = Fixtures.temporaryFolder()
    var photos: URL { data.appendingPathComponent("photos") }
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func file(_ url: URL, age: TimeInterval) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("bytes".utf8).write(to: url)
        try FileManager.default.setAttributes([.modificationDate: now.addingTimeInterval(-age)], ofItemAtPath: url.path)
    }

    @Test("files no row names, older than an hour, are moved; young ones and named ones stay")
    func sweep() async throws {
        let store = FilePhotoStore(database: try AppDatabase.inMemory(), folder: photos)
        let kept = "3f2b8c1e-0d4a-4b6e-9a53-2c1d0e9f8a7b"
        let upload = store.incomingFolder.appendingPathComponent("upload")
        try file(upload, age: 7200)
        try await store.addPhoto(
            Photo(id: kept, type: .jpeg, width: 4, height: 3, bytes: 5, createdAt: now), movingFileAt: upload)
        try FileManager.default.setAttributes(
            [.modificationDate: now.addingTimeInterval(-7200)], ofItemAtPath: photos.appendingPathComponent(kept).path)
        try file(photos.appendingPathComponent("stray-old"), age: 7200)
        try file(photos.appendingPathComponent("stray-young"), age: 60)
        try file(store.incomingFolder.appendingPathComponent("cut.upload"), age: 4000)

        let result = try await PhotoSweep(store: store).run(now: now)

        #expect(Set(result.moved) == ["stray-old", "cut.upload"])
        let left = try FileManager.default.contentsOfDirectory(atPath: photos.path).filter { !$0.hasPrefix(".") }
        #expect(Set(left) == [kept, "stray-young"])
        let lost = data.appendingPathComponent("lost+found/photos")
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: lost.path)) == ["stray-old", "cut.upload"])

        // 29 days on, still kept (and the young stray, old by then, moves in); 31 days on, the first two go.
        let sooner = try await PhotoSweep(store: store).run(now: now.addingTimeInterval(29 * 86400))
        #expect(sooner.removed.isEmpty && sooner.moved == ["stray-young"])
        let later = try await PhotoSweep(store: store).run(now: now.addingTimeInterval(31 * 86400))
        #expect(Set(later.removed) == ["stray-old", "cut.upload"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: lost.path) == ["stray-young"])
    }

    @Test("a full disk is one error, whether the file system or SQLite says it")
    func diskFull() throws {
        #expect(DiskFull.cause(of: POSIXError(.ENOSPC)) != nil)
        #expect(DiskFull.cause(of: POSIXError(.EDQUOT)) != nil)
        #expect(DiskFull.cause(of: CocoaError(.fileWriteOutOfSpace)) != nil)
        #expect(
            DiskFull.cause(of: CocoaError(.fileWriteUnknown, userInfo: [NSUnderlyingErrorKey: POSIXError(.ENOSPC)]))
                != nil)
        #expect(DiskFull.cause(of: DatabaseError(resultCode: .SQLITE_FULL)) != nil)
        #expect(DiskFull.cause(of: DatabaseError(resultCode: .SQLITE_CONSTRAINT)) == nil)
        #expect(DiskFull.cause(of: POSIXError(.EACCES)) == nil)
    }
}
