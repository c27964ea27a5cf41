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
enum UnpackedPhotoFiles {
    /// How many files are synced at once: the disk and the file system's journal take many together.
    static let lanes = 16

    /// Writes `bytes` to a new file at `file`, without waiting for the disk (see `makeDurable`).
    ///
    /// - Throws: `POSIXError` (`ENOSPC` on a full disk).
    static func write(_ bytes: Data, to file: URL) throws {
        let descriptor = open(file.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw Self.error() }
        defer { close(descriptor) }
        try bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            var offset = 0
            while offset < raw.count {
                let written = systemWrite(descriptor, base + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw Self.error()
                }
                offset += written
            }
        }
    }

    /// Waits until the bytes of every file in `files` are on the disk, `lanes` files at a time, each on a thread
    /// of its own (a sync blocks its thread on the disk, not the processor).
    ///
    /// - Throws: the first file's error, after every sync has ended.
    static func makeDurable(_ files: [URL]) throws {
        guard !files.isEmpty else { return }
        let lanes = min(Self.lanes, files.count)
        let failures = Locked<[POSIXError]>([])
        let done = DispatchSemaphore(value: 0)
        for lane in 0..<lanes {
            Thread.detachNewThread {
                defer { done.signal() }
                for index in stride(from: lane, to: files.count, by: lanes) {
                    let descriptor = open(files[index].path, O_RDONLY | O_CLOEXEC)
                    guard descriptor >= 0 else {
                        let failure = Self.error()
                        failures.withLock { $0.append(failure) }
                        continue
                    }
                    if fsync(descriptor) != 0 {
                        let failure = Self.error()
                        failures.withLock { $0.append(failure) }
                    }
                    close(descriptor)
                }
            }
        }
        for _ in 0..<lanes { done.wait() }
        if let first = failures.withLock({ $0.first }) { throw first }
    }

    private static func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.write(descriptor, bytes, count)
        #else
            Darwin.write(descriptor, bytes, count)
        #endif
    }

    private static func error() -> POSIXError {
        POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }
}
