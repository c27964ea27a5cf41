import DaybookCore
import DaybookFeatures
import Hummingbird

/// On a server reachable from other machines: pages need a login session, the API a bearer token (or the
/// session of the page calling it).
///
/// A token that is presented is always checked, also on this computer: an unknown, revoked or expired one is
/// refused, and a widget token reaches only what `WidgetAccess` lists. Widget addresses may carry their token
/// as `?token=`, for widget apps and dashboards that cannot send headers.
struct AccessMiddleware: RouterMiddleware {
    typealias Context = DaybookRequestContext
    static let sessionCookie = "daybook_session"
    let services: AppServices

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        let path = request.uri.path
        guard !PublicPaths.isOpen(path) else { return try await next(request, context) }
        let isWidget = WidgetAccess.allows(path: path, method: request.method)
        let isFeed = CalendarFeedAccess.allows(path: path, method: request.method)
        let header = request.headers[.authorization] ?? ""
        let bearer = header.hasPrefix("Bearer ") ? String(header.dropFirst(7)) : nil
        let presented = bearer ?? (isWidget || isFeed ? request.uri.queryParameters["token"].map(String.init) : nil)

        if let presented {
            let access = services.accessInteractor(try await services.database())
            switch try await access.authorize(bearer: presented) {
            case .unknown:
                throw HTTPError(
                    .unauthorized, headers: [.wwwAuthenticate: "Bearer realm=\"daybook\""],
                    message: "This token is not known: it may have been revoked. Create one in Settings → API tokens.")
            case .expired:
                throw HTTPError(
                    .unauthorized, headers: [.wwwAuthenticate: "Bearer realm=\"daybook\", error=\"invalid_token\""],
                    message: "This token has expired. Create a new one in Settings → API tokens.")
            case .granted(.widgets) where !isWidget:
                throw HTTPError(
                    .forbidden,
                    message:
                        "A widget token can only show widgets and toggle a tracker for today; use a full API token for this."
                )
            case .granted(.calendar) where !isFeed:
                throw HTTPError(
                    .forbidden,
                    message: "A calendar token can only read the calendar feed; use a full API token for this.")
            case .granted(let scope):
                var context = context
                context.tokenScope = scope
                return try await next(request, context)
            }
        }
        guard services.requiresLogin else { return try await next(request, context) }

        // Pages' own scripts (the editor, the Map, reminders) reach the API with the signed-in session; writes
        // from them must still come from this origin as JSON (CSRFMiddleware).
        let access = services.accessInteractor(try await services.database())
        let session = request.cookies[Self.sessionCookie]?.value ?? ""
        if !session.isEmpty, let use = try await access.useSession(session) {
            var context = context
            context.deviceID = use.device.id
            return Self.renewing(session, use, services: services, response: try await next(request, context))
        }
        if path.hasPrefix("/api/") {
            throw HTTPError(
                .unauthorized, headers: [.wwwAuthenticate: "Bearer realm=\"daybook\""],
                message: "A valid API token is required. Create one in Settings → API tokens.")
        }
        if request.method == .get || request.method == .head {
            let next = "next=" + LoginRoutes.safeNext(request.uri.path)
            // A session that no longer exists was ended (in Settings → Devices, or it lapsed): this device forgets
            // its copy, and the login page says why it is there.
            guard session.isEmpty else {
                return LoginRoutes.signedOut(to: "/login?ended=1&" + next, services: services)
            }
            return Response.seeOther("/login?" + next)
        }
        throw HTTPError(.unauthorized, message: "Sign in first.")
    }

    /// When this use renewed the session, its cookie lasts a full lifetime again, unless the answer set the cookie
    /// itself (signing out).
    static func renewing(_ session: String, _ use: SessionUse, services: AppServices, response: Response) -> Response {
        guard use.renewed,
            !response.headers[values: .setCookie].contains(where: { $0.hasPrefix(sessionCookie + "=") })
        else { return response }
        var response = response
        response.setCookie(LoginRoutes.sessionCookie(session, services: services))
        return response
    }
}

/// What a widget token may reach: the widgets as pages, images and timelines, the change events their pages
/// listen to, and toggling a yes/no tracker for today.
enum WidgetAccess {
    static func allows(path: String, method: HTTPRequest.Method) -> Bool {
        switch method {
        case .get, .head:
            path.hasPrefix("/widgets/") || path.hasPrefix("/api/v1/widgets/") || path == "/events"
        case .post:
            path == "/widgets/toggle"
                || (path.hasPrefix("/api/v1/trackers/") && path.hasSuffix("/toggle")
                    && path.split(separator: "/").count == 5)
        default: false
        }
    }
}

/// What a calendar token may reach: the feed of the timeline's blocks, read-only.
enum CalendarFeedAccess {
    static let path = "/feeds/tasks.ics"

    static func allows(path: String, method: HTTPRequest.Method) -> Bool {
        (method == .get || method == .head) && path == Self.path
    }
}
