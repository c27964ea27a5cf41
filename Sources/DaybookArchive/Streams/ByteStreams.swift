import Foundation

/// Buffered reading from a file or from bytes in memory, in exact counts or lines.
public struct ByteSource {
    private let handle: FileHandle?
    private var buffer: Data
    private var position: Int

    public init(handle: FileHandle) {
        self.handle = handle
        buffer = Data()
        position = 0
    }

    public init(data: Data) {
        handle = nil
        buffer = data
        position = 0
    }

    /// Refills the buffer so at least `count` bytes are ready when the source has them.
    private mutating func fill(_ count: Int) throws {
        guard let handle, buffer.count - position < count else { return }
        if position > 0 {
            buffer.removeSubrange(buffer.startIndex..<buffer.startIndex + position)
            position = 0
        }
        while buffer.count < count {
            guard let more = try handle.read(upToCount: max(count - buffer.count, 256 * 1024)), !more.isEmpty else {
                return
            }
            buffer.append(more)
        }
    }

    /// Up to `count` bytes: fewer only at the end of the source.
    public mutating func read(upTo count: Int) throws -> Data {
        try fill(count)
        let start = buffer.startIndex + position
        let end = min(start + count, buffer.endIndex)
        position += end - start
        return buffer.subdata(in: start..<end)
    }

    /// Whether the source has nothing left.
    public mutating func isAtEnd() throws -> Bool {
        try fill(1)
        return buffer.count - position == 0
    }

    /// The next line without its `\n`, or nil at the end. A line longer than `limit` is an error.
    mutating func readLine(limit: Int) throws -> String? {
        var line = Data()
        while true {
            try fill(1)
            let start = buffer.startIndex + position
            guard start < buffer.endIndex else { return line.isEmpty ? nil : String(decoding: line, as: UTF8.self) }
            if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                line.append(buffer[start..<newline])
                position += newline - start + 1
                guard line.count <= limit else { throw Age.Failure.malformedHeader("a line is too long") }
                return String(decoding: line, as: UTF8.self)
            }
            line.append(buffer[start...])
            position = buffer.count
            guard line.count <= limit else { throw Age.Failure.malformedHeader("a line is too long") }
        }
    }
}

/// Where bytes are written: a file, or memory (for tests and small things).
public protocol ByteSink {
    mutating func write(_ data: Data) throws
}

/// Writes to a file handle.
public struct FileSink: ByteSink {
    let handle: FileHandle
    public init(_ handle: FileHandle) { self.handle = handle }
    public func write(_ data: Data) throws { try handle.write(contentsOf: data) }
}

/// Collects the bytes in memory.
public struct MemorySink: ByteSink {
    public private(set) var data = Data()
    public init() {}
    public mutating func write(_ data: Data) throws { self.data.append(data) }
}

/// A file read in 64 KiB pieces, for a tar reader.
public struct FileChunks: ChunkSource {
    let handle: FileHandle
    public init(_ handle: FileHandle) { self.handle = handle }
    public mutating func next() throws -> Data? {
        guard let piece = try handle.read(upToCount: 64 * 1024), !piece.isEmpty else { return nil }
        return piece
    }
}
