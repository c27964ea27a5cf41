import Foundation

/// The disk, or the data folder's quota, is full: nothing more can be written until space is freed. Every write
/// path turns the file system's `ENOSPC`/`EDQUOT` and SQLite's `SQLITE_FULL` into this one error, so the server
/// answers 507 and the command line says so, whatever was being written.
public struct DiskFull: Error, Equatable, Sendable, CustomStringConvertible {
    public init() {}

    public var description: String { "the disk is full" }

    /// `DiskFull` when `error`, or an error it wraps, says the disk or the quota is full.
    public static func cause(of error: any Error) -> DiskFull? {
        if let full = error as? DiskFull { return full }
        if let posix = error as? POSIXError {
            return posix.code == .ENOSPC || posix.code == .EDQUOT ? DiskFull() : nil
        }
        let error = error as NSError
        switch error.domain {
        case NSPOSIXErrorDomain where error.code == Int(ENOSPC) || error.code == Int(EDQUOT):
            return DiskFull()
        case NSCocoaErrorDomain where error.code == CocoaError.fileWriteOutOfSpace.rawValue:
            return DiskFull()
        // GRDB's errors carry SQLite's extended result code; its low byte is the primary one.
        case sqliteErrorDomain where error.code & 0xFF == sqliteFull:
            return DiskFull()
        default:
            break
        }
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? any Error {
            return cause(of: underlying)
        }
        return nil
    }

    /// Runs `body`, turning a full disk into `DiskFull` and leaving every other error as it is.
    public static func mapping<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch { throw cause(of: error) ?? error }
    }

    static let sqliteErrorDomain = "GRDB.DatabaseError"
    static let sqliteFull = 13
}
