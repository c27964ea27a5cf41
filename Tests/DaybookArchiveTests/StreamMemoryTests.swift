import Foundation
import Testing

@testable import DaybookArchive

/// A backup carries every photo, so it can be many times the memory of the machine that makes or restores it: its
/// streams must hold a few chunks, never the backup.
@Suite("backups of any size in bounded memory")
struct StreamMemoryTests {
    /// The process's resident memory, in bytes.
    static func allocated() -> Int {
        let fields = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8))?.split(separator: " ") ?? []
        return (fields.count > 1 ? Int(fields[1]) ?? 0 : 0) * 4096
    }

    static let total = 192 << 20
    /// What the process may gain while a stream runs: the resident memory it reads is the whole test process's,
    /// with every other test running beside this one (up to 70 MiB of theirs was seen), yet still well under the
    /// 192 MiB a stream holding the backup would add.
    static let allowed = 128 << 20

    /// Throws the ciphertext away, noting the most memory in use while it came.
    struct MeasuringSink: ByteSink {
        let start = StreamMemoryTests.allocated()
        var most = 0
        var bytes = 0

        mutating func write(_ data: Data) throws {
            bytes += data.count
            most = max(most, StreamMemoryTests.allocated() - start)
        }
    }

    @Test("encrypting 192 MiB written a mebibyte at a time holds a few chunks, not the backup")
    func encrypting() throws {
        var encryptor = try AgeEncryptor(
            recipients: [.passphrase("a long walk by the river", workFactor: 10)], sink: MeasuringSink())
        let piece = Data(repeating: 0x5a, count: 1 << 20)
        for _ in 0..<(Self.total >> 20) { try encryptor.write(piece) }
        let sink = try encryptor.finish()
        #expect(sink.bytes > Self.total)
        #expect(sink.most < Self.allowed, "held \(sink.most >> 20) MiB")
    }

    /// A tar stream of one file of `total` bytes, made as it is read, 64 KiB at a time.
    struct Stream: ChunkSource {
        var left = StreamMemoryTests.total
        var started = false
        var ended = false

        mutating func next() throws -> Data? {
            if !started {
                started = true
                return try Tar.header(
                    name: "photos/big", size: Int64(left), modified: Date(timeIntervalSince1970: 0))
            }
            if left > 0 {
                let count = min(left, 64 << 10)
                left -= count
                return Data(repeating: 0x5a, count: count)
            }
            if ended { return nil }
            ended = true
            return Data(count: 2 * Tar.block)
        }
    }

    @Test("reading a 192 MiB file out of a tar stream holds a few pieces, not the file")
    func reading() throws {
        let start = Self.allocated()
        var most = 0
        var reader = TarReader(source: Stream())
        let entry = try #require(try reader.nextEntry())
        var read = 0
        try reader.readContents(size: entry.size) { piece in
            read += piece.count
            most = max(most, Self.allocated() - start)
        }
        #expect(try reader.nextEntry() == nil)
        try reader.finish()
        #expect(read == Self.total)
        #expect(most < Self.allowed, "held \(most >> 20) MiB")
    }
}
