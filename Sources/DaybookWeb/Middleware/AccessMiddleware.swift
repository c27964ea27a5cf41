import DaybookCore
import DaybookFeatures
import Hummingbird

/// On a server reachable from other machines: pages need a login session, the API a bearer token (or the
/// session of the page calling it).
///
/// A token that is presented is always checked, also on this computer: an unknown, revoked or expired one is
/// refused (`TokenAccess.Problem`, in the owner's language), and a scoped token reaches only what its table lists
/// (`WidgetAccess`, `ShortcutAccess`, `CalendarFeedAccess`). Widget addresses may carry their token
/// as `?token=`, for widget apps and dashboards that cannot send headers.
struct AccessMiddleware: RouterMiddleware {
    typealias Context = DaybookRequestContext
    static let sessionCookie = "daybook_session"
    let services: AppServices

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        let path = request.uri.path
        let kind = RouteKind.of(path)
        guard !kind.isOpen else { return try await next(request, context) }
        let isWidget = WidgetAccess.allows(path: path, method: request.method)
        let isFeed = CalendarFeedAccess.allows(path: path, method: request.method)
        let header = request.headers[.authorization] ?? ""
        let bearer = header.hasPrefix("Bearer ") ? String(header.dropFirst(7)) : nil
        let presented = bearer ?? (isWidget || isFeed ? request.uri.queryParameters["token"].map(String.init) : nil)

        if let presented {
            let access = services.accessInteractor(try await services.database())
            switch try await access.authorize(bearer: presented) {
            case .unknown: throw TokenAccess.Problem.unknownToken
            case .expired: throw TokenAccess.Problem.expiredToken
            case .granted(.calendar) where kind == .scriptable:
                throw TokenAccess.Problem.scriptTokenScope
            case .granted(let scope):
                guard Self.reaches(scope, path: path, method: request.method) else {
                    throw TokenAccess.Problem.outOfScope(scope)
                }
                var context = context
                context.tokenScope = scope
                context.token = presented
                return try await next(request, context)
            }
        }
        guard services.requiresLogin else { return try await next(request, context) }

        // Pages' own scripts (the editor, the Map, reminders) reach the API with the signed-in session; writes
        // from them must still come from this origin as JSON (CSRFMiddleware).
        let access = services.accessInteractor(try await services.database())
        let session = request.cookies[services.sessionCookieName]?.value ?? ""
        if !session.isEmpty, let use = try await access.useSession(session) {
            var context = context
            context.deviceID = use.device.id
            context.session = session
            return Self.renewing(session, use, services: services, response: try await next(request, context))
        }
        // A script for a phone is made for a token, never for a signed-in browser's session.
        if kind == .scriptable { throw TokenAccess.Problem.scriptNeedsToken }
        if kind == .api { throw TokenAccess.Problem.tokenRequired }
        if request.method == .get || request.method == .head {
            let next = "next=" + LoginRoutes.safeNext(request.uri.path)
            // A session the owner ended in Settings → Devices: this device forgets its copy, and the login page says
            // why it is there. One that lapsed (or ended with a new passphrase) keeps the copy and its unsent changes,
            // which go out after the next login.
            guard session.isEmpty else {
                let ended = try await access.wasEnded(session: session)
                return LoginRoutes.signedOut(to: "/login?ended=1&" + next, forgetting: ended, services: services)
            }
            return Response.seeOther("/login?" + next)
        }
        throw TokenAccess.Problem.signInFirst
    }

    /// Whether a token of `scope` may make this request.
    static func reaches(_ scope: TokenScope, path: String, method: HTTPRequest.Method) -> Bool {
        switch scope {
        case .full: true
        case .widgets: WidgetAccess.allows(path: path, method: method)
        case .calendar: CalendarFeedAccess.allows(path: path, method: method)
        case .shortcuts: ShortcutAccess.allows(path: path, method: method)
        }
    }

    /// When this use renewed the session, its cookie lasts a full lifetime again, unless the answer set the cookie
    /// itself (signing out).
    static func renewing(_ session: String, _ use: SessionUse, services: AppServices, response: Response) -> Response {
        guard use.renewed,
            !response.headers[values: .setCookie].contains(where: { $0.hasPrefix(services.sessionCookieName + "=") })
        else { return response }
        var response = response
        response.setCookie(LoginRoutes.sessionCookie(session, services: services))
        return response
    }
}
