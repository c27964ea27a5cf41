import DaybookCore
import DaybookDataFolder
import HTTPTypes
import Hummingbird

/// On a loopback server, answers only requests addressed to a loopback name, so a web page cannot reach Daybook
/// through a DNS name rebound to 127.0.0.1; behind a proxy, also the public URL's name, and no other.
struct HostCheckMiddleware: RouterMiddleware {
    typealias Context = DaybookRequestContext
    let configuration: AppConfiguration

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        guard let authority = request.head.authority else {
            return try await next(request, context)
        }
        guard configuration.answers(hostName: Self.hostName(of: authority)) else {
            throw HTTPError(
                .misdirectedRequest,
                message: configuration.publicURL.map { "This Daybook answers only at \($0.text)." }
                    ?? "This Daybook answers only on this computer's own address.")
        }
        return try await next(request, context)
    }

    /// `[::1]:8080` → `::1`, `localhost:8080` → `localhost`.
    static func hostName(of authority: String) -> String {
        if authority.hasPrefix("["), let end = authority.firstIndex(of: "]") {
            return String(authority[authority.index(after: authority.startIndex)..<end])
        }
        return String(authority.split(separator: ":", maxSplits: 1).first ?? "")
    }
}

/// Finds the client's address: the connection's, or the one a trusted proxy passes on; every log line of the
/// request carries it.
struct ClientAddressMiddleware: RouterMiddleware {
    typealias Context = DaybookRequestContext
    let proxies: TrustedProxies

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        var context = context
        context.clientAddress = proxies.client(
            peer: context.remoteAddress, forwardedFor: request.headers[Self.forwardedFor],
            forwarded: request.headers[Self.forwarded])
        if let client = context.clientAddress { context.logger[metadataKey: "client"] = .string(client) }
        return try await next(request, context)
    }

    static let forwardedFor = HTTPField.Name("X-Forwarded-For")!
    static let forwarded = HTTPField.Name("Forwarded")!
}

/// While the database is opening, pages show "finishing setup" instead of an error. Static files still load.
struct ReadinessMiddleware: RouterMiddleware {
    typealias Context = DaybookRequestContext
    let services: AppServices

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        let kind = RouteKind.of(request.uri.path)
        guard kind != .staticFile else { return try await next(request, context) }
        let state = services.gate.state
        if case .ready = state { return try await next(request, context) }
        if kind == .theme {
            // The page shown meanwhile is drawn in the default theme: the owner's is in the database.
            let theme = services.themes.theme(accent: .defaultAccent, appearance: .system)
            return AssetRoutes.serve(
                ByteBuffer(string: theme.stylesheet), type: "text/css; charset=utf-8",
                etag: "\"\(theme.links.version)\"", request: request, cacheControl: "no-cache")
        }
        switch state {
        case .ready: return try await next(request, context)
        case .opening: return SetupPage.response(request: request, services: services)
        case .failed(let reason):
            context.logger.error("the database could not be opened", metadata: ["reason": .string(reason)])
            throw HTTPError(.internalServerError)
        case .notUpgraded(let problem):
            return SetupPage.notUpgraded(problem, request: request, services: services)
        }
    }
}
