import Foundation
import Testing

@testable import DaybookArchive

/// A notes folder arrives over the network in pieces of any size; the server finds each file in it as it comes.
@Suite("finding the files of a tar stream while it arrives")
struct TarIndexTests {
    static let day = Date(timeIntervalSince1970: 1_700_000_000)
    static let files: [(String, Data)] = [
        ("Attachments/sunrise.jpg", Data((0..<70_001).map { UInt8(truncatingIfNeeded: $0 * 31) })),
        ("Daily/2024-01-05.md", Data("Walked by the river. ![[sunrise.jpg]]".utf8)),
        ("Daily/empty.md", Data()),
        ("Daily/2024-01-06.md", Data(repeating: 0x61, count: 512)),
    ]

    static func stream() throws -> Data {
        var writer = TarWriter(sink: MemorySink())
        for (name, data) in files { try writer.add(name: name, data: data, modified: day) }
        try writer.addLink(name: "Daily/2024-01-07.md", target: "/etc/passwd", modified: day)
        return try writer.finish().data + Data(count: 1024)
    }

    /// Reads `stream` in pieces of `size` bytes; each entry found is checked to have fully arrived, with the bytes
    /// handed out for it along the way.
    static func entries(_ stream: Data, size: Int) throws -> [TarIndex.Entry] {
        var index = TarIndex()
        var found: [TarIndex.Entry] = []
        var handed: [String: Data] = [:]
        var start = 0
        while start < stream.count {
            let piece = stream[start..<min(start + size, stream.count)]
            try piece.withUnsafeBytes { bytes in
                try index.read(bytes) { entry, part in
                    handed[entry.header.name, default: Data()].append(contentsOf: part)
                } found: { entry in
                    #expect(entry.bytes.upperBound <= start + piece.count)
                    #expect(handed[entry.header.name, default: Data()] == stream[entry.bytes])
                    found.append(entry)
                }
            }
            start += piece.count
        }
        try index.finish()
        return found
    }

    @Test("each file's name and bytes, whatever the size of the pieces, each told once it has arrived")
    func pieces() throws {
        let stream = try Self.stream()
        for size in [1, 7, 512, 4096, stream.count] {
            let entries = try Self.entries(stream, size: size)
            #expect(entries.map(\.header.name) == Self.files.map(\.0) + ["Daily/2024-01-07.md"])
            for (entry, file) in zip(entries, Self.files) {
                #expect(stream[entry.bytes] == file.1)
                #expect(entry.header.isFile)
            }
            #expect(entries.last?.header.linkTarget == "/etc/passwd")
        }
    }

    @Test("a stream cut short, a damaged header and bytes after the end are each refused")
    func damaged() throws {
        let stream = try Self.stream()
        #expect(throws: Tar.Failure.damaged("the archive ends inside a file")) {
            _ = try Self.entries(stream.prefix(2000), size: 300)
        }
        #expect(throws: Tar.Failure.damaged("the archive ends inside a header")) {
            _ = try Self.entries(stream.prefix(100), size: 300)
        }
        var broken = stream
        broken[broken.startIndex + 3] ^= 0x20
        #expect(throws: Tar.Failure.damaged("a header's checksum")) { _ = try Self.entries(broken, size: 4096) }
        #expect(throws: Tar.Failure.damaged("bytes after the end")) {
            _ = try Self.entries(stream + Data("more".utf8), size: 4096)
        }
    }
}
