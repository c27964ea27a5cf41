import DaybookArchive
import DaybookCore
import DaybookDataFolder
import DaybookTestSupport
import Foundation
import Testing

@testable import DaybookWeb

/// An upload arrives in pieces of whatever size the network gives; a notes folder's is written as it comes.
@Suite("a notes folder's upload written as it arrives")
struct NotesFolderUploadTests {
    let folder = Fixtures.temporaryFolder()

    /// Writes `body` in pieces of `size` bytes, as the server receives it, into a new file.
    func write(_ body: Data, size: Int, photos: ArrivingPhotos?, name: String) throws -> (URL, [TarIndex.Entry]?) {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent(name)
        #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        var upload = NotesFolderUpload(photos: photos, into: folder.appendingPathComponent("photos-\(name)"))
        var start = 0
        while start < body.count {
            let piece = body[start..<min(start + size, body.count)]
            try piece.withUnsafeBytes { try upload.write($0, to: handle) }
            start += piece.count
        }
        return (file, upload.finished())
    }

    @Test("a ZIP from the Backups page is kept byte for byte, whatever the pieces")
    func zip() throws {
        let zip = try NotesFolderImportRouteTests.vault()
        for size in [100, 511, 4096, zip.count] {
            let (file, entries) = try write(zip, size: size, photos: nil, name: "zip-\(size)")
            #expect(try Data(contentsOf: file) == zip)
            #expect(entries == nil)
        }
    }

    @Test("a tar stream's images each go to a file of their own with their hash; its notes stay where they were")
    func tar() async throws {
        let day = Date(timeIntervalSince1970: 1_700_000_000)
        let photo = try TestPictures.make(.jpeg)
        let png = try TestPictures.make(.png)
        let note = Data("Sunrise. ![[sunrise.jpg]]\n".utf8)
        var tar = TarWriter(sink: MemorySink())
        try tar.add(name: "Attachments/sunrise.jpg", data: photo, modified: day)
        try tar.add(name: "Attachments/train.png", data: png, modified: day)
        try tar.add(name: "Daily/2024-01-05.md", data: note, modified: day)
        let body = try tar.finish().data
        for size in [100, 512, 1000, body.count] {
            let kept = Locked<[String: Data]>([:])
            let photos = ArrivingPhotos(
                skipping: [],
                save: { file, sha256 in
                    let bytes = try Data(contentsOf: file)
                    #expect(FileDigest.sha256(bytes) == sha256)
                    kept.withLock { $0[sha256] = bytes }
                    return Photo(
                        id: UUID().uuidString.lowercased(), type: .jpeg, width: 1, height: 1, bytes: 1, createdAt: day)
                }, discard: { _ in })
            let (file, entries) = try write(body, size: size, photos: photos, name: "tar-\(size)")
            await photos.finish()
            #expect(Set(kept.withLock { $0.values }) == [photo, png])
            #expect(photos.offered == ["Attachments/sunrise.jpg", "Attachments/train.png"])
            let written = try Data(contentsOf: file)
            let found = try #require(entries)
            #expect(
                found.map(\.header.name) == ["Attachments/sunrise.jpg", "Attachments/train.png", "Daily/2024-01-05.md"])
            let notes = try #require(found.last?.bytes)
            #expect(written[notes] == note)
            #expect(written.count == body.count)
        }
    }
}
