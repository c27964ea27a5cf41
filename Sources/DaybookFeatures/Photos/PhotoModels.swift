import DaybookCore
import Foundation

public enum Photos {
    /// Why a photo request was refused; nothing was stored.
    public enum Problem: Error, Equatable, Sendable {
        /// Over `Photo.Limits.bytes`.
        case tooLarge
        /// Not JPEG, PNG, WebP or HEIC by its bytes, whatever its name or declared type.
        case unsupportedType
        /// A header claiming more pixels than `Photo.Limits` allow (a decompression bomb, or a giant).
        case tooManyPixels(width: Int, height: Int)
        /// Broken or truncated: the header or the pixels could not be decoded.
        case unreadable
        case unknownPhoto
        /// `?w=` that is not a width in pixels.
        case invalidWidth
        /// An id a device chose that is not a lowercase UUID.
        case invalidID
        /// An id a device chose that another photo (other bytes) already has.
        case idTaken
    }

    /// A photo as the API shows it.
    public struct ViewModel: Sendable, Encodable, Equatable {
        public var id: String
        public var type: String
        public var width: Int
        public var height: Int
        public var bytes: Int
        public var takenAt: String?
        public var latitude: Double?
        public var longitude: Double?
        /// Where the photo is served downsampled; add `?w=` with the width it is shown at.
        public var url: String

        // Fields without a value are sent as `null`, so every photo has the same keys.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(type, forKey: .type)
            try container.encode(width, forKey: .width)
            try container.encode(height, forKey: .height)
            try container.encode(bytes, forKey: .bytes)
            try container.encode(takenAt, forKey: .takenAt)
            try container.encode(latitude, forKey: .latitude)
            try container.encode(longitude, forKey: .longitude)
            try container.encode(url, forKey: .url)
        }

        enum CodingKeys: String, CodingKey {
            case id, type, width, height, bytes, takenAt, latitude, longitude, url
        }
    }

    /// A downsized photo ready to send.
    public struct Rendition: Sendable {
        public var file: URL
        public var mediaType: String
        /// Changes only when the picture could: a photo's id is never reused and its file never changes.
        public var etag: String
    }
}
