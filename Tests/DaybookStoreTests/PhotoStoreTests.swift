import DaybookCore
import DaybookTestSupport
import Foundation
import Testing

@testable import DaybookStore

@Suite("Photos: a row and a file, together or not at all")
struct PhotoStoreTests {
    let folder = Fixtures.temporaryFolder()

    func photo(_ id: String) -> Photo {
        Photo(
            id: id, type: .jpeg, width: 400, height: 300, bytes: 5, takenAt: "2024-05-01T10:20:30", latitude: 37.5,
            longitude: 127, createdAt: .iso("2026-11-21T08:30:00+09:00"))
    }

    func incoming(_ store: FilePhotoStore, _ text: String = "bytes") throws -> URL {
        try FileManager.default.createDirectory(at: store.incomingFolder, withIntermediateDirectories: true)
        let file = store.incomingFolder.appendingPathComponent(UUID().uuidString)
        try Data(text.utf8).write(to: file)
        return file
    }

    @Test("a stored photo has its row and its file named by its id; deleting removes both")
    func addAndDelete() async throws {
        let store = FilePhotoStore(database: try AppDatabase.inMemory(), folder: folder)
        let id = "3f2b8c1e-0d4a-4b6e-9a53-2c1d0e9f8a7b"
        let upload = try incoming(store)
        try await store.addPhoto(photo(id), movingFileAt: upload)
        #expect(try await store.photo(id: id) == photo(id))
        #expect(try Data(contentsOf: folder.appendingPathComponent(id)) == Data("bytes".utf8))
        #expect(!FileManager.default.fileExists(atPath: upload.path))
        #expect(try await store.deletePhoto(id: id))
        #expect(try await store.photo(id: id) == nil)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(id).path))
        #expect(try await store.deletePhoto(id: id) == false)
    }

    @Test("when the row cannot be written, the upload is removed and the first photo is untouched")
    func failedInsert() async throws {
        let store = FilePhotoStore(database: try AppDatabase.inMemory(), folder: folder)
        let id = "3f2b8c1e-0d4a-4b6e-9a53-2c1d0e9f8a7b"
        try await store.addPhoto(photo(id), movingFileAt: try incoming(store, "first"))
        let second = try incoming(store, "second")
        await #expect(throws: (any Error).self) { try await store.addPhoto(photo(id), movingFileAt: second) }
        #expect(!FileManager.default.fileExists(atPath: second.path))
        #expect(try Data(contentsOf: folder.appendingPathComponent(id)) == Data("first".utf8))
    }

    @Test("when the file cannot be moved in, the row is rolled back")
    func failedMove() async throws {
        let store = FilePhotoStore(database: try AppDatabase.inMemory(), folder: folder)
        let id = "0e8c4f1a-5b6d-4c7e-8f90-a1b2c3d4e5f6"
        let gone = store.incomingFolder.appendingPathComponent("never-written")
        await #expect(throws: (any Error).self) { try await store.addPhoto(photo(id), movingFileAt: gone) }
        #expect(try await store.photo(id: id) == nil)
    }

    @Test("ids that are not photo ids find nothing")
    func foreignIDs() async throws {
        let store = FilePhotoStore(database: try AppDatabase.inMemory(), folder: folder)
        #expect(try await store.photo(id: "../daybook") == nil)
        #expect(try await store.deletePhoto(id: "..") == false)
    }
}
