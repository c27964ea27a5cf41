import DaybookCore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The photos an import takes out of its archive, each to become a photo's original. They are written one by one
/// without waiting for the disk, then made durable together before any row names them: `Data.write` syncs every
/// file on its own, so an import of hundreds of photos waited for the disk once per photo, one after another.
package enum UnpackedPhotoFiles {
    /// How many files are synced at once: the disk and the file system's journal take many together.
    package static let lanes = 16

    /// Takes `photos` out of their archive into new files in `folder`, each read by `read` (at most a photo's size)
    /// and written without waiting for the disk, then all made durable together: each becomes a photo's original,
    /// on the disk before a row names it. A photo that cannot be read is a problem, and the rest go on.
    ///
    /// - Returns: the unpacked files by source id, and the source ids of the photos that could not be read.
    /// - Throws: `DiskFull`, which stops the import.
    package static func unpack(
        _ photos: [ImportBatch.Photo], into folder: URL, problems: inout [ImportProblem],
        read: (ImportBatch.Photo) throws -> Data
    ) throws -> (files: [String: ImportService.UnpackedPhoto], unreadable: Set<String>) {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var files: [String: ImportService.UnpackedPhoto] = [:]
        var unreadable: Set<String> = []
        for photo in photos {
            let target = folder.appendingPathComponent(UUID().uuidString)
            do {
                let bytes = try read(photo)
                try write(bytes, to: target)
                files[photo.sourceID] = .init(file: target, sha256: FileDigest.sha256(bytes))
            } catch {
                if let full = DiskFull.cause(of: error) { throw full }
                problems.append(.init(item: ImportService.item(photo), reason: "\(error)", kind: .photos))
                unreadable.insert(photo.sourceID)
            }
        }
        try DiskFull.mapping { try makeDurable(files.values.map(\.file)) }
        return (files, unreadable)
    }

    /// Waits until the bytes of `file`, written without waiting for the disk, are on it.
    /// - Throws: `DiskFull` when the disk is full, or the file's error.
    package static func makeDurable(_ file: URL) throws {
        try DiskFull.mapping {
            let handle = try FileHandle(forReadingFrom: file)
            defer { try? handle.close() }
            try handle.synchronize()
        }
    }

    /// Writes `bytes` to a new file at `file`, without waiting for the disk (see `makeDurable`).
    ///
    /// - Throws: `POSIXError` when the file cannot be made (it exists, say), or the file handle's error (a full
    ///   disk among them).
    private static func write(_ bytes: Data, to file: URL) throws {
        let descriptor = open(file.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        try handle.write(contentsOf: bytes)
        try handle.close()
    }

    /// Waits until the bytes of every file in `files` are on the disk, `lanes` files at a time, each on a thread
    /// of its own (a sync blocks its thread on the disk, not the processor).
    ///
    /// - Throws: the first file's error, after every sync has ended.
    private static func makeDurable(_ files: [URL]) throws {
        guard !files.isEmpty else { return }
        let lanes = min(Self.lanes, files.count)
        let failures = Locked<[any Error]>([])
        let done = DispatchSemaphore(value: 0)
        for lane in 0..<lanes {
            Thread.detachNewThread {
                defer { done.signal() }
                for index in stride(from: lane, to: files.count, by: lanes) {
                    do { try makeDurable(files[index]) } catch { failures.withLock { $0.append(error) } }
                }
            }
        }
        for _ in 0..<lanes { done.wait() }
        if let first = failures.withLock({ $0.first }) { throw first }
    }
}
