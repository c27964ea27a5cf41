import Hummingbird

/// What each path is, in one place: the server's layers ask `RouteKind.of(path)` (and the access tables below ask
/// which paths a token reaches) instead of testing paths themselves.
enum RouteKind: Equatable, Sendable {
    /// The app's own files (`/static/…`, the service worker, the icon): the same for everyone, served before the
    /// database is open and before anyone signs in.
    case staticFile
    /// The theme's stylesheet: open to anyone; drawn in the default theme while the database is not open.
    case theme
    /// What a person who is not signed in may load: the login and pairing pages, the offline page, the manifest.
    case login, pairing, offline, manifest
    /// The JSON API (`/api/…`): bearer tokens, no form token, refusals as JSON.
    case api
    /// A widget as a page or an image (`/widgets/…`): framed by a Home Screen, so it has its own policy.
    case widget
    /// The Scriptable widget's script: a widget's, served only for a token.
    case scriptable
    /// Change events open pages and widgets listen to.
    case events
    /// The Map page (it may load the owner's tile server) and the small map image (it loads nothing).
    case map, staticMap
    /// The journal's pages: their forms carry a whole entry.
    case journal
    /// Any other page.
    case page

    static func of(_ path: String) -> RouteKind {
        if path.hasPrefix("/static/") || path == "/sw.js" || path == "/favicon.ico" { return .staticFile }
        if path.hasPrefix("/api/") { return .api }
        if path == ScriptableRoutes.path { return .scriptable }
        if path.hasPrefix("/widgets/") { return .widget }
        if path.hasPrefix("/journal") { return .journal }
        return switch path {
        case "/theme.css": .theme
        case "/login": .login
        case "/pair": .pairing
        case "/offline": .offline
        case "/manifest.webmanifest": .manifest
        case "/events": .events
        case "/map": .map
        case "/map/static.svg": .staticMap
        default: .page
        }
    }

    /// Anyone may load it, signed in or not.
    var isOpen: Bool {
        switch self {
        case .staticFile, .theme, .login, .pairing, .offline, .manifest: true
        default: false
        }
    }

    /// The largest form body a request to a path of this kind may send; past it the answer is 413.
    var formBodyLimit: Int { self == .journal ? Limits.entryFormBody : Limits.formBody }
}

/// What a widget token may reach: the widgets as pages, images and timelines, the change events their pages
/// listen to, and ticking a yes/no tracker for today (done or not done: the value, never a flip).
enum WidgetAccess {
    static func allows(path: String, method: HTTPRequest.Method) -> Bool {
        switch method {
        case .get, .head:
            switch RouteKind.of(path) {
            case .widget, .scriptable, .events: true
            case .api: path.hasPrefix("/api/v1/widgets/")
            default: false
            }
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

/// Writes whose body is a file's own bytes rather than JSON, and the types each takes: types a page on another
/// site cannot send without asking first.
enum FileBody {
    case photo, importFile

    static func of(_ method: HTTPRequest.Method, _ path: String) -> FileBody? {
        if method == .post, path == "/api/v1/photos" { return .photo }
        // A photo under an id the device chose.
        if method == .put, path.hasPrefix("/api/v1/photos/") { return .photo }
        if method == .post, path.hasPrefix("/api/v1/import/") { return .importFile }
        return nil
    }

    var types: [String] {
        switch self {
        case .photo: ["image/", "application/octet-stream"]
        // A folder of notes comes from the command line as a tar stream.
        case .importFile: ["application/octet-stream", "application/x-tar"]
        }
    }

    var refusal: String {
        switch self {
        case .photo: "Send the photo's bytes as application/octet-stream or image/*."
        case .importFile: "Send the exported file's bytes as application/octet-stream (or application/x-tar)."
        }
    }
}
