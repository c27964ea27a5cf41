import HTTPTypes
import Hummingbird

/// A refusal whose reason is already in the person's language; the error page (or API error) shows it.
struct PageProblem: HTTPResponseError {
    let status: HTTPResponse.Status
    let message: String

    init(_ status: HTTPResponse.Status, _ message: String) {
        self.status = status
        self.message = message
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        Response(status: status)
    }
}
