import DaybookArchive
import DaybookCore
import Foundation
import ZIPFoundation

/// An import's ZIP: ZIPFoundation reads its directory and its stored entries; deflated entries are inflated here, by
/// ZIPFoundation's own `Data.decompress`, from the entry's own bytes alone.
///
/// Why not `Archive.extract` for those: in ZIPFoundation 0.9.20 it inflates until the deflate stream says it has
/// ended, reading past the entry to the end of the file, and at the end of the file it asks for more for ever: a
/// damaged stream (one changed byte can do it) hangs the import. Its inflater also tells zlib that every chunk is a
/// whole buffer long, so each chunk given to it here is one, the last padded with zeros.
package struct ImportArchive: Sequence {
    package let archive: Archive
    /// The file, mapped: the entries' bytes are read from it.
    private let bytes: Data
    /// Where each entry's stored bytes are, by its path, from the local headers in file order.
    private let stored: [String: Range<Int>]

    /// - Throws: `ImportBatch.Problem.unreadable` when the file is no ZIP archive or its directory is damaged.
    package init(_ file: URL) throws {
        let archive: Archive
        do {
            archive = try Archive(url: file, accessMode: .read, pathEncoding: nil)
            bytes = try Data(contentsOf: file, options: .alwaysMapped)
        } catch {
            throw ImportBatch.Problem.unreadable("it is not a ZIP archive, or the archive is damaged")
        }
        self.archive = archive
        let sizes = Dictionary(archive.map { ($0.path, $0.compressedSize) }, uniquingKeysWith: { first, _ in first })
        stored = Self.localEntries(bytes, sizes: { sizes[$0] })
    }

    package func makeIterator() -> Archive.Iterator { archive.makeIterator() }

    subscript(path: String) -> Entry? { archive[path] }

    /// Each local header's entry: its name and the range of its stored bytes. The walk stops at the first thing that
    /// is no local header (the central directory, or damage); entries past damage are then not found here.
    private static func localEntries(_ bytes: Data, sizes: (String) -> UInt64?) -> [String: Range<Int>] {
        var found: [String: Range<Int>] = [:]
        var offset = bytes.startIndex
        func number(_ at: Int, _ width: Int) -> Int {
            (0..<width).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) }
        }
        while offset + 30 <= bytes.endIndex, number(offset, 4) == 0x0403_4b50 {
            let flags = number(offset + 6, 2)
            let nameLength = number(offset + 26, 2)
            let extraLength = number(offset + 28, 2)
            let start = offset + 30 + nameLength + extraLength
            guard start <= bytes.endIndex else { break }
            let name = String(decoding: bytes[(offset + 30)..<(offset + 30 + nameLength)], as: UTF8.self)
            // Sizes after the data (flag 3) or in a ZIP64 field: the directory's are the ones to trust.
            var size = number(offset + 18, 4)
            if flags & 0x8 != 0 || size == 0xFFFF_FFFF {
                guard let known = sizes(name) else { break }
                size = Int(clamping: known)
            }
            guard start + size <= bytes.endIndex else { break }
            if found[name] == nil { found[name] = start..<(start + size) }
            offset = start + size
            if flags & 0x8 != 0 {
                // The data descriptor: CRC and sizes (4 or 8 bytes each), after an optional signature.
                if offset + 4 <= bytes.endIndex, number(offset, 4) == 0x0807_4b50 { offset += 4 }
                offset += size > 0xFFFF_FFFF ? 20 : 12
            }
        }
        return found
    }

    /// An entry's bytes, stopping as soon as more come out than `limit` (whatever the entry claims).
    ///
    /// - Throws: `ImportBatch.Problem.tooLarge` past `limit`, `.unreadable` when the entry is damaged.
    package func read(_ entry: Entry, limit: Int) throws -> Data {
        guard entry.uncompressedSize <= UInt64(limit) else { throw ImportBatch.Problem.tooLarge(limit: limit) }
        var data = Data()
        let keep: Consumer = { piece in
            data.append(piece)
            if data.count > limit { throw ImportBatch.Problem.tooLarge(limit: limit) }
        }
        do {
            guard entry.isCompressed else {
                // Stored bytes are taken from the mapped file as they are, and checked here.
                guard let range = stored[entry.path], range.count == Int(clamping: entry.uncompressedSize) else {
                    _ = try archive.extract(entry, consumer: keep)
                    return data
                }
                let bytes = Data(bytes[range])
                guard ArchiveCRC32.checksum(bytes) == entry.checksum else {
                    throw ImportBatch.Problem.unreadable("\(entry.path) is damaged")
                }
                return bytes
            }
            guard let range = stored[entry.path] else {
                throw ImportBatch.Problem.unreadable("\(entry.path) is damaged")
            }
            let chunk = 64 * 1024
            let checksum = try Data.decompress(
                size: Int64(range.count), bufferSize: chunk, skipCRC32: false,
                provider: { position, size in
                    guard position < range.count else {
                        throw ImportBatch.Problem.unreadable("\(entry.path) is damaged")
                    }
                    let from = range.lowerBound + Int(position)
                    var piece = Data(bytes[from..<Swift.min(from + size, range.upperBound)])
                    if piece.count < size { piece.append(Data(count: size - piece.count)) }
                    return piece
                }, consumer: keep)
            guard checksum == entry.checksum else { throw ImportBatch.Problem.unreadable("\(entry.path) is damaged") }
        } catch let failure as ImportBatch.Problem {
            throw failure
        } catch {
            throw ImportBatch.Problem.unreadable("\(entry.path) is damaged")
        }
        return data
    }
}
