import Crypto
import Foundation

/// A SHA-256 in lowercase hex, as photo rows and idempotency keys keep it: taken while a body streams past, or
/// read back from a stored file by `daybook check`.
public struct FileDigest: Sendable {
    private var hasher = SHA256()

    public init() {}

    /// Adds the next bytes.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) { hasher.update(bufferPointer: bytes) }

    /// The hash of everything added.
    public func hex() -> String { Self.hex(hasher.finalize()) }

    /// The hash of `data`.
    public static func sha256(_ data: Data) -> String { hex(SHA256.hash(data: data)) }

    /// The hash of the file at `file`, read a megabyte at a time.
    ///
    /// - Throws: when the file cannot be opened or read.
    public static func sha256(of file: URL) throws -> String {
        let handle = try FileHandle(forReadingFrom: file)
        defer { try? handle.close() }
        var digest = FileDigest()
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            chunk.withUnsafeBytes { digest.update($0) }
        }
        return digest.hex()
    }

    private static func hex(_ digest: SHA256Digest) -> String {
        digest.map { String(format: "%02x", $0) }.joined()
    }
}
