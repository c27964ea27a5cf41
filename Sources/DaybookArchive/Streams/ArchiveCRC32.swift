import CDaybookZlib
import Foundation

/// The CRC-32 of ZIP archives (IEEE 802.3), by zlib's `crc32`: a folder of photos is hundreds of megabytes, and
/// ZIPFoundation's own checksum goes a byte a step on Linux.
public enum ArchiveCRC32 {
    /// The checksum of `bytes`, continuing from `start` (the checksum of what came before them; 0 to begin).
    public static func checksum(_ bytes: some ContiguousBytes, continuing start: UInt32 = 0) -> UInt32 {
        bytes.withUnsafeBytes { buffer in
            var crc = UInt(start)
            var rest = UnsafeRawBufferPointer(buffer)
            // zlib takes at most 4 GiB a call.
            while !rest.isEmpty {
                let count = min(rest.count, Int(UInt32.max))
                crc = UInt(crc32(uLong(crc), rest.baseAddress!.assumingMemoryBound(to: Bytef.self), uInt(count)))
                rest = UnsafeRawBufferPointer(rebasing: rest[count...])
            }
            return UInt32(truncatingIfNeeded: crc)
        }
    }
}
