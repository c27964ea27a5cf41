import Crypto
import DaybookCore
import Foundation
import Hummingbird

/// The files under `Resources/Public`, served from memory once asked for.
///
/// Every file is read at start-up for the version digest, but a file's bytes are kept only from its first
/// request on: an idle server does not hold the world map or the OpenAPI document (half a megabyte) until a
/// page or a client asks for them.
public struct StaticAssets: Sendable {
    struct Asset: Sendable {
        var body: ByteBuffer
        var contentType: String
        var etag: String
    }

    /// Paths below the public folder, such as `/css/app.css`, and their files.
    private let files: [String: URL]
    private let kept = Locked<[String: Asset]>([:])
    /// A short digest of every asset: part of asset URLs so browsers and the service worker fetch new files.
    public let version: String

    /// - Throws: when the resource folder cannot be read.
    public init(folder: URL) throws {
        var files: [String: URL] = [:]
        var digest = SHA256()
        let root = folder.standardizedFileURL.path
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        let found = (enumerator?.allObjects as? [URL] ?? []).filter {
            (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
        }.sorted { $0.path < $1.path }
        for file in found {
            let relative = String(file.standardizedFileURL.path.dropFirst(root.count))
            guard !relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) else { continue }
            digest.update(data: Data(relative.utf8))
            digest.update(data: try Data(contentsOf: file))
            files[relative] = file
        }
        self.files = files
        self.version = digest.finalize().prefix(5).map { String(format: "%02x", $0) }.joined()
    }

    /// The asset at a path below the public folder, such as `/css/app.css`; read on its first request.
    func asset(at path: String) -> Asset? {
        guard let file = files[path] else { return nil }
        if let asset = kept.withLock({ $0[path] }) { return asset }
        guard let data = try? Data(contentsOf: file) else { return nil }
        let etag = "\"" + SHA256.hash(data: data).prefix(8).map { String(format: "%02x", $0) }.joined() + "\""
        let asset = Asset(
            body: ByteBuffer(bytes: data), contentType: Self.contentType(for: file.pathExtension), etag: etag)
        kept.withLock { $0[path] = asset }
        return asset
    }

    /// The text of an asset, for files that are filled in before serving (the service worker).
    func text(at path: String) -> String? {
        asset(at: path).map { String(buffer: $0.body) }
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
