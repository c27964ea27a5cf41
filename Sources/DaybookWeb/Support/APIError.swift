import DaybookCore
import DaybookFeatures
import Foundation
import HTTPTypes
import Hummingbird

/// The JSON body of every API error: `{"error": {"code": …, "message": …, "fields": {…}}}`.
enum APIError {
    struct Body: Encodable {
        var error: Detail
    }

    struct Detail: Encodable {
        var code: String
        var message: String
        var fields: [String: String]?
    }

    static func response(
        status: HTTPResponse.Status, code: String, message: String, fields: [String: String]? = nil,
        headers: HTTPFields = [:]
    ) -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = (try? encoder.encode(Body(error: Detail(code: code, message: message, fields: fields)))) ?? Data()
        var fields = headers
        fields[.contentType] = "application/json; charset=utf-8"
        fields[.cacheControl] = "no-store"
        return Response(status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// A refusal naming each wrong field with its reason; the message is that reason when there is one field, a
    /// count of them when there are more.
    static func refused(
        _ fields: [String: String], code: String, status: HTTPResponse.Status = .unprocessableContent,
        localizer: Localizer
    ) -> Response {
        response(
            status: status, code: code,
            message: fields.count == 1
                ? fields.values.first! : FieldProblemPresenter.summary(count: fields.count, localizer: localizer),
            fields: fields)
    }
}

/// JSON responses for the API.
enum JSONResponse {
    static func make(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        make(body: try encode(value), status: status)
    }

    static func encode(_ value: some Encodable) throws -> ByteBuffer {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        return ByteBuffer(bytes: try encoder.encode(value))
    }

    static func make(body: ByteBuffer, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status,
            headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: body))
    }
}
