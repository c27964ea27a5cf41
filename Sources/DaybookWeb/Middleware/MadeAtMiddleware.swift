import DaybookCore
import Foundation
import HTTPTypes
import Hummingbird

/// `Daybook-Made-At`: when the person made a change that reaches the server later. A device's outbox sends it
/// with every change it kept while the server could not be reached, so that of two changes to the same tracker
/// value or Daily Log field the one made later wins, whichever arrives last. An RFC 3339 time; a time after now
/// counts as now.
enum MadeAt {
    static let header = HTTPField.Name("Daybook-Made-At")!

    /// When the request's change was made; `nil` for a change made as it is sent.
    static func of(_ request: Request) -> Date? {
        request.headers[header].flatMap(parse)
    }

    /// An RFC 3339 date-time (`2026-11-25T08:14:00.250+09:00`; `T` and `Z` in either case, a leap second
    /// counts as the second before it); `nil` for anything else.
    static func parse(_ text: String) -> Date? {
        let pattern = #/(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?(?:([Zz])|([+-])(\d{2}):(\d{2}))/#
        guard text.utf8.count <= 40, let match = try? pattern.wholeMatch(in: text) else { return nil }
        let number = { (part: Substring) in Int(part) ?? -1 }
        var parts = DateComponents(
            calendar: calendar, timeZone: .gmt, year: number(match.1), month: number(match.2), day: number(match.3),
            hour: number(match.4), minute: number(match.5), second: min(number(match.6), 59))
        guard parts.isValidDate, let hour = parts.hour, hour < 24, let minute = parts.minute, minute < 60,
            number(match.6) <= 60
        else { return nil }
        if let sign = match.9 {
            let (hours, minutes) = (number(match.10!), number(match.11!))
            guard hours < 24, minutes < 60 else { return nil }
            let offset = (hours * 60 + minutes) * (sign == "-" ? 1 : -1)
            parts.minute = minute + offset
        }
        guard let date = calendar.date(from: parts) else { return nil }
        return date.addingTimeInterval(match.7.flatMap { Double("0\($0)") } ?? 0)
    }

    private static let calendar = Calendar(identifier: .gregorian)
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
        let localizer = try context.localizer
        return APIError.response(
            status: .badRequest, code: "invalidMadeAt", message: localizer("api.error.invalidMadeAt"))
    }
}
