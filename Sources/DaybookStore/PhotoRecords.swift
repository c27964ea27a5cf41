import DaybookCore
import Foundation
import GRDB

/// A row of the `photo` table.
struct PhotoRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "photo"

    var id: String
    var type: String
    var width: Int
    var height: Int
    var bytes: Int
    var takenAt: String?
    var latitude: Double?
    var longitude: Double?
    var createdAt: Date
    var sha256: String?

    init(_ photo: Photo) {
        id = photo.id
        type = photo.type.rawValue
        width = photo.width
        height = photo.height
        bytes = photo.bytes
        takenAt = photo.takenAt
        latitude = photo.latitude
        longitude = photo.longitude
        createdAt = photo.createdAt
        sha256 = photo.sha256
    }

    /// The domain value, or `nil` for a row this version cannot read.
    var photo: Photo? {
        guard let type = PhotoType(rawValue: type) else { return nil }
        return Photo(
            id: id, type: type, width: width, height: height, bytes: bytes, takenAt: takenAt, latitude: latitude,
            longitude: longitude, createdAt: createdAt, sha256: sha256)
    }
}

/// Photos with their rows in the database and their originals in a folder (the data folder's `photos/`), named
/// by id.
public struct FilePhotoStore: PhotoStore {
    let database: AppDatabase
    /// Where the originals live.
    public let folder: URL

    public init(database: AppDatabase, folder: URL) {
        self.database = database
        self.folder = folder
    }

    public var incomingFolder: URL { folder.appendingPathComponent(".incoming", isDirectory: true) }

    public func originalFile(id: String) -> URL {
        precondition(Photo.isValidID(id), "photo ids are checked before they name a file")
        return folder.appendingPathComponent(id)
    }

    public func addPhoto(_ photo: Photo, movingFileAt file: URL) async throws {
        let destination = originalFile(id: photo.id)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            // The file takes its name inside the transaction: a failed rename rolls the row back.
            try await database.write { db in
                try PhotoRecord(photo).insert(db)
                try FileManager.default.moveItem(at: file, to: destination)
            }
        } catch {
            try? FileManager.default.removeItem(at: file)
            // A commit that failed after the rename leaves a file without a row.
            if try await self.photo(id: photo.id) == nil { try? FileManager.default.removeItem(at: destination) }
            throw DiskFull.cause(of: error) ?? error
        }
    }

    public func photo(id: String) async throws -> Photo? {
        guard Photo.isValidID(id) else { return nil }
        return try await database.writer.read { db in try PhotoRecord.fetchOne(db, key: id)?.photo }
    }

    public func photos(ids: [String]) async throws -> [Photo] {
        let valid = ids.filter(Photo.isValidID)
        guard !valid.isEmpty else { return [] }
        return try await database.writer.read { db in try PhotoRecord.fetchAll(db, keys: valid).compactMap(\.photo) }
    }

    public func deletePhoto(id: String) async throws -> Bool {
        guard Photo.isValidID(id) else { return false }
        let file = originalFile(id: id)
        let deleted = try await database.write { db in try PhotoRecord.deleteOne(db, key: id) }
        if deleted { try? FileManager.default.removeItem(at: file) }
        return deleted
    }
}
