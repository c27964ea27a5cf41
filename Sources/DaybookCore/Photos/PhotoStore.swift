import Foundation

/// Where photos are kept: their rows and their files, together.
public protocol PhotoStore: Sendable {
    /// Stores `photo`, moving the file at `file` in as its original. The row and the file appear together or
    /// not at all: on any failure `file` is removed and nothing is stored.
    func addPhoto(_ photo: Photo, movingFileAt file: URL) async throws
    /// The photo with `id`, or `nil`.
    func photo(id: String) async throws -> Photo?
    /// The stored photos among `ids`, in one read; ids that name no photo are left out.
    func photos(ids: [String]) async throws -> [Photo]
    /// Removes the photo's row and its original; `false` when there was no such photo.
    func deletePhoto(id: String) async throws -> Bool
    /// Where the original of photo `id` lives.
    func originalFile(id: String) -> URL
    /// A folder on the same volume as the originals, for uploads on their way in.
    var incomingFolder: URL { get }
}

/// Reads and resizes images. Implemented with libvips; the rules around it stay in Core.
public protocol PhotoProcessor: Sendable {
    /// What the file's header says, without decoding a pixel.
    ///
    /// - Throws: `PhotoProcessingError` when the file is not a readable image.
    func header(of file: URL) async throws -> PhotoHeader
    /// The image decoded in full (so a broken or truncated file is refused), at most `width` pixels wide, upright,
    /// in sRGB and without metadata: JPEG, or WebP when it has transparency.
    func rendition(of file: URL, width: Int) async throws -> PhotoRendition
}

/// Why an image could not be read; the detail is libvips' own, for logs.
public enum PhotoProcessingError: Error, Equatable, Sendable {
    case unreadable(String)
    /// The image library itself is missing.
    case unavailable(String)
}

/// An image header: size as stored, orientation, and what EXIF says about time and place.
public struct PhotoHeader: Equatable, Sendable {
    public var storedWidth: Int
    public var storedHeight: Int
    /// EXIF orientation 1–8; 5–8 turn the picture a quarter.
    public var orientation: Int
    public var hasAlpha: Bool
    /// The decoder that read it (`jpegload`, `pngload`, `webpload`, `heifload`).
    public var loader: String
    /// For a HEIF file: `hevc` or `av1`.
    public var heifCompression: String?
    public var takenAt: String?
    public var latitude: Double?
    public var longitude: Double?

    public init(
        storedWidth: Int, storedHeight: Int, orientation: Int = 1, hasAlpha: Bool = false, loader: String,
        heifCompression: String? = nil, takenAt: String? = nil, latitude: Double? = nil, longitude: Double? = nil
    ) {
        self.storedWidth = storedWidth
        self.storedHeight = storedHeight
        self.orientation = orientation
        self.hasAlpha = hasAlpha
        self.loader = loader
        self.heifCompression = heifCompression
        self.takenAt = takenAt
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Width and height as shown, with the orientation applied.
    public var uprightSize: (width: Int, height: Int) {
        (5...8).contains(orientation) ? (storedHeight, storedWidth) : (storedWidth, storedHeight)
    }
}

/// Downsized photos kept on disk, made on first request.
public protocol PhotoRenditionStore: Sendable {
    /// The rendition of photo `id` at `width`, made from `original` unless it is kept already.
    ///
    /// - Throws: `PhotoProcessingError` when the original cannot be decoded.
    func rendition(id: String, width: Int, original: URL) async throws -> PhotoRenditionFile
    /// Keeps a rendition made elsewhere (the one made while checking an upload).
    func store(_ rendition: PhotoRendition, id: String, width: Int) throws
    /// Removes every rendition of photo `id`.
    func remove(id: String)
}

/// A rendition on disk.
public struct PhotoRenditionFile: Sendable {
    public var file: URL
    public var type: RenditionType

    public init(file: URL, type: RenditionType) {
        self.file = file
        self.type = type
    }
}

/// An encoded, downsized picture.
public struct PhotoRendition: Sendable {
    public var data: Data
    public var type: RenditionType

    public init(data: Data, type: RenditionType) {
        self.data = data
        self.type = type
    }
}

/// How renditions are encoded: JPEG for opaque pictures, WebP to keep transparency.
public enum RenditionType: String, Sendable, CaseIterable {
    case jpeg
    case webp

    public var mediaType: String { self == .jpeg ? "image/jpeg" : "image/webp" }
}
