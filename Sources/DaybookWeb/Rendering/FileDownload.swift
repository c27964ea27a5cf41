import Foundation
import Hummingbird

/// A file sent as a download in 256 KiB pieces, never whole in memory.
enum FileDownload {
    /// - Parameter removingAfter: delete the file once it is sent (a temporary export).
    static func response(_ file: URL, type: String, name: String, removingAfter: Bool = false) -> Response {
        let body = ResponseBody { writer in
            defer { if removingAfter { try? FileManager.default.removeItem(at: file) } }
            let handle = try FileHandle(forReadingFrom: file)
            defer { try? handle.close() }
            while let piece = try handle.read(upToCount: 256 * 1024), !piece.isEmpty {
                try await writer.write(ByteBuffer(bytes: piece))
            }
            try await writer.finish(nil)
        }
        return Response(
            status: .ok,
            headers: [
                .contentType: type, .contentDisposition: "attachment; filename=\"\(name)\"", .cacheControl: "no-store",
            ], body: body)
    }
}
