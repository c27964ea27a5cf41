import DaybookCore
import DaybookDataFolder
import DaybookFeatures
import Foundation
import HTTPTypes
import Hummingbird

/// `/api/v1/photos`: uploads (the raw bytes of one image as the body) and their metadata; `PUT /api/v1/photos/ID`:
/// an upload under an id the device chose, so an entry written offline can name it; `/photos/ID?w=N`: the photo
/// downsampled to the width a page shows, cached on disk and in the browser.
struct PhotoRoutes {
    let services: AppServices

    func register(on router: Router<DaybookRequestContext>) {
        router.post("/api/v1/photos") { request, context in
            let interactor = try context.env.photos
            let file = try interactor.newUploadFile()
            let sha256 = try await Self.receive(request, into: file)
            let photo = try await interactor.add(upload: file, sha256: sha256)
            var response = try JSONResponse.make(PhotoPresenter.present(photo), status: .created)
            response.headers[.location] = "/api/v1/photos/\(photo.id)"
            return response
        }
        router.put("/api/v1/photos/{id}") { request, context in
            let id = try context.parameters.require("id")
            guard Photo.isValidID(id) else { throw Photos.Problem.invalidID }
            let interactor = try context.env.photos
            let file = try interactor.newUploadFile()
            let sha256 = try await Self.receive(request, into: file)
            let (photo, created) = try await interactor.put(upload: file, id: id, sha256: sha256)
            var response = try JSONResponse.make(PhotoPresenter.present(photo), status: created ? .created : .ok)
            response.headers[.location] = "/api/v1/photos/\(photo.id)"
            return response
        }
        router.get("/api/v1/photos/{id}") { request, context in
            let id = try context.parameters.require("id")
            return try JSONResponse.make(PhotoPresenter.present(try await context.env.photos.photo(id: id)))
        }
        router.delete("/api/v1/photos/{id}") { request, context in
            let id = try context.parameters.require("id")
            try await context.env.photos.delete(id: id)
            return Response(status: .noContent)
        }
        router.get("/photos/{id}") { request, context in
            let id = try context.parameters.require("id")
            let width = request.uri.queryParameters["w"].map(String.init)
            let rendition = try await context.env.photos.rendition(id: id, width: width)
            var headers: HTTPFields = [
                .cacheControl: "private, max-age=31536000, immutable", .eTag: rendition.etag,
            ]
            if request.headers[.ifNoneMatch].map({ Self.matches($0, rendition.etag) }) == true {
                return Response(status: .notModified, headers: headers)
            }
            let data = try Data(contentsOf: rendition.file)
            headers[.contentType] = rendition.mediaType
            headers[.contentLength] = String(data.count)
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
        }
    }

    /// Streams a request's body into `file`, never holding it whole, and makes it durable; past `limit` bytes, on a
    /// full disk (`DiskFull`) or a cut connection it stops and removes what came.
    /// - Returns: the SHA-256 of the bytes written (lowercase hex), taken as they passed.
    static func receive(
        _ request: Request, into file: URL, limit: Int = Photo.Limits.bytes,
        tooLarge: any Error = Photos.Problem.tooLarge
    ) async throws -> String {
        var digest: FileDigest? = FileDigest()
        try await stream(request, into: file, limit: limit, tooLarge: tooLarge, digest: &digest, durable: true)
        return digest?.hex() ?? ""
    }

    /// Streams a request's body into `file` as `receive` does, for a file read once and removed when the request
    /// ends (an import's upload): nothing will name it, so its bytes are neither hashed nor made durable.
    /// - Parameter write: writes each piece into the file (or, for some of its bytes, elsewhere).
    static func receiveScratch(
        _ request: Request, into file: URL, limit: Int, tooLarge: any Error,
        write: (FileHandle, UnsafeRawBufferPointer) throws -> Void = { try $0.write(contentsOf: $1) }
    ) async throws {
        var digest: FileDigest?
        try await stream(
            request, into: file, limit: limit, tooLarge: tooLarge, digest: &digest, durable: false, write: write)
    }

    private static func stream(
        _ request: Request, into file: URL, limit: Int, tooLarge: any Error, digest: inout FileDigest?, durable: Bool,
        write: (FileHandle, UnsafeRawBufferPointer) throws -> Void = { try $0.write(contentsOf: $1) }
    ) async throws {
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > limit {
            throw tooLarge
        }
        guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown)
        }
        do {
            let handle = try FileHandle(forWritingTo: file)
            defer { try? handle.close() }
            var count = 0
            for try await buffer in request.body {
                count += buffer.readableBytes
                guard count <= limit else { throw tooLarge }
                try buffer.withUnsafeReadableBytes { bytes in
                    try write(handle, bytes)
                    digest?.update(bytes)
                }
            }
            // The row that will name this file must never outlive a power cut that its bytes did not.
            if durable { try handle.synchronize() }
        } catch {
            try? FileManager.default.removeItem(at: file)
            throw DiskFull.cause(of: error) ?? error
        }
    }

    /// `If-None-Match` holds `etag` (or `*`).
    static func matches(_ header: String, _ etag: String) -> Bool {
        header.split(separator: ",").contains { part in
            let tag = part.trimmingCharacters(in: .whitespaces)
            return tag == "*" || tag == etag || tag == "W/" + etag
        }
    }
}
