import DaybookCore
import DaybookFeatures
import Hummingbird

/// `/login` and `/logout`, for a server reachable from other machines.
struct LoginRoutes {
    let services: AppServices

    struct ViewModel: Encodable, Sendable {
        var title: String
        var lead: String
        var passphraseLabel: String
        var signInLabel: String
        var error: String?
        var next: String
    }

    func register(on router: Router<DaybookRequestContext>) {
        router.get("/login") { request, context in
            let env = try await PageEnvironment(services: services, request: request)
            let next = Self.safeNext(request.uri.queryParameters["next"].map(String.init) ?? "/")
            return try render(env, context, next: next, error: nil)
        }
        router.post("/login") { request, context in
            let env = try await PageEnvironment(services: services, request: request)
            let next = Self.safeNext(context.form["next"] ?? "/")
            let key = context.remoteAddress ?? "unknown"
            if let wait = await services.throttle.retryAfter(for: key) {
                let message = env.localizer.plural(
                    "login.error.throttled", count: Int((Double(wait) / 60).rounded(.up)))
                var response = try render(env, context, next: next, error: message, status: .tooManyRequests)
                response.headers[.retryAfter] = String(wait)
                return response
            }
            let access = services.accessInteractor(env.database)
            guard let session = try await access.signIn(passphrase: context.form["passphrase"] ?? "") else {
                await services.throttle.recordFailure(for: key)
                return try render(
                    env, context, next: next, error: env.localizer("login.error.wrong"), status: .unauthorized)
            }
            await services.throttle.reset(for: key)
            var response = Response.seeOther(next)
            response.setCookie(
                Cookie(
                    name: AccessMiddleware.sessionCookie, value: session,
                    maxAge: Int(AccessInteractor.sessionLifetime), path: "/", httpOnly: true, sameSite: .strict))
            return response
        }
        router.post("/logout") { request, context in
            if let session = request.cookies[AccessMiddleware.sessionCookie]?.value {
                try await services.accessInteractor(try await services.database()).signOut(session: session)
            }
            var response = Response.seeOther(services.requiresLogin ? "/login" : "/")
            response.setCookie(
                Cookie(
                    name: AccessMiddleware.sessionCookie, value: "", maxAge: 0, path: "/", httpOnly: true,
                    sameSite: .strict))
            return response
        }
    }

    /// Only local paths are followed after signing in, never another site.
    static func safeNext(_ next: String) -> String {
        guard next.hasPrefix("/"), !next.hasPrefix("//"), !next.contains("\\"), !next.hasPrefix("/login") else {
            return "/"
        }
        return next.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? "/"
    }

    private func render(
        _ env: PageEnvironment, _ context: DaybookRequestContext, next: String, error: String?,
        status: HTTPResponse.Status = .ok
    ) throws -> Response {
        let localizer = env.localizer
        let model = ViewModel(
            title: localizer("login.title"), lead: localizer("login.lead"),
            passphraseLabel: localizer("login.passphrase"), signInLabel: localizer("login.signIn"), error: error,
            next: next)
        return try env.render(
            "login", page: model, title: model.title, current: nil, showsNavigation: false, services: services,
            context: context, status: status)
    }
}
