import DaybookArchive
import DaybookCore
import DaybookStore
import Foundation

/// Makes encrypted backups of a data folder and restores them: the database snapshot, the photo originals and the
/// push key, in one age file.
public struct BackupService: Sendable {
    public let dataFolder: URL

    public init(dataFolder: URL) { self.dataFolder = dataFolder }

    /// Where backups go unless told otherwise.
    public var backupsFolder: URL { dataFolder.appendingPathComponent("backups", isDirectory: true) }

    /// A backup as written.
    public struct Made: Sendable {
        public var file: URL
        /// The archive's size on disk.
        public var size: Int64
        public var photos: Int
        public var manifest: BackupManifest
    }

    /// A restore as done.
    public struct Restored: Sendable {
        public var manifest: BackupManifest
        public var photos: Int
        /// Where the data it replaced was moved, when there was any.
        public var previousData: URL?
    }

    /// A backup's file name for its time: `daybook-2026-11-23-040000.age` (UTC).
    public static func fileName(at date: Date) -> String {
        "daybook-\(nameStamp().string(from: date)).age"
    }

    /// The time in a name `fileName(at:)` made, or nil for any other name.
    public static func date(ofName name: String) -> Date? {
        guard name.hasPrefix("daybook-"), name.hasSuffix(".age"), name.count == "daybook-2026-11-23-040000.age".count
        else { return nil }
        return nameStamp().date(from: String(name.dropFirst("daybook-".count).dropLast(".age".count)))
    }

    private static func nameStamp() -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd-HHmmss"
        return formatter
    }

    /// Writes a backup of `database` and the folder's photos to `destination`, which appears whole or not at all.
    /// - Parameter progress: bytes written so far and the total, as the files go in.
    /// - Throws: an `Age.Failure` for bad recipients, `DiskFull`, or the file system's error (no permission).
    public func create(
        from database: AppDatabase, recipients: [AgeRecipient], to destination: URL, now: Date,
        progress: (Int64, Int64) -> Void = { _, _ in }
    ) throws -> Made {
        try FileManager.default.createDirectory(at: dataFolder, withIntermediateDirectories: true)
        let work = dataFolder.appendingPathComponent(".backup-\(UUID().uuidString).sqlite")
        defer { try? FileManager.default.removeItem(at: work) }
        try DiskFull.mapping { try database.snapshot(to: work) }
        let contents = try AppDatabase.inspectSnapshot(work)
        var items = [BackupArchive.Item(name: BackupArchive.databaseName, file: work)]
        var missing: [String] = []
        let photos = dataFolder.appendingPathComponent("photos", isDirectory: true)
        for id in contents.photoIDs {
            let file = photos.appendingPathComponent(id)
            if FileManager.default.fileExists(atPath: file.path) {
                items.append(.init(name: BackupArchive.photoFolder + id, file: file))
            } else {
                missing.append(id)
            }
        }
        let pushKey = dataFolder.appendingPathComponent(BackupArchive.pushKeyName)
        if FileManager.default.fileExists(atPath: pushKey.path) {
            items.append(.init(name: BackupArchive.pushKeyName, file: pushKey))
        }
        let total = try items.reduce(Int64(0)) { $0 + (try Self.size(of: $1.file)) }
        let manifest = BackupManifest(
            createdAt: now, migrations: contents.migrations, files: items.count, bytes: total, missingPhotos: missing)

        let folder = destination.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let partial = folder.appendingPathComponent(".\(destination.lastPathComponent).\(UUID().uuidString).partial")
        guard
            FileManager.default.createFile(atPath: partial.path, contents: nil, attributes: [.posixPermissions: 0o600])
        else { throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: folder.path]) }
        do {
            let handle = try FileHandle(forWritingTo: partial)
            defer { try? handle.close() }
            var done: Int64 = 0
            _ = try BackupArchive.write(
                manifest: manifest, items: items, recipients: recipients, to: FileSink(handle)
            ) { piece in
                done += Int64(piece)
                progress(done, total)
            }
            try handle.synchronize()
            if FileManager.default.fileExists(atPath: destination.path) {
                _ = try FileManager.default.replaceItemAt(destination, withItemAt: partial)
            } else {
                try FileManager.default.moveItem(at: partial, to: destination)
            }
        } catch {
            try? FileManager.default.removeItem(at: partial)
            throw DiskFull.cause(of: error) ?? error
        }
        return Made(
            file: destination, size: try Self.size(of: destination), photos: contents.photoIDs.count - missing.count,
            manifest: manifest)
    }

    /// Checks a whole backup, then puts it in place of the folder's data; the data it replaces is moved to
    /// `backups/before-restore-…/`, never deleted. Nothing changes unless every byte checked out.
    /// - Throws: `DataFolderLock.Problem` while a server runs on the folder, or why the backup is refused.
    public func restore(
        from file: URL, identities: [AgeIdentity], now: Date, progress: (Int64, Int64) -> Void = { _, _ in }
    ) throws -> Restored {
        let lock = try DataFolderLock(folder: dataFolder)
        defer { withExtendedLifetime(lock) {} }
        let staging = dataFolder.appendingPathComponent(".restore-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: staging) }
        let handle = try FileHandle(forReadingFrom: file)
        defer { try? handle.close() }
        let manifest = try BackupArchive.extract(
            from: ByteSource(handle: handle), identities: identities, into: staging,
            freeSpace: freeSpace(at: dataFolder), progress: progress)
        let contents: AppDatabase.SnapshotContents
        do {
            contents = try AppDatabase.inspectSnapshot(staging.appendingPathComponent(BackupArchive.databaseName))
        } catch let problem as AppDatabase.SnapshotProblem {
            throw problem
        } catch {
            throw AppDatabase.SnapshotProblem.damaged
        }

        let manager = FileManager.default
        let replaced = [
            AppDatabase.fileName, AppDatabase.fileName + "-wal", AppDatabase.fileName + "-shm", "photos",
            BackupArchive.pushKeyName,
        ].filter { manager.fileExists(atPath: dataFolder.appendingPathComponent($0).path) }
        var aside: URL?
        if !replaced.isEmpty {
            let folder = backupsFolder.appendingPathComponent(
                "before-restore-" + Self.fileName(at: now).dropFirst("daybook-".count).dropLast(".age".count),
                isDirectory: true)
            try manager.createDirectory(at: folder, withIntermediateDirectories: true)
            for name in replaced {
                try manager.moveItem(
                    at: dataFolder.appendingPathComponent(name), to: folder.appendingPathComponent(name))
            }
            aside = folder
        }
        for name in [BackupArchive.databaseName, "photos", BackupArchive.pushKeyName]
        where manager.fileExists(atPath: staging.appendingPathComponent(name).path) {
            try manager.moveItem(at: staging.appendingPathComponent(name), to: dataFolder.appendingPathComponent(name))
        }
        // Renditions are made again from the restored originals.
        try? manager.removeItem(at: dataFolder.appendingPathComponent("cache/photos"))
        return Restored(
            manifest: manifest, photos: contents.photoIDs.count - manifest.missingPhotos.count, previousData: aside)
    }

    package static func size(of file: URL) throws -> Int64 {
        (try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.int64Value ?? 0
    }
}
