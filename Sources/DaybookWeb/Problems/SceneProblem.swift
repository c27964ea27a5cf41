import DaybookCore
import HTTPTypes
import Hummingbird

/// A scene's refusal as HTTP answers it: one status and one code, the same on its pages and in the API, and the
/// reason in the person's language. A route lets it be thrown; `ResponseGuardMiddleware` answers it as the API's
/// error body (`APIError`) to a request that wants JSON, and as the error page saying why to one that wants a page.
protocol SceneProblem: Error {
    var status: HTTPResponse.Status { get }
    var code: String { get }
    /// The reason, in the language `localizer` speaks (the scene's presenter says it).
    func message(_ localizer: Localizer) -> String
    /// Each refused field with its reason, for a refusal of several fields at once.
    func fields(_ localizer: Localizer) -> [String: String]?
    /// Headers the refusal carries (a 401's `WWW-Authenticate`).
    var headers: HTTPFields { get }
}

extension SceneProblem {
    func fields(_ localizer: Localizer) -> [String: String]? { nil }
    var headers: HTTPFields { [:] }

    /// The API's error body for this problem.
    func apiResponse(_ localizer: Localizer) -> Response {
        APIError.response(status: status, code: code, message: message(localizer), fields: fields(localizer))
    }
}

extension Request {
    /// An API request, or a script's that asks for JSON: its errors are answered as the API's error body.
    var wantsJSON: Bool {
        RouteKind.of(uri.path) == .api || headers[.accept]?.contains("application/json") == true
    }
}
