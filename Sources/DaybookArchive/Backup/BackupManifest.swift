import Foundation

/// The first file of every backup: what made it, when, and how much follows.
public struct BackupManifest: Codable, Equatable, Sendable {
    public static let formatName = "daybook-backup"
    /// Raised when a change to the archive's layout would mislead an older Daybook.
    public static let currentVersion = 1

    public var format: String
    public var version: Int
    public var createdAt: Date
    /// The database migrations the snapshot has, oldest first: a restore refuses a schema it does not know.
    public var migrations: [String]
    /// Files after the manifest, and their bytes.
    public var files: Int
    public var bytes: Int64
    /// Photos whose originals were missing when the backup was made (their rows are kept).
    public var missingPhotos: [String]

    public init(createdAt: Date, migrations: [String], files: Int, bytes: Int64, missingPhotos: [String] = []) {
        format = Self.formatName
        version = Self.currentVersion
        self.createdAt = createdAt
        self.migrations = migrations
        self.files = files
        self.bytes = bytes
        self.missingPhotos = missingPhotos
    }

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()

    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()
}
