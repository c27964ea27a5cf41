import DaybookCore
import DaybookMedia
import Foundation
import Hummingbird

/// `/sounds/NAME.wav`: the ambient loops, made by our own synthesis once and cached on disk.
struct SoundRoutes {
    let services: AppServices

    func register(on router: Router<DaybookRequestContext>) {
        router.get("/sounds/{file}") { request, context in
            let file = try context.parameters.require("file")
            guard file.hasSuffix(".wav"), let sound = AmbientSound(rawValue: String(file.dropLast(4))),
                sound != .none
            else { throw HTTPError(.notFound) }
            let library = services.sounds
            let etag = "\"\(library.fileName(for: sound))\""
            if request.headers[.ifNoneMatch] == etag {
                return Response(status: .notModified, headers: [.eTag: etag])
            }
            // Synthesis takes a moment the first time: keep it off the event loop.
            let data = try await Task.detached { try library.data(for: sound) }.value
            return Response(
                status: .ok,
                headers: [
                    .contentType: "audio/wav", .eTag: etag, .cacheControl: "public, max-age=86400",
                    .contentLength: String(data.count),
                ],
                body: .init(byteBuffer: ByteBuffer(bytes: data)))
        }
    }
}
