import DaybookArchive
import Foundation
import Testing

@Suite("ZIP's CRC-32, by zlib")
struct ArchiveCRC32Tests {
    @Test("the check value of CRC-32 and the checksum zlib gives, whatever the length and the start")
    func knownValues() {
        #expect(ArchiveCRC32.checksum(Data("123456789".utf8)) == 0xCBF4_3926)
        #expect(ArchiveCRC32.checksum(Data()) == 0)
        #expect(ArchiveCRC32.checksum(Data("The quick brown fox jumps over the lazy dog".utf8)) == 0x414F_A339)
        // Cut anywhere, the second part continues from the first part's checksum.
        let bytes = Data((0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) })
        let whole = ArchiveCRC32.checksum(bytes)
        for cut in [0, 1, 7, 8, 9, 500, 999, 1000] {
            let first = ArchiveCRC32.checksum(bytes.prefix(cut))
            #expect(ArchiveCRC32.checksum(bytes.dropFirst(cut), continuing: first) == whole, "cut at \(cut)")
        }
    }
}
