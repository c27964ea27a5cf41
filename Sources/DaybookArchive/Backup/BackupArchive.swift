import Foundation

/// A Daybook backup: a tar of the manifest, the database snapshot, the photo originals and the push key, encrypted
/// as one age file. `age -d backup.age | tar x` opens it without Daybook.
public enum BackupArchive {
    public static let manifestName = "daybook-backup.json"
    public static let databaseName = "daybook.sqlite"
    public static let pushKeyName = "push-key.pem"
    public static let photoFolder = "photos/"
    /// No photo original is this large (uploads stop at 25 MB): a larger entry is not ours.
    static let largestPhoto: Int64 = 64 * 1024 * 1024
    static let largestSmallFile: Int64 = 64 * 1024

    /// A file to put in the archive under a name.
    public struct Item: Sendable {
        public var name: String
        public var file: URL
        public init(name: String, file: URL) {
            self.name = name
            self.file = file
        }
    }

    public enum Failure: Error, Equatable, Sendable {
        case notABackup
        case newerVersion(Int)
        case unexpectedEntry(String)
        case doesNotMatchManifest
        case notEnoughSpace(needed: Int64, free: Int64)
    }

    /// Whether a name is one a backup may hold.
    static func isAllowed(_ name: String) -> Bool {
        if name == databaseName || name == pushKeyName { return true }
        guard name.hasPrefix(photoFolder) else { return false }
        let id = name.dropFirst(photoFolder.count)
        return (1...64).contains(id.count)
            && id.utf8.allSatisfy { (48...57).contains($0) || (97...122).contains($0) || $0 == UInt8(ascii: "-") }
    }

    /// Writes the archive into `sink`, encrypted to `recipients`.
    /// - Parameter progress: told the bytes of each piece of a file as it goes in.
    public static func write<Sink: ByteSink>(
        manifest: BackupManifest, items: [Item], recipients: [AgeRecipient], to sink: Sink,
        progress: (Int) -> Void = { _ in }
    ) throws -> Sink {
        var tar = TarWriter(sink: try AgeEncryptor(recipients: recipients, sink: sink))
        try tar.add(name: manifestName, data: BackupManifest.encoder.encode(manifest), modified: manifest.createdAt)
        for item in items {
            precondition(isAllowed(item.name), "not a backup name: \(item.name)")
            try tar.add(name: item.name, file: item.file, modified: manifest.createdAt, progress: progress)
        }
        var encryptor = try tar.finish()
        return try encryptor.finish()
    }

    /// Decrypts and unpacks a whole archive into an empty staging folder, checking every byte on the way.
    /// Nothing outside `staging` is written; on any failure the caller removes `staging`.
    /// - Parameters:
    ///   - freeSpace: bytes free where `staging` is, to refuse early a backup that cannot fit.
    ///   - progress: told the bytes restored so far and the manifest's total.
    /// - Throws: `Age.Failure`, `Tar.Failure` or `BackupArchive.Failure`, each saying what is wrong.
    public static func extract(
        from source: ByteSource, identities: [AgeIdentity], into staging: URL, freeSpace: Int64?,
        progress: (Int64, Int64) -> Void = { _, _ in }
    ) throws -> BackupManifest {
        var tar = TarReader(source: try AgeDecryptor(source: source, identities: identities))
        guard let first = try tar.nextEntry(), first.name == manifestName, first.size <= largestSmallFile else {
            throw Failure.notABackup
        }
        var manifestBytes = Data()
        try tar.readContents(size: first.size) { manifestBytes.append($0) }
        guard let manifest = try? BackupManifest.decoder.decode(BackupManifest.self, from: manifestBytes),
            manifest.format == BackupManifest.formatName
        else { throw Failure.notABackup }
        guard manifest.version <= BackupManifest.currentVersion else { throw Failure.newerVersion(manifest.version) }
        if let freeSpace, freeSpace < manifest.bytes + 16 * 1024 * 1024 {
            throw Failure.notEnoughSpace(needed: manifest.bytes, free: freeSpace)
        }
        try FileManager.default.createDirectory(
            at: staging.appendingPathComponent(photoFolder), withIntermediateDirectories: true)
        var seen = Set<String>()
        var bytes: Int64 = 0
        while let entry = try tar.nextEntry() {
            let limit =
                entry.name == databaseName
                ? manifest.bytes : entry.name == pushKeyName ? largestSmallFile : largestPhoto
            guard isAllowed(entry.name), !seen.contains(entry.name), entry.size <= limit else {
                throw Failure.unexpectedEntry(entry.name)
            }
            seen.insert(entry.name)
            guard bytes + entry.size <= manifest.bytes else { throw Failure.doesNotMatchManifest }
            let target = staging.appendingPathComponent(entry.name)
            guard
                FileManager.default.createFile(
                    atPath: target.path, contents: nil, attributes: [.posixPermissions: 0o600])
            else { throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: target.path]) }
            let handle = try FileHandle(forWritingTo: target)
            defer { try? handle.close() }
            try tar.readContents(size: entry.size) { piece in
                try handle.write(contentsOf: piece)
                bytes += Int64(piece.count)
                progress(bytes, manifest.bytes)
            }
            try handle.synchronize()
        }
        try tar.finish()
        guard seen.contains(databaseName), seen.count == manifest.files, bytes == manifest.bytes else {
            throw Failure.doesNotMatchManifest
        }
        return manifest
    }
}

extension BackupArchive.Failure: CustomStringConvertible {
    public var description: String {
        switch self {
        case .notABackup: "The file opens, but it is not a Daybook backup."
        case .newerVersion(let version):
            "The backup was made by a newer Daybook (format \(version)); update Daybook to restore it."
        case .unexpectedEntry(let name):
            "The backup holds something a Daybook backup never does (“\(name.prefix(120))”)."
        case .doesNotMatchManifest: "The backup's contents do not match its own list of files."
        case .notEnoughSpace(let needed, let free):
            "There is not enough free space to restore: the backup needs \(needed / 1_048_576) MB, \(free / 1_048_576) MB are free."
        }
    }
}
