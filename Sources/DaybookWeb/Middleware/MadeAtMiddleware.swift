import DaybookCore
import Foundation
import HTTPTypes
import Hummingbird

/// `Daybook-Made-At`: when the person made a change that reaches the server later. A device's outbox sends it
/// with every change it kept while the server could not be reached, so that of two changes to the same tracker
/// value or Daily Log field the one made later wins, whichever arrives last. An RFC 3339 time, with or without
/// fractions of a second; a time after now counts as now.
enum MadeAt {
    static let header = HTTPField.Name("Daybook-Made-At")!

    /// When the request's change was made; `nil` for a change made as it is sent.
    static func of(_ request: Request) -> Date? {
        request.headers[header].flatMap(parse)
    }

    static func parse(_ text: String) -> Date? {
        guard text.count <= 40 else { return nil }
        let fractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        return (try? Date(text, strategy: fractional)) ?? (try? Date(text, strategy: .iso8601))
    }
}

/// Refuses a `Daybook-Made-At` that is not a time (400), before anything is written.
struct MadeAtMiddleware: RouterMiddleware {
    typealias Context = DaybookRequestContext
    let services: AppServices

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        guard let text = request.headers[MadeAt.header], MadeAt.parse(text) == nil else {
            return try await next(request, context)
        }
        let localizer = try await services.ownerLocalizer(try await services.database(), request: request)
        return APIError.response(
            status: .badRequest, code: "invalidMadeAt", message: localizer("api.error.invalidMadeAt"))
    }
}
