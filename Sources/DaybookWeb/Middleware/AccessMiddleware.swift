import DaybookFeatures
import Hummingbird

/// On a server reachable from other machines: pages need a login session, the API a bearer token.
struct AccessMiddleware: RouterMiddleware {
    typealias Context = DaybookRequestContext
    static let sessionCookie = "daybook_session"
    let services: AppServices

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        let path = request.uri.path
        guard services.requiresLogin, !PublicPaths.isOpen(path) else { return try await next(request, context) }
        let access = services.accessInteractor(try await services.database())

        if path.hasPrefix("/api/") {
            let header = request.headers[.authorization] ?? ""
            guard header.hasPrefix("Bearer "), try await access.authorize(bearer: String(header.dropFirst(7))) else {
                throw HTTPError(
                    .unauthorized, headers: [.wwwAuthenticate: "Bearer realm=\"daybook\""],
                    message: "A valid API token is required. Create one in Settings → API tokens.")
            }
            return try await next(request, context)
        }

        if let session = request.cookies[Self.sessionCookie]?.value, try await access.isSignedIn(session: session) {
            return try await next(request, context)
        }
        if request.method == .get || request.method == .head {
            return Response.seeOther("/login?next=" + LoginRoutes.safeNext(request.uri.path))
        }
        throw HTTPError(.unauthorized, message: "Sign in first.")
    }
}
