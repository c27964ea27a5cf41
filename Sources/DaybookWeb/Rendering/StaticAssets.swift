import Crypto
import Foundation
import Hummingbird

/// The files under `Resources/Public`, read once at start-up and served from memory.
public struct StaticAssets: Sendable {
    struct Asset: Sendable {
        var body: ByteBuffer
        var contentType: String
        var etag: String
    }

    private let assets: [String: Asset]
    /// A short digest of every asset: part of asset URLs so browsers and the service worker fetch new files.
    public let version: String

    /// - Throws: when the resource folder cannot be read.
    public init(folder: URL) throws {
        var assets: [String: Asset] = [:]
        var digest = SHA256()
        let root = folder.standardizedFileURL.path
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        let files = (enumerator?.allObjects as? [URL] ?? []).filter {
            (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
        }.sorted { $0.path < $1.path }
        for file in files {
            let relative = String(file.standardizedFileURL.path.dropFirst(root.count))
            guard !relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) else { continue }
            let data = try Data(contentsOf: file)
            digest.update(data: Data(relative.utf8))
            digest.update(data: data)
            let etag = "\"" + SHA256.hash(data: data).prefix(8).map { String(format: "%02x", $0) }.joined() + "\""
            assets[relative] = Asset(
                body: ByteBuffer(bytes: data), contentType: Self.contentType(for: file.pathExtension), etag: etag)
        }
        self.assets = assets
        self.version = digest.finalize().prefix(5).map { String(format: "%02x", $0) }.joined()
    }

    /// The asset at a path below the public folder, such as `/css/app.css`.
    func asset(at path: String) -> Asset? { assets[path] }

    /// The text of an asset, for files that are filled in before serving (the service worker).
    func text(at path: String) -> String? {
        assets[path].map { String(buffer: $0.body) }
    }

    static func contentType(for fileExtension: String) -> String {
        switch fileExtension {
        case "css": "text/css; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        case "json": "application/json"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "webmanifest": "application/manifest+json"
        case "txt": "text/plain; charset=utf-8"
        default: "application/octet-stream"
        }
    }
}
