import Foundation

/// A picture stored apart from entries: a file named by its id in the data folder's `photos/`, and this row.
public struct Photo: Equatable, Sendable, Codable {
    /// A lowercase UUID, which also names the file.
    public var id: String
    public var type: PhotoType
    /// Pixel size as the photo is shown, with its EXIF orientation applied.
    public var width: Int
    public var height: Int
    /// The size of the stored file.
    public var bytes: Int
    /// When it was taken, as the camera recorded it: `2024-05-01T10:20:30`, with `+09:00` when the file says.
    public var takenAt: String?
    public var latitude: Double?
    public var longitude: Double?
    public var createdAt: Date
    /// The SHA-256 of the stored file, in lowercase hex, taken as its bytes were written; `nil` for a photo stored
    /// before Daybook kept it, until `daybook check` first reads the file.
    public var sha256: String?

    public init(
        id: String, type: PhotoType, width: Int, height: Int, bytes: Int, takenAt: String? = nil,
        latitude: Double? = nil, longitude: Double? = nil, createdAt: Date, sha256: String? = nil
    ) {
        self.id = id
        self.type = type
        self.width = width
        self.height = height
        self.bytes = bytes
        self.takenAt = takenAt
        self.latitude = latitude
        self.longitude = longitude
        self.createdAt = createdAt
        self.sha256 = sha256
    }

    /// Whether `text` is a photo id: a UUID in its lowercase form. Anything else names no photo, so no path made
    /// from it ever reaches the file system.
    public static func isValidID(_ text: some StringProtocol) -> Bool {
        guard text.utf8.count == 36, let uuid = UUID(uuidString: String(text)) else { return false }
        return uuid.uuidString.lowercased() == text
    }

    /// Explicit limits, shown to people when they are crossed.
    public enum Limits {
        /// The largest file accepted: 25 MiB, more than any phone's photo.
        public static let bytes = 25 * 1024 * 1024
        /// The most pixels a photo may claim (100 megapixels); the header is checked before any pixel is decoded.
        public static let pixels = 100_000_000
        /// The longest side, in pixels.
        public static let side = 32_767
    }
}

/// The image formats Daybook keeps, told apart by their first bytes.
public enum PhotoType: String, Codable, Sendable, CaseIterable {
    case jpeg = "image/jpeg"
    case png = "image/png"
    case webp = "image/webp"
    case heic = "image/heic"
    case heif = "image/heif"

    /// The file extension an export names the original with.
    public var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        case .png: "png"
        case .webp: "webp"
        case .heic: "heic"
        case .heif: "heif"
        }
    }

    /// The format whose signature starts `bytes` (at least the first 32 bytes of the file), or `nil` for
    /// anything else: GIF, SVG, AVIF, text, a name that lies.
    public static func sniff(_ bytes: [UInt8]) -> PhotoType? {
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
            return .webp
        }
        return heifBrand(bytes)
    }

    /// An ISO base media file (`ftyp` box) whose brands say HEIF with HEVC pictures; AVIF is left out.
    private static func heifBrand(_ bytes: [UInt8]) -> PhotoType? {
        guard bytes.count >= 16, Array(bytes[4..<8]) == Array("ftyp".utf8) else { return nil }
        let size = bytes[0..<4].reduce(0) { $0 << 8 | Int($1) }
        guard size >= 16, size % 4 == 0 else { return nil }
        let end = min(size, bytes.count)
        let major = String(decoding: bytes[8..<12], as: UTF8.self)
        let compatible = stride(from: 16, to: end - 3, by: 4).map {
            String(decoding: bytes[$0..<$0 + 4], as: UTF8.self)
        }
        let brands = Set([major] + compatible)
        let hevc: Set = ["heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs"]
        if brands.contains("avif") || brands.contains("avis") { return nil }
        if !brands.isDisjoint(with: hevc) { return .heic }
        if !brands.isDisjoint(with: ["mif1", "msf1", "heif"]) { return .heif }
        return nil
    }

    /// How many leading bytes `sniff` needs to see.
    public static let signatureLength = 64
}
