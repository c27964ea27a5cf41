import DaybookCore
import Foundation
import GRDB

/// Photo files that no row names (an upload that never committed: a crash, a cut connection, a refused request) go
/// to `lost+found/photos/` in the data folder, where they stay 30 days before they are removed.
public struct PhotoSweep: Sendable {
    /// A file this young may belong to an upload still under way.
    public static let graceTime: TimeInterval = 3600
    /// How long a swept file is kept in `lost+found/`.
    public static let keptTime: TimeInterval = 30 * 86400

    let store: FilePhotoStore

    public init(store: FilePhotoStore) { self.store = store }

    /// `lost+found/photos/` beside the photo folder.
    public var lostAndFound: URL {
        store.folder.deletingLastPathComponent().appendingPathComponent("lost+found/photos", isDirectory: true)
    }

    /// What one sweep did.
    public struct Result: Equatable, Sendable {
        /// Files moved to `lost+found/`.
        public var moved: [String] = []
        /// Files removed from `lost+found/` after their 30 days.
        public var removed: [String] = []
    }

    /// Moves every file older than `graceTime` that no row names (and every unfinished upload) to `lost+found/`,
    /// and removes what has been there longer than `keptTime`.
    public func run(now: Date) async throws -> Result {
        let manager = FileManager.default
        var result = Result()
        let known = try await store.database.writer.read { db in
            Set(try String.fetchAll(db, sql: "SELECT id FROM photo"))
        }
        let candidates =
            files(in: store.folder).filter { !known.contains($0.lastPathComponent) }
            + files(in: store.incomingFolder)
        for file in candidates where Self.age(of: file, now: now) > Self.graceTime {
            try manager.createDirectory(at: lostAndFound, withIntermediateDirectories: true)
            var target = lostAndFound.appendingPathComponent(file.lastPathComponent)
            if manager.fileExists(atPath: target.path) {
                target = lostAndFound.appendingPathComponent(
                    file.lastPathComponent + "-\(Int(now.timeIntervalSince1970))")
            }
            // A row may have named it since the listing: check again right before the move.
            if file.deletingLastPathComponent() == store.folder,
                try await store.photo(id: file.lastPathComponent) != nil
            {
                continue
            }
            try manager.moveItem(at: file, to: target)
            // The 30 days count from the move.
            try? manager.setAttributes([.modificationDate: now], ofItemAtPath: target.path)
            result.moved.append(file.lastPathComponent)
        }
        for file in files(in: lostAndFound) where Self.age(of: file, now: now) > Self.keptTime {
            try manager.removeItem(at: file)
            result.removed.append(file.lastPathComponent)
        }
        return result
    }

    /// The plain files directly in `folder` (not its subfolders), or none when it is not there.
    private func files(in folder: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().compactMap { name in
            let url = folder.appendingPathComponent(name)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue else {
                return nil
            }
            return url
        }
    }

    static func age(of file: URL, now: Date) -> TimeInterval {
        let modified = (try? FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date)
        return now.timeIntervalSince(modified ?? now)
    }
}
