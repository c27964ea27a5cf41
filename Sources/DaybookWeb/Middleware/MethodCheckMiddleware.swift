import HTTPTypes
import Hummingbird

/// The methods each registered path answers, for telling "no such method here" (405) from "no such path" (404).
struct RouteMethods: Sendable {
    private struct Route: Sendable {
        var segments: [String]
        var methods: Set<HTTPRequest.Method>
    }

    private let routes: [Route]

    /// - Parameter routes: every route of a router, as `Router.routes` lists them.
    init(_ routes: [(path: String, method: HTTPRequest.Method)]) {
        var byPath: [String: Set<HTTPRequest.Method>] = [:]
        for route in routes { byPath[route.path, default: []].insert(route.method) }
        self.routes = byPath.map { path, methods in
            // A GET also answers HEAD.
            Route(segments: Self.segments(path), methods: methods.contains(.get) ? methods.union([.head]) : methods)
        }
    }

    /// The methods the path answers, sorted for an `Allow` header; `nil` when no route has this path.
    ///
    /// When several routes fit (`/log/today` and `/log/{date}`), the most specific one counts, as in the router:
    /// a literal segment before a parameter, a parameter before `**`.
    func allowed(for path: String) -> [HTTPRequest.Method]? {
        let sent = Self.segments(path)
        let fitting = routes.filter { Self.fits($0.segments, sent[...]) }
        let best = fitting.max {
            Self.specificity($0.segments).lexicographicallyPrecedes(Self.specificity($1.segments))
        }
        guard let best else { return nil }
        return best.methods.sorted { $0.rawValue < $1.rawValue }
    }

    private static func segments(_ path: String) -> [String] {
        path.split(separator: "/").map(String.init)
    }

    private static func fits(_ pattern: [String], _ sent: ArraySlice<String>) -> Bool {
        guard let first = pattern.first else { return sent.isEmpty }
        if first == "**" { return !sent.isEmpty }
        guard let segment = sent.first, fits(first, segment) else { return false }
        return fits(Array(pattern.dropFirst()), sent.dropFirst())
    }

    private static func fits(_ pattern: String, _ segment: String) -> Bool {
        isParameter(pattern) || pattern == segment
    }

    private static func isParameter(_ pattern: String) -> Bool {
        pattern == "*" || (pattern.hasPrefix("{") && pattern.hasSuffix("}")) || pattern.hasPrefix(":")
    }

    /// Literal segments weigh most, then parameters, then `**`; compared from the first segment on.
    private static func specificity(_ pattern: [String]) -> [Int] {
        pattern.map { $0 == "**" ? 0 : isParameter($0) ? 1 : 2 }
    }
}

/// Answers a request the router has no route for before any check that reads it (same-origin, JSON, the
/// document): 405 with an `Allow` header naming the methods a known path takes, for pages and the API alike;
/// 404 for a path nothing answers.
struct MethodCheckMiddleware: RouterMiddleware {
    typealias Context = DaybookRequestContext
    let routes: RouteMethods

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        // The router found a route for this path and method.
        guard context.endpointPath == nil else { return try await next(request, context) }
        guard let allowed = routes.allowed(for: request.uri.path) else { throw HTTPError(.notFound) }
        throw HTTPError(.methodNotAllowed, headers: [.allow: allowed.map(\.rawValue).joined(separator: ", ")])
    }
}
