import Foundation

/// The POSIX ustar format, for regular files (and, for folders of notes, symbolic links): a 512-byte header per
/// entry, its bytes padded to 512, and two empty blocks at the end. `tar` reads what is written here.
public enum Tar {
    public static let block = 512
    /// ustar's name field; a longer name is split at a `/` into the 155-byte prefix field and the name field, so no
    /// extended header is ever needed.
    static let longestName = 100
    static let longestPrefix = 155
    /// ustar's size field holds 11 octal digits.
    static let largestFile: Int64 = 0o77_777_777_777

    public enum Failure: Error, Equatable, Sendable {
        /// A header's checksum or fields are wrong, or the archive ends inside a file.
        case damaged(String)
        /// An entry that is not a plain file with a plain relative name (links, devices, `../`, absolute paths).
        case refusedEntry(String)
        /// A name too long for ustar, or a file too large for it.
        case unwritable(String)
    }

    /// What a header is: its name and size, whether it is a plain file, and a symbolic link's target.
    public struct Header: Equatable, Sendable {
        public var name: String
        public var size: Int64
        /// A regular file (type `0`, or NUL in older archives).
        public var isFile: Bool
        /// A symbolic (`2`) or hard (`1`) link: where it points, as written.
        public var linkTarget: String?
    }

    /// Whether a name fits a ustar header, in its name field or split into prefix and name.
    public static func canName(_ name: String) -> Bool { split(Array(name.utf8)) != nil }

    private static func split(_ bytes: [UInt8]) -> (prefix: [UInt8], name: [UInt8])? {
        guard !bytes.isEmpty else { return nil }
        if bytes.count <= longestName { return ([], bytes) }
        for index in bytes.indices.reversed()
        where bytes[index] == UInt8(ascii: "/") && index <= longestPrefix && bytes.count - index - 1 <= longestName {
            guard index > 0, index < bytes.count - 1 else { return nil }
            return (Array(bytes[..<index]), Array(bytes[(index + 1)...]))
        }
        return nil
    }

    static func header(
        name: String, size: Int64, modified: Date, mode: Int = 0o600, type: UInt8 = UInt8(ascii: "0"),
        linkTarget: String = ""
    ) throws -> Data {
        guard let (prefixBytes, nameBytes) = split(Array(name.utf8)) else { throw Failure.unwritable(name) }
        guard (0...largestFile).contains(size) else { throw Failure.unwritable(name) }
        let targetBytes = Array(linkTarget.utf8)
        guard targetBytes.count <= longestName else { throw Failure.unwritable(name) }
        var header = [UInt8](repeating: 0, count: block)
        func put(_ bytes: [UInt8], at offset: Int) {
            header.replaceSubrange(offset..<offset + bytes.count, with: bytes)
        }
        func octal(_ value: Int64, width: Int) -> [UInt8] {
            let digits = String(value, radix: 8)
            return Array((String(repeating: "0", count: width - 1 - digits.count) + digits).utf8) + [0]
        }
        put(nameBytes, at: 0)
        put(octal(Int64(mode), width: 8), at: 100)
        put(octal(0, width: 8), at: 108)  // uid
        put(octal(0, width: 8), at: 116)  // gid
        put(octal(size, width: 12), at: 124)
        put(octal(Int64(max(0, modified.timeIntervalSince1970)), width: 12), at: 136)
        put([UInt8](repeating: 0x20, count: 8), at: 148)  // the checksum counts its own field as spaces
        header[156] = type
        put(targetBytes, at: 157)
        put(Array("ustar\u{0}00".utf8), at: 257)
        put(prefixBytes, at: 345)
        let sum = header.reduce(0) { $0 + Int($1) }
        put(octal(Int64(sum), width: 7) + [0x20], at: 148)
        return Data(header)
    }

    /// Reads a header block: the entry's name and size, or nil for an empty (end) block.
    /// - Throws: `Failure.refusedEntry` for an entry that is not a plain file with a plain relative name.
    static func parse(_ header: Data) throws -> (name: String, size: Int64)? {
        guard let entry = try parseAny(header) else { return nil }
        guard entry.isFile, isPlainRelative(entry.name) else { throw Failure.refusedEntry(entry.name) }
        return (entry.name, entry.size)
    }

    /// Reads a header block of any type and name, checking only its checksum and numbers; nil for an end block.
    static func parseAny(_ header: Data) throws -> Header? {
        let bytes = [UInt8](header)
        guard bytes.count == block else { throw Failure.damaged("the archive ends inside a header") }
        if bytes.allSatisfy({ $0 == 0 }) { return nil }
        func field(_ offset: Int, _ length: Int) -> [UInt8] {
            Array(bytes[offset..<offset + length].prefix { $0 != 0 })
        }
        func number(_ offset: Int, _ length: Int) throws -> Int64 {
            let text = String(decoding: field(offset, length), as: UTF8.self).trimmingCharacters(in: .whitespaces)
            guard let value = Int64(text, radix: 8), value >= 0 else { throw Failure.damaged("a header field") }
            return value
        }
        var counted = bytes
        counted.replaceSubrange(148..<156, with: [UInt8](repeating: 0x20, count: 8))
        guard try number(148, 8) == Int64(counted.reduce(0) { $0 + Int($1) }) else {
            throw Failure.damaged("a header's checksum")
        }
        let prefix = field(345, 155)
        let name = String(decoding: (prefix.isEmpty ? [] : prefix + [UInt8(ascii: "/")]) + field(0, 100), as: UTF8.self)
        let type = bytes[156]
        let isLink = type == UInt8(ascii: "1") || type == UInt8(ascii: "2")
        return Header(
            name: name, size: try number(124, 12), isFile: type == UInt8(ascii: "0") || type == 0,
            linkTarget: isLink ? String(decoding: field(157, 100), as: UTF8.self) : nil)
    }

    /// A relative path of ordinary parts: no leading `/`, no `.` or `..`, no empty part, no NUL or backslash.
    static func isPlainRelative(_ name: String) -> Bool {
        guard !name.isEmpty, !name.hasPrefix("/"), !name.contains("\\") else { return false }
        return name.split(separator: "/", omittingEmptySubsequences: false).allSatisfy {
            !$0.isEmpty && $0 != "." && $0 != ".."
        }
    }

    static func padding(after size: Int64) -> Int { Int((Int64(block) - size % Int64(block)) % Int64(block)) }
}

/// Writes a tar stream into a sink, file by file, in 64 KiB pieces.
public struct TarWriter<Sink: ByteSink> {
    public private(set) var sink: Sink

    public init(sink: Sink) { self.sink = sink }

    /// Adds bytes held in memory as a file.
    public mutating func add(name: String, data: Data, modified: Date) throws {
        try sink.write(Tar.header(name: name, size: Int64(data.count), modified: modified))
        try sink.write(data)
        try sink.write(Data(count: Tar.padding(after: Int64(data.count))))
    }

    /// Adds a file of `size` bytes that `bytes` writes into the sink itself, exactly that many, as it reads them
    /// (into a buffer of its own, say, rather than through a `Data`).
    public mutating func add(
        name: String, size: Int64, modified: Date, bytes: (inout Sink) throws -> Void
    ) throws {
        try sink.write(Tar.header(name: name, size: size, modified: modified))
        try bytes(&sink)
        try sink.write(Data(count: Tar.padding(after: size)))
    }

    /// Adds a symbolic link: the link itself, never what it points at (a target too long for ustar is left empty).
    public mutating func addLink(name: String, target: String, modified: Date) throws {
        let kept = target.utf8.count <= Tar.longestName ? target : ""
        try sink.write(
            Tar.header(
                name: name, size: 0, modified: modified, mode: 0o777, type: UInt8(ascii: "2"), linkTarget: kept))
    }

    /// Adds a file from disk, read in pieces.
    /// - Parameter progress: told the bytes of each piece as it is written.
    /// - Throws: `Tar.Failure.unwritable` when the file changed size while it was read.
    public mutating func add(name: String, file: URL, modified: Date, progress: (Int) -> Void = { _ in }) throws {
        let handle = try FileHandle(forReadingFrom: file)
        defer { try? handle.close() }
        let size = Int64(try handle.seekToEnd())
        try handle.seek(toOffset: 0)
        try sink.write(Tar.header(name: name, size: size, modified: modified))
        var written: Int64 = 0
        while written < size, let piece = try handle.read(upToCount: Int(min(64 * 1024, size - written))),
            !piece.isEmpty
        {
            try sink.write(piece)
            written += Int64(piece.count)
            progress(piece.count)
        }
        guard written == size else { throw Tar.Failure.unwritable("\(name) changed while it was read") }
        try sink.write(Data(count: Tar.padding(after: size)))
    }

    /// Writes the two empty blocks that end the archive and returns the sink.
    public mutating func finish() throws -> Sink {
        try sink.write(Data(count: 2 * Tar.block))
        return sink
    }
}

/// Where a tar reader gets its bytes: pieces of any size, nil at the end.
public protocol ChunkSource {
    mutating func next() throws -> Data?
}

extension AgeDecryptor: ChunkSource {}

extension AgeEncryptor: ByteSink {}

/// Reads a tar stream entry by entry without holding more than a piece of it.
public struct TarReader<Source: ChunkSource> {
    public private(set) var source: Source
    private var buffer = Data()
    /// How many of the buffer's bytes were taken.
    private var taken = 0
    private var ended = false

    public init(source: Source) { self.source = source }

    private mutating func take(_ count: Int) throws -> Data {
        while buffer.count - taken < count, let more = try source.next() {
            // The bytes not yet taken move to a buffer of their own before more come: a Data whose first bytes are
            // removed keeps them, so the buffer would grow to the whole stream.
            if taken > 0 { (buffer, taken) = (Data(buffer.dropFirst(taken)), 0) }
            buffer.append(more)
        }
        let start = buffer.startIndex + taken
        let end = min(start + count, buffer.endIndex)
        taken += end - start
        return Data(buffer[start..<end])
    }

    /// The next entry's name and size, or nil after the end blocks.
    /// - Throws: `Tar.Failure` for a damaged header or an entry that is not a plain file.
    public mutating func nextEntry() throws -> (name: String, size: Int64)? {
        guard !ended else { return nil }
        guard let entry = try Tar.parse(try take(Tar.block)) else {
            ended = true
            return nil
        }
        return entry
    }

    /// The next entry of any type and name (links, folders, `../`), for readers that name such entries rather
    /// than refuse the archive; nil after the end blocks. Its bytes must still be read or skipped with
    /// `readContents`.
    /// - Throws: `Tar.Failure.damaged` for a damaged header.
    public mutating func nextHeader() throws -> Tar.Header? {
        guard !ended else { return nil }
        guard let header = try Tar.parseAny(try take(Tar.block)) else {
            ended = true
            return nil
        }
        return header
    }

    /// Hands the current entry's bytes to `body` in pieces, then skips its padding.
    public mutating func readContents(size: Int64, _ body: (Data) throws -> Void) throws {
        var left = size
        while left > 0 {
            let piece = try take(Int(min(64 * 1024, left)))
            guard !piece.isEmpty else { throw Tar.Failure.damaged("the archive ends inside a file") }
            try body(piece)
            left -= Int64(piece.count)
        }
        guard try take(Tar.padding(after: size)).count == Tar.padding(after: size) else {
            throw Tar.Failure.damaged("the archive ends inside a file")
        }
    }

    /// After the end blocks: what is left must be zeros (tar pads to its record size), then nothing.
    public mutating func finish() throws {
        while true {
            if buffer.count == taken, let more = try source.next() { (buffer, taken) = (more, 0) }
            if buffer.count == taken { return }
            guard buffer.dropFirst(taken).allSatisfy({ $0 == 0 }) else {
                throw Tar.Failure.damaged("bytes after the end")
            }
            taken = buffer.count
        }
    }
}
