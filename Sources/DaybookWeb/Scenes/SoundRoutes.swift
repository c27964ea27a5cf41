import DaybookCore
import DaybookMedia
import Foundation
import Hummingbird

/// `/sounds/NAME.wav`: the ambient loops, made by our own synthesis once and cached on disk, whole or by byte range.
struct SoundRoutes {
    let services: AppServices

    func register(on router: Router<DaybookRequestContext>) {
        router.get("/sounds/{file}") { request, context in
            let file = try context.parameters.require("file")
            guard file.hasSuffix(".wav"), let sound = AmbientSound(rawValue: String(file.dropLast(4))),
                sound != .none
            else { throw Assets.Problem.notFound }
            let library = services.sounds
            let etag = "\"\(library.fileName(for: sound))\""
            if request.headers[.ifNoneMatch] == etag {
                return Response(status: .notModified, headers: [.eTag: etag])
            }
            // Synthesis takes a moment the first time: keep it off the event loop.
            let data = try await Task.detached { try library.data(for: sound) }.value
            var headers: HTTPFields = [
                .contentType: "audio/wav", .eTag: etag, .cacheControl: "public, max-age=86400", .acceptRanges: "bytes",
            ]
            // A media element asks for ranges (Safari plays nothing from a server that ignores them).
            let sameFile = request.headers[.ifRange].map { $0 == etag } ?? true
            let asked = sameFile ? request.headers[.range] : nil
            switch ByteRange.parse(asked, length: data.count) {
            case .whole:
                headers[.contentLength] = String(data.count)
                return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
            case .part(let range):
                headers[.contentRange] = "bytes \(range.lower)-\(range.upper)/\(data.count)"
                headers[.contentLength] = String(range.count)
                let bytes = data[data.startIndex + range.lower...data.startIndex + range.upper]
                return Response(
                    status: .partialContent, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
            case .unsatisfiable:
                return Response(
                    status: .rangeNotSatisfiable,
                    headers: [.contentRange: "bytes */\(data.count)", .acceptRanges: "bytes"])
            }
        }
    }
}
