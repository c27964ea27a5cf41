import DaybookCore
import HTTPTypes
import Hummingbird

/// Refuses an address whose query carries a control character (NUL, a line break, DEL, …) in a name or a value:
/// no search, tag, date or cursor has one, and past this point none needs to be ready for it.
struct QueryCheckMiddleware: RouterMiddleware {
    typealias Context = DaybookRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        if let name = Self.firstControlled(in: request.uri.queryParameters) {
            throw QueryCheck.Problem.controlCharacter(parameter: name)
        }
        return try await next(request, context)
    }

    /// The name of the first parameter whose name or value holds a control character, or `nil`.
    static func firstControlled(in parameters: Parameters) -> String? {
        // Values arrive percent-decoded, names as they were sent.
        for (sent, value) in parameters {
            let name = String(sent).removingPercentEncoding ?? String(sent)
            if hasControl(name[...]) || hasControl(value) {
                return String(name.unicodeScalars.filter { !isControl($0) })
            }
        }
        return nil
    }

    static func hasControl(_ text: Substring) -> Bool {
        text.unicodeScalars.contains(where: isControl)
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}

/// The checks every query string passes before a route reads it.
enum QueryCheck {}

extension QueryCheck {
    /// A query the server will not read.
    enum Problem: SceneProblem, Equatable {
        case controlCharacter(parameter: String)

        var status: HTTPResponse.Status { .badRequest }
        var code: String { "controlCharacterInQuery" }

        func message(_ localizer: Localizer) -> String {
            switch self {
            case .controlCharacter(let parameter): localizer("error.query.controlCharacter", parameter)
            }
        }
    }
}
