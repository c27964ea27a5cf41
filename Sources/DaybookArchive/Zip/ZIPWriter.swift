import Foundation

/// Writes a ZIP file front to back: each entry's local header and bytes as it comes, the central directory kept in
/// memory and written once at the end, so adding an entry costs the same at the first and the 100,000th. Sizes and
/// checksums are in the local headers (no data descriptors): bytes in memory are measured before they are written,
/// and a file's header is written again, same length, once its bytes are. Past 65,534 entries or 4 GiB the ZIP64
/// records say what the classic fields cannot.
public final class ZIPWriter {
    private let handle: FileHandle
    private let deflater: RawDeflater
    private var pending = Data()
    /// Bytes written so far, those still in `pending` included.
    private var offset: UInt64 = 0
    private var directory = Data()
    private var entries: UInt64 = 0
    private var isOpen = true
    private static let flushSize = 1 << 20
    /// A deflated file this large or larger gets ZIP64 sizes in its local header: deflate may make it a little larger.
    private static let deflatedZIP64Threshold: UInt64 = 0xF000_0000

    /// Creates `file` (emptying it if it exists) and starts an archive in it.
    public init(file: URL) throws {
        guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path])
        }
        handle = try FileHandle(forWritingTo: file)
        deflater = try RawDeflater()
    }

    deinit { if isOpen { try? handle.close() } }

    /// Adds bytes held in memory as a file named `name` (a path with `/`).
    public func add(name: String, data: Data, modified: Date, method: ZIP.Method = .deflated) throws {
        var record = try newRecord(name, method, modified)
        record.checksum = ArchiveCRC32.checksum(data)
        record.size = UInt64(data.count)
        let body = method == .deflated ? try deflater.deflated(data) : data
        record.compressedSize = UInt64(body.count)
        record.zip64Local = record.size >= UInt64(ZIP.wide32) || record.compressedSize >= UInt64(ZIP.wide32)
        try write(record.localHeader)
        try write(body)
        close(record)
    }

    /// Adds a file from disk, read in pieces of 1 MiB.
    /// - Throws: `ZIP.Failure.unwritable` when the file changed size while it was read.
    public func add(name: String, file: URL, modified: Date, method: ZIP.Method = .stored) throws {
        let input = try FileHandle(forReadingFrom: file)
        defer { try? input.close() }
        var record = try newRecord(name, method, modified)
        let size = try input.seekToEnd()
        try input.seek(toOffset: 0)
        record.size = size
        record.zip64Local =
            method == .stored ? size >= UInt64(ZIP.wide32) : size >= Self.deflatedZIP64Threshold
        try write(record.localHeader)
        var read: UInt64 = 0
        var compressed = Data()
        while read < size, let piece = try input.read(upToCount: Int(min(1 << 20, size - read))), !piece.isEmpty {
            read += UInt64(piece.count)
            record.checksum = ArchiveCRC32.checksum(piece, continuing: record.checksum)
            switch method {
            case .stored:
                record.compressedSize += UInt64(piece.count)
                try write(piece)
            case .deflated:
                try deflater.deflate(piece, finish: false, into: &compressed)
                record.compressedSize += UInt64(compressed.count)
                try write(compressed)
                compressed.removeAll(keepingCapacity: true)
            }
        }
        guard read == size else { throw ZIP.Failure.unwritable("\(name) changed while it was read") }
        if method == .deflated {
            try deflater.deflate(Data(), finish: true, into: &compressed)
            record.compressedSize += UInt64(compressed.count)
            try write(compressed)
        }
        guard record.zip64Local || record.compressedSize < UInt64(ZIP.wide32) else {
            throw ZIP.Failure.unwritable("\(name) grew past 4 GiB when deflated")
        }
        // The header again, now with the checksum and sizes: same fields, same length.
        try flush()
        try handle.seek(toOffset: record.offset)
        try handle.write(contentsOf: record.localHeader)
        try handle.seekToEnd()
        close(record)
    }

    /// Writes the central directory and the end records, and closes the file.
    public func finish() throws {
        let directoryOffset = offset
        let directorySize = UInt64(directory.count)
        try write(directory)
        directory = Data()
        try write(ZIP.end(entries: entries, directorySize: directorySize, directoryOffset: directoryOffset))
        try flush()
        isOpen = false
        try handle.close()
    }

    private func newRecord(_ name: String, _ method: ZIP.Method, _ modified: Date) throws -> ZIP.Record {
        let bytes = Array(name.utf8)
        guard !bytes.isEmpty, bytes.count <= Int(UInt16.max) else { throw ZIP.Failure.unwritable(name) }
        return ZIP.Record(name: bytes, method: method, modified: ZIP.dosDateTime(modified), offset: offset)
    }

    private func close(_ record: ZIP.Record) {
        record.appendCentralHeader(to: &directory)
        entries += 1
    }

    private func write(_ data: Data) throws {
        offset += UInt64(data.count)
        if pending.count + data.count > Self.flushSize {
            try flush()
            if data.count >= Self.flushSize { return try handle.write(contentsOf: data) }
        }
        pending.append(data)
    }

    private func flush() throws {
        guard !pending.isEmpty else { return }
        try handle.write(contentsOf: pending)
        pending.removeAll(keepingCapacity: true)
    }
}
