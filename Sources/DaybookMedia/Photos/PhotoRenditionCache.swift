import DaybookCore
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Downsized photos kept on disk (`cache/photos/ID/WIDTH.jpg` in the data folder): made once per photo and
/// width, then served from the file.
public struct PhotoRenditionCache: PhotoRenditionStore {
    public typealias Entry = PhotoRenditionFile

    public let folder: URL
    private let processor: any PhotoProcessor
    private let making = Locked<[String: Task<Entry, any Error>]>([:])

    public init(folder: URL, processor: any PhotoProcessor) {
        self.folder = folder
        self.processor = processor
    }

    /// Requests for the same rendition at the same time share one resize; the file appears whole (written aside,
    /// then renamed), so a reader never sees part of one.
    public func rendition(id: String, width: Int, original: URL) async throws -> Entry {
        precondition(Photo.isValidID(id), "photo ids are checked before they name a file")
        if let entry = cached(id: id, width: width) { return entry }
        let key = "\(id)/\(width)"
        let task = making.withLock { tasks in
            if let running = tasks[key] { return running }
            let task = Task { try await make(id: id, width: width, original: original) }
            tasks[key] = task
            return task
        }
        defer { _ = making.withLock { $0.removeValue(forKey: key) } }
        return try await task.value
    }

    /// A rendition already on disk.
    public func cached(id: String, width: Int) -> Entry? {
        for type in RenditionType.allCases {
            let file = self.file(id: id, width: width, type: type)
            if FileManager.default.fileExists(atPath: file.path) { return Entry(file: file, type: type) }
        }
        return nil
    }

    public func remove(id: String) {
        precondition(Photo.isValidID(id), "photo ids are checked before they name a file")
        try? FileManager.default.removeItem(at: folder.appendingPathComponent(id, isDirectory: true))
    }

    public func store(_ rendition: PhotoRendition, id: String, width: Int) throws {
        try write(rendition, to: file(id: id, width: width, type: rendition.type))
    }

    private func make(id: String, width: Int, original: URL) async throws -> Entry {
        if let entry = cached(id: id, width: width) { return entry }
        let rendition = try await processor.rendition(of: original, width: width)
        let file = self.file(id: id, width: width, type: rendition.type)
        try write(rendition, to: file)
        return Entry(file: file, type: rendition.type)
    }

    private func write(_ rendition: PhotoRendition, to file: URL) throws {
        let directory = file.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let aside = directory.appendingPathComponent(".\(file.lastPathComponent).\(UUID().uuidString)")
        do {
            try rendition.data.write(to: aside)
            // rename(2) replaces atomically: a reader sees the old file, the new one, or none, never a part.
            guard rename(aside.path, file.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
        } catch {
            try? FileManager.default.removeItem(at: aside)
            throw error
        }
    }

    private func file(id: String, width: Int, type: RenditionType) -> URL {
        folder.appendingPathComponent(id, isDirectory: true)
            .appendingPathComponent("\(width).\(type == .jpeg ? "jpg" : "webp")")
    }
}
