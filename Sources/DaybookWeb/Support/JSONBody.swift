import Foundation
import Hummingbird

/// Reads small JSON request bodies, within the explicit limit.
enum JSONBody {
    /// The body decoded as `Body`, or `nil` when it is empty (where every field is optional).
    ///
    /// - Throws: 413 past `limit`, 400 when the body is not the documented JSON.
    static func decode<Body: Decodable>(
        _ type: Body.Type, from request: Request, upTo limit: Int = Limits.jsonBody
    ) async throws -> Body? {
        var request = request
        let buffer: ByteBuffer
        do {
            buffer = try await request.collectBody(upTo: limit)
        } catch {
            throw HTTPError(.contentTooLarge, message: "The request body is larger than \(limit / 1024) KB.")
        }
        if buffer.readableBytes == 0 { return nil }
        do {
            return try JSONDecoder().decode(Body.self, from: Data(buffer.readableBytesView))
        } catch {
            throw HTTPError(.badRequest, message: "The body must be a JSON object with the documented fields.")
        }
    }
}
