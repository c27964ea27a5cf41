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
            return try JSONDecoder().decode(Body.self, from: withoutNUL(Data(buffer.readableBytesView)))
        } catch {
            throw HTTPError(.badRequest, message: "The body must be a JSON object with the documented fields.")
        }
    }

    /// The JSON with every `\u0000` escape taken out of its strings.
    ///
    /// Text is kept in SQLite, whose C strings end at a NUL: a NUL stored inside a title or a tag would cut it
    /// short when read back. Nobody types one, so it is dropped on the way in, like the form fields' (`FormData`).
    static func withoutNUL(_ json: Data) -> Data {
        let escape = Array(#"\u0000"#.utf8)
        guard json.firstRange(of: escape[1...]) != nil else { return json }
        var result = Data()
        result.reserveCapacity(json.count)
        let bytes = Array(json)
        var index = 0
        var inString = false
        while index < bytes.count {
            let byte = bytes[index]
            if inString, byte == UInt8(ascii: "\\") {
                if bytes[index...].starts(with: escape) {
                    index += escape.count
                    continue
                }
                // Any other escape is copied as it is; its second byte (`\"` too) never ends the string.
                result.append(contentsOf: bytes[index..<min(index + 2, bytes.count)])
                index += 2
                continue
            }
            if byte == UInt8(ascii: "\"") { inString.toggle() }
            result.append(byte)
            index += 1
        }
        return result
    }
}
