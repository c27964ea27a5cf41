import DaybookCore
import Foundation

/// Takes uploads in (checked by their bytes, their header and a full decode before anything is stored), and
/// hands out photos downsampled to the width a page shows.
public struct PhotoInteractor: Sendable {
    private let store: any PhotoStore
    private let processor: any PhotoProcessor
    private let renditions: any PhotoRenditionStore
    private let clock: any DaybookClock
    private let ids: any IDGenerator

    /// - Parameter ids: makes lowercase UUIDs, which name the files.
    public init(
        store: any PhotoStore, processor: any PhotoProcessor, renditions: any PhotoRenditionStore,
        clock: any DaybookClock, ids: any IDGenerator
    ) {
        self.store = store
        self.processor = processor
        self.renditions = renditions
        self.clock = clock
        self.ids = ids
    }

    /// Where an upload is written while it arrives; give the file to `add(upload:)`.
    public func newUploadFile() throws -> URL {
        try FileManager.default.createDirectory(at: store.incomingFolder, withIntermediateDirectories: true)
        return store.incomingFolder.appendingPathComponent(ids.makeID() + ".upload")
    }

    /// Stores the upload at `file` (whose bytes hash to `sha256`) as the photo `id` a device chose, so that an entry
    /// written away from the server can name the photo before it arrives. The same bytes under the same id again
    /// are the photo already stored.
    /// The file is moved in or removed: it never stays behind.
    ///
    /// - Returns: the photo, and whether this upload added it.
    /// - Throws: `.invalidID` for an id that is not a lowercase UUID, `.idTaken` when a photo with other bytes has
    ///   it, and what `add(upload:)` throws.
    public func put(upload file: URL, id: String, sha256: String) async throws -> (photo: Photo, created: Bool) {
        defer { try? FileManager.default.removeItem(at: file) }
        guard Photo.isValidID(id) else { throw Photos.Problem.invalidID }
        if let stored = try await store.photo(id: id) {
            // Photos kept before they had a hash are compared byte by byte.
            let same = try? stored.sha256.map { $0 == sha256 } ?? Self.sameBytes(file, store.originalFile(id: id))
            guard same == true else { throw Photos.Problem.idTaken }
            return (stored, false)
        }
        do {
            return (try await add(upload: file, sha256: sha256, chosenID: id), true)
        } catch let problem as Photos.Problem {
            throw problem
        } catch {
            // Another upload took the id in the meantime: the same bytes (a device's retry beside the first send)
            // are that photo, as they are when they come one after the other.
            guard let stored = try await store.photo(id: id) else { throw error }
            guard stored.sha256 == sha256 else { throw Photos.Problem.idTaken }
            return (stored, false)
        }
    }

    /// Stores the upload at `file` as a new photo. The file is moved in or removed: it never stays behind.
    ///
    /// - Parameter sha256: the SHA-256 of the file's bytes (lowercase hex), taken as they were written; the photo
    ///   row keeps it, so `daybook check` finds bytes that change later.
    /// - Throws: `Photos.Problem` (`.tooLarge`, `.unsupportedType`, `.tooManyPixels`, `.unreadable`).
    public func add(upload file: URL, sha256: String) async throws -> Photo {
        try await add(upload: file, sha256: sha256, chosenID: nil)
    }

    private func add(upload file: URL, sha256: String, chosenID: String?) async throws -> Photo {
        defer { try? FileManager.default.removeItem(at: file) }
        let bytes = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
        guard bytes <= Photo.Limits.bytes else { throw Photos.Problem.tooLarge }
        guard let type = PhotoType.sniff(try Self.leadingBytes(of: file)) else {
            throw Photos.Problem.unsupportedType
        }
        let header: PhotoHeader
        do { header = try await processor.header(of: file) } catch { throw Photos.Problem.unreadable }
        guard Self.loaders[type] == header.loader, header.heifCompression.map({ $0 == "hevc" }) ?? true else {
            throw Photos.Problem.unsupportedType
        }
        let (width, height) = header.uprightSize
        guard width * height <= Photo.Limits.pixels, max(width, height) <= Photo.Limits.side else {
            throw Photos.Problem.tooManyPixels(width: width, height: height)
        }
        // Decoding every pixel once (into the smallest size, kept) finds truncated and broken files now.
        let smallest = PhotoWidths.all[0]
        let preview: PhotoRendition
        do { preview = try await processor.rendition(of: file, width: smallest) } catch {
            throw Photos.Problem.unreadable
        }
        let id = chosenID ?? ids.makeID()
        guard Photo.isValidID(id) else { preconditionFailure("photo ids are lowercase UUIDs") }
        let photo = Photo(
            id: id, type: type, width: width, height: height, bytes: bytes, takenAt: header.takenAt,
            latitude: header.latitude, longitude: header.longitude, createdAt: clock.now(), sha256: sha256)
        try await store.addPhoto(photo, movingFileAt: file)
        try? renditions.store(preview, id: id, width: smallest)
        return photo
    }

    /// Whether two files hold the same bytes, read a mebibyte at a time.
    static func sameBytes(_ first: URL, _ second: URL) throws -> Bool {
        let (one, two) = (try FileHandle(forReadingFrom: first), try FileHandle(forReadingFrom: second))
        defer {
            try? one.close()
            try? two.close()
        }
        while true {
            let (a, b) = (try one.read(upToCount: 1 << 20) ?? Data(), try two.read(upToCount: 1 << 20) ?? Data())
            guard a == b else { return false }
            if a.isEmpty { return true }
        }
    }

    /// - Throws: `Photos.Problem.unknownPhoto` for an id that is not a photo's (checked before any file is named).
    public func photo(id: String) async throws -> Photo {
        guard Photo.isValidID(id), let photo = try await store.photo(id: id) else { throw Photos.Problem.unknownPhoto }
        return photo
    }

    /// Photo `id` at the width of its rendition for a page showing `asked` pixels (`nil`: the standard width).
    /// Never larger than the photo itself, and never the original.
    ///
    /// - Throws: `Photos.Problem.unknownPhoto`, `.invalidWidth`, or `.unreadable` when the original cannot be decoded.
    public func rendition(id: String, width asked: String?) async throws -> Photos.Rendition {
        var width: Int?
        if let asked {
            guard let value = Int(asked), value >= 1, value <= PhotoWidths.largestAsked, asked.allSatisfy(\.isASCII)
            else { throw Photos.Problem.invalidWidth }
            width = value
        }
        let photo = try await photo(id: id)
        // Every width at or past the photo's own shares one rendition, made at the photo's size.
        let served = min(PhotoWidths.snapped(width), PhotoWidths.snapped(photo.width))
        let file: PhotoRenditionFile
        do {
            file = try await renditions.rendition(id: id, width: served, original: store.originalFile(id: id))
        } catch is PhotoProcessingError {
            throw Photos.Problem.unreadable
        }
        return Photos.Rendition(file: file.file, mediaType: file.type.mediaType, etag: "\"\(id)-\(served)\"")
    }

    /// Removes the photo, its original and every rendition.
    ///
    /// - Throws: `Photos.Problem.unknownPhoto`.
    public func delete(id: String) async throws {
        guard Photo.isValidID(id), try await store.deletePhoto(id: id) else { throw Photos.Problem.unknownPhoto }
        renditions.remove(id: id)
    }

    /// Which libvips decoder must have read each format: a file that starts like one format and decodes as
    /// another is refused.
    static let loaders: [PhotoType: String] = [
        .jpeg: "jpegload", .png: "pngload", .webp: "webpload", .heic: "heifload", .heif: "heifload",
    ]

    private static func leadingBytes(of file: URL) throws -> [UInt8] {
        let handle = try FileHandle(forReadingFrom: file)
        defer { try? handle.close() }
        return [UInt8](try handle.read(upToCount: PhotoType.signatureLength) ?? Data())
    }
}
