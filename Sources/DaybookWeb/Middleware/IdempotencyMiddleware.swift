import DaybookCore
import DaybookDataFolder
import DaybookStore
import Foundation
import HTTPTypes
import Hummingbird

/// Makes writes that carry an `Idempotency-Key` happen exactly once: a repeat gets the first answer, the same
/// key with another request is refused (422), and a key whose request is still being handled is refused (409).
///
/// The key is recorded by the store in the same transaction as the write it guards (`IdempotencyClaim`), and only
/// when that transaction changed something, so a server stopped between commit and answer still knows the write
/// was made; the answer is kept just after, a refusal as much as a success. A request refused before it changed
/// anything records no key: sent again, it is handled again and refused again.
struct IdempotencyMiddleware: RouterMiddleware {
    typealias Context = DaybookRequestContext
    static let header = HTTPField.Name("Idempotency-Key")!
    /// Set on an answer that repeats an earlier one: `true`, or `committed` when only the write was kept.
    static let replayedHeader = HTTPField.Name("Idempotent-Replayed")!
    let services: AppServices
    private let inFlight = Locked<Set<String>>([])

    init(services: AppServices) {
        self.services = services
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        // API writes, and the form posts a device replays from its outbox.
        guard let key = request.headers[Self.header], [.post, .put, .patch, .delete].contains(request.method) else {
            return try await next(request, context)
        }
        guard Self.isValid(key) else { return try refuse(.badRequest, "idempotencyKeyInvalid", context) }
        let claimed = inFlight.withLock { keys in keys.insert(key).inserted }
        guard claimed else { return try refuse(.conflict, "idempotencyKeyInFlight", context) }
        defer { _ = inFlight.withLock { keys in keys.remove(key) } }

        let database = try await services.database()
        let target = request.uri.query.map { "\(request.uri.path)?\($0)" } ?? request.uri.path
        if let record = try await database.idempotencyRecord(key: key) {
            let digest = try await Self.digest(of: request.body)
            guard record.method == request.method.rawValue, record.path == target, record.digest == digest else {
                return try refuse(.unprocessableContent, "idempotencyKeyReused", context)
            }
            return Self.replay(record.answer)
        }

        var request = request
        let digest = BodyDigest()
        if Self.isStreamed(request) {
            // Uploads are hashed as the route reads them; it reads them whole before it writes.
            request.body = RequestBody(asyncSequence: request.body.map { buffer in digest.update(buffer) })
        } else {
            _ = digest.update(try await request.collectBody(upTo: Limits.markdownBody))
        }
        let claim = IdempotencyClaim(
            key: key, method: request.method.rawValue, path: target, createdAt: services.clock.now(),
            digest: { digest.finish() })
        let prepared = request
        let response: Response
        do {
            response = try await IdempotencyClaim.$current.withValue(claim) { try await next(prepared, context) }
        } catch {
            // A write that committed and was then refused: the refusal is what the key answered, and a repeat
            // gets it again. An error that is no refusal of the request's keeps nothing: a repeat then says the
            // write was made, which it was.
            guard try await database.idempotencyRecord(key: key) != nil else { throw error }
            let refusal = ErrorAnswer(services: services).response(error, request: prepared, context: context)
            guard (400..<500).contains(refusal.status.code) else { throw error }
            response = refusal
        }
        guard try await database.idempotencyRecord(key: key) != nil else { return response }
        // The write committed: keep its answer for the repeats.
        let body = try await Self.collect(response.body)
        try await database.keepAnswer(
            .init(
                status: response.status.code, contentType: response.headers[.contentType],
                location: response.headers[.location], body: Data(body.readableBytesView)),
            key: key)
        var kept = response
        kept.body = ResponseBody(byteBuffer: body)
        return kept
    }

    /// Whether the body is an upload (a photo, an archive) rather than JSON or a form.
    static func isStreamed(_ request: Request) -> Bool {
        guard let type = request.headers[.contentType]?.lowercased() else { return false }
        return !type.hasPrefix("application/json") && !type.hasPrefix("application/x-www-form-urlencoded")
    }

    /// 1–255 visible ASCII characters, as the header draft's examples are.
    static func isValid(_ key: String) -> Bool {
        (1...255).contains(key.utf8.count) && key.utf8.allSatisfy { (0x21...0x7e).contains($0) }
    }

    private static func replay(_ answer: IdempotencyRecord.Answer?) -> Response {
        guard let answer else {
            // The write committed before the server stopped, and its answer was lost with it.
            return Response(status: .noContent, headers: [replayedHeader: "committed", .cacheControl: "no-store"])
        }
        var headers: HTTPFields = [replayedHeader: "true", .cacheControl: "no-store"]
        if let type = answer.contentType { headers[.contentType] = type }
        if let location = answer.location { headers[.location] = location }
        return Response(
            status: HTTPResponse.Status(code: answer.status), headers: headers,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: answer.body)))
    }

    private func refuse(_ status: HTTPResponse.Status, _ code: String, _ context: Context) throws -> Response {
        let localizer = try context.localizer
        return APIError.response(status: status, code: code, message: localizer("api.error.\(code)"))
    }

    /// The digest of a body read to its end (a repeat's body is read only to compare it).
    static func digest(of body: RequestBody) async throws -> String {
        let digest = BodyDigest()
        var size = 0
        for try await buffer in body {
            size += buffer.readableBytes
            guard size <= Photo.Limits.bytes + Limits.jsonBody else { throw HTTPError(.contentTooLarge) }
            _ = digest.update(buffer)
        }
        return digest.finish()
    }

    private static func collect(_ body: ResponseBody) async throws -> ByteBuffer {
        let collector = Collector()
        try await body.write(CollectingWriter(collector: collector))
        return collector.buffer.withLock { $0 }
    }
}

/// SHA-256 of a body as it streams past.
final class BodyDigest: Sendable {
    private let state = Locked(FileDigest())

    func update(_ buffer: ByteBuffer) -> ByteBuffer {
        buffer.withUnsafeReadableBytes { bytes in state.withLock { $0.update(bytes) } }
        return buffer
    }

    func finish() -> String {
        state.withLock { $0.hex() }
    }
}

private final class Collector: Sendable {
    let buffer = Locked(ByteBuffer())
}

private struct CollectingWriter: ResponseBodyWriter {
    let collector: Collector

    mutating func write(_ buffer: ByteBuffer) async throws {
        var buffer = buffer
        _ = collector.buffer.withLock { $0.writeBuffer(&buffer) }
    }

    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
