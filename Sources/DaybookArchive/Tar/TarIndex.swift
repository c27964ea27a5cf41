import Foundation

/// Where each entry of a tar stream is, found from the stream's bytes as they arrive, in pieces of any size: only
/// the headers are read, and an entry's own bytes are only counted. Each entry is told once all its bytes have
/// arrived, so a reader can take them (from the file the stream is being written to) while the rest still comes.
///
/// It checks what `TarReader` checks: every header's checksum and numbers, that no entry is cut short, and that
/// only zeros follow the end block.
public struct TarIndex {
    /// An entry: its header, and where its bytes are in the stream.
    public struct Entry: Equatable, Sendable {
        public var header: Tar.Header
        public var bytes: Range<Int>
    }

    /// Bytes of the stream seen so far.
    public private(set) var offset = 0
    private var header = Data()
    /// The entry whose bytes are arriving, and how many of them (then of its padding) are still to come.
    private var current: Entry?
    private var contentLeft = 0
    private var paddingLeft = 0
    private var ended = false

    public init() {}

    /// Reads the next piece of the stream.
    /// - Parameters:
    ///   - bytes: given each part of the piece that is an entry's own bytes, with the entry, in order.
    ///   - found: told each entry once its last byte is in this piece (or an earlier one).
    /// - Throws: `Tar.Failure.damaged` for a damaged header or bytes after the end; what `bytes` or `found` throw.
    public mutating func read(
        _ piece: UnsafeRawBufferPointer, bytes: (Entry, UnsafeRawBufferPointer) throws -> Void = { _, _ in },
        found: (Entry) throws -> Void
    ) throws {
        var position = 0
        while position < piece.count {
            let left = piece.count - position
            if ended {
                guard piece[position...].allSatisfy({ $0 == 0 }) else {
                    throw Tar.Failure.damaged("bytes after the end")
                }
                position = piece.count
            } else if let entry = current {
                let step = min(left, contentLeft > 0 ? contentLeft : paddingLeft)
                if contentLeft > 0 {
                    try bytes(entry, UnsafeRawBufferPointer(rebasing: piece[position..<position + step]))
                    contentLeft -= step
                    if contentLeft == 0 { try found(entry) }
                } else {
                    paddingLeft -= step
                }
                position += step
                if contentLeft == 0 && paddingLeft == 0 { current = nil }
            } else {
                let step = min(left, Tar.block - header.count)
                header.append(contentsOf: piece[position..<position + step])
                position += step
                guard header.count == Tar.block else { continue }
                let start = offset + position
                guard let parsed = try Tar.parseAny(header) else {
                    ended = true
                    continue
                }
                header.removeAll(keepingCapacity: true)
                guard parsed.size <= Int64(Int.max / 2) else { throw Tar.Failure.damaged("a header field") }
                let size = Int(parsed.size)
                let entry = Entry(header: parsed, bytes: start..<start + size)
                contentLeft = size
                paddingLeft = Tar.padding(after: parsed.size)
                if size == 0 { try found(entry) }
                if size > 0 || paddingLeft > 0 { current = entry }
            }
        }
        offset += piece.count
    }

    /// After the stream's last piece.
    /// - Throws: `Tar.Failure.damaged` when the stream ended inside a header or an entry, or before its end block.
    public func finish() throws {
        guard ended else {
            throw Tar.Failure.damaged(
                current == nil ? "the archive ends inside a header" : "the archive ends inside a file")
        }
    }
}
