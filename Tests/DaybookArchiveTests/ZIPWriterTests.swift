import DaybookArchive
import Foundation
import Testing
import ZIPFoundation

@Suite("ZIP files written front to back")
struct ZIPWriterTests {
    /// Every entry's name and bytes, as ZIPFoundation reads them (each checked against its CRC-32).
    static func contents(of file: URL) throws -> [(name: String, data: Data)] {
        let archive = try Archive(url: file, accessMode: .read)
        return try archive.map { entry in
            var data = Data()
            _ = try archive.extract(entry) { data.append($0) }
            return (entry.path, data)
        }
    }

    @Test("bytes from memory and files from disk, deflated or stored, read back with their names, bytes and dates")
    func readsBack() throws {
        // Given bytes in memory, an empty file, a photo-like file and a text file of several MiB on disk
        let folder = try ScratchFolder()
        let photo = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) })
        try photo.write(to: folder.file("photo.jpg"))
        let json = Data(
            (0..<60_000).map { "{\"day\": \"2026-11-\($0 % 30 + 1)\", \"value\": \($0)}\n" }.joined().utf8)
        try json.write(to: folder.file("tables.json"))
        try Data().write(to: folder.file("empty"))
        let modified = Date(timeIntervalSince1970: 1_764_000_000)
        // When they are written into a ZIP
        let zip = folder.file("out.zip")
        let writer = try ZIPWriter(file: zip)
        try writer.add(name: "export/README.md", data: Data("# Read me\n".utf8), modified: modified)
        try writer.add(name: "export/일기/하루.md", data: Data("오늘은 맑음".utf8), modified: modified)
        try writer.add(name: "export/empty.txt", data: Data(), modified: modified)
        try writer.add(name: "export/kept.bin", data: Data([1, 2, 3]), modified: modified, method: .stored)
        try writer.add(name: "export/photos/a.jpg", file: folder.file("photo.jpg"), modified: modified)
        try writer.add(
            name: "export/tables.json", file: folder.file("tables.json"), modified: modified, method: .deflated)
        try writer.add(name: "export/none", file: folder.file("empty"), modified: modified, method: .deflated)
        try writer.finish()
        // Then ZIPFoundation lists them in order with the same bytes
        let read = try Self.contents(of: zip)
        #expect(
            read.map(\.name) == [
                "export/README.md", "export/일기/하루.md", "export/empty.txt", "export/kept.bin",
                "export/photos/a.jpg", "export/tables.json", "export/none",
            ])
        #expect(
            read.map(\.data) == [
                Data("# Read me\n".utf8), Data("오늘은 맑음".utf8), Data(), Data([1, 2, 3]), photo, json, Data(),
            ])
        // And the text is deflated, the photo stored as it is, every date the one given
        let archive = try Archive(url: zip, accessMode: .read)
        let table = try #require(archive["export/tables.json"])
        #expect(table.compressedSize < table.uncompressedSize / 4)
        #expect(try #require(archive["export/photos/a.jpg"]).compressedSize == UInt64(photo.count))
        #expect(archive.allSatisfy { $0.fileAttributes[.modificationDate] as? Date == modified })
    }

    @Test("70,000 files, past the 65,535 a classic ZIP counts: the ZIP64 end records carry the count")
    func zip64Count() throws {
        // Given more small files than a ZIP without ZIP64 can count
        let folder = try ScratchFolder()
        let zip = folder.file("many.zip")
        let writer = try ZIPWriter(file: zip)
        let count = 70_000
        let modified = Date(timeIntervalSince1970: 1_764_000_000)
        // When they are written (stored: deflate has its own test, this one is about the count)
        for index in 0..<count {
            try writer.add(
                name: "entries/\(index).md", data: Data("entry \(index)\n".utf8), modified: modified, method: .stored)
        }
        try writer.finish()
        // Then ZIPFoundation lists every one of them, in order, and reads their bytes
        let archive = try Archive(url: zip, accessMode: .read)
        let entries = Array(archive)
        #expect(entries.count == count)
        #expect(entries.enumerated().allSatisfy { $0.element.path == "entries/\($0.offset).md" })
        for index in stride(from: 0, to: count, by: 6_999) + [count - 1] {
            var data = Data()
            _ = try archive.extract(entries[index]) { data.append($0) }
            #expect(data == Data("entry \(index)\n".utf8))
        }
    }
}
