import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An exclusive hold on a data folder (`flock` on its `daybook.lock`): a running server keeps it, and a restore
/// takes it, so a restore never swaps the database under a server. The system lets go when the process ends,
/// even after kill -9.
public final class DataFolderLock: Sendable {
    public static let fileName = "daybook.lock"
    private let descriptor: Int32

    public enum Problem: Error, CustomStringConvertible {
        case held(URL)
        case unavailable(URL, String)

        public var description: String {
            switch self {
            case .held(let folder): "Daybook is running on \(folder.path); stop it first."
            case .unavailable(let folder, let reason): "Cannot lock \(folder.path): \(reason)."
            }
        }
    }

    /// Takes the lock without waiting.
    /// - Throws: `Problem.held` when another process has it.
    public init(folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent(Self.fileName).path
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Problem.unavailable(folder, String(cString: strerror(errno))) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let failure = errno
            close(descriptor)
            if failure == EWOULDBLOCK { throw Problem.held(folder) }
            throw Problem.unavailable(folder, String(cString: strerror(failure)))
        }
        self.descriptor = descriptor
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}

/// Bytes free on the file system that holds `folder`, or nil when it cannot be told.
public func freeSpace(at folder: URL) -> Int64? {
    var info = statvfs()
    guard statvfs(folder.path, &info) == 0 else { return nil }
    return Int64(info.f_bavail) * Int64(info.f_frsize)
}
