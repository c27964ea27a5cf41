import DaybookCore
import DaybookFeatures
import Hummingbird

/// On a server reachable from other machines: pages need a login session, the API a bearer token (or the
/// session of the page calling it).
///
/// A token that is presented is always checked, also on this computer: an unknown, revoked or expired one is
/// refused (`AccessRefusal`, in the owner's language), and a scoped token reaches only what its table lists
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
        guard !PublicPaths.isOpen(path) else { return try await next(request, context) }
        let isWidget = WidgetAccess.allows(path: path, method: request.method)
        let isFeed = CalendarFeedAccess.allows(path: path, method: request.method)
        let header = request.headers[.authorization] ?? ""
        let bearer = header.hasPrefix("Bearer ") ? String(header.dropFirst(7)) : nil
        let presented = bearer ?? (isWidget || isFeed ? request.uri.queryParameters["token"].map(String.init) : nil)

        if let presented {
            let access = services.accessInteractor(try await services.database())
            switch try await access.authorize(bearer: presented) {
            case .unknown: throw AccessRefusal.unknownToken
            case .expired: throw AccessRefusal.expiredToken
            case .granted(.calendar) where path == ScriptableRoutes.path:
                throw AccessRefusal.scriptTokenScope
            case .granted(let scope):
                guard Self.reaches(scope, path: path, method: request.method) else {
                    throw AccessRefusal.outOfScope(scope)
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
        if path == ScriptableRoutes.path { throw AccessRefusal.scriptNeedsToken }
        if path.hasPrefix("/api/") { throw AccessRefusal.tokenRequired }
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
        throw AccessRefusal.signInFirst
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

/// What a widget token may reach: the widgets as pages, images and timelines, the change events their pages
/// listen to, and ticking a yes/no tracker for today (done or not done: the value, never a flip).
enum WidgetAccess {
    static func allows(path: String, method: HTTPRequest.Method) -> Bool {
        switch method {
        case .get, .head:
            path.hasPrefix("/widgets/") || path.hasPrefix("/api/v1/widgets/") || path == "/events"
        case .post:
            path == "/widgets/toggle"
        case .put:
            // `/api/v1/trackers/{id}/values/{date}`: the route lets a widget token tick a yes/no tracker for today.
            path.hasPrefix("/api/v1/trackers/") && path.split(separator: "/").count == 6
                && path.split(separator: "/")[4] == "values"
        default: false
        }
    }
}

/// What a shortcuts token may reach: what a widget shows, and one request for each action a phone's shortcut runs.
/// Nothing here reads the journal: quick capture and appending answer only what was added.
enum ShortcutAccess {
    /// The actions, as method and path; `*` is one segment (an id).
    static let actions: [(method: HTTPRequest.Method, path: String)] = [
        (.get, "/api/v1/shortcuts"),
        (.put, "/api/v1/trackers/*/values/today"),
        (.post, "/api/v1/focus/start"),
        (.post, "/api/v1/focus/pause"),
        (.post, "/api/v1/focus/resume"),
        (.post, "/api/v1/focus/stop"),
        (.post, "/api/v1/tasks"),
        (.post, "/api/v1/entries"),
        (.post, "/api/v1/entries/today/append"),
    ]

    static func allows(path: String, method: HTTPRequest.Method) -> Bool {
        if method != .put, WidgetAccess.allows(path: path, method: method) { return true }
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        return actions.contains { action in
            let pattern = action.path.split(separator: "/", omittingEmptySubsequences: false)
            return (action.method == method || (action.method == .get && method == .head))
                && pattern.count == segments.count
                && zip(pattern, segments).allSatisfy { $0 == "*" ? !$1.isEmpty : $0 == $1 }
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
