import DaybookCore
import DaybookFeatures
import HTTPTypes
import Hummingbird

/// `/login` and `/logout`, for a server reachable from other machines.
struct LoginRoutes {
    let services: AppServices

    func register(on router: Router<DaybookRequestContext>) {
        router.get("/login") { request, context in
            let env = try await PageEnvironment(services: services, request: request)
            let next = Self.safeNext(request.uri.queryParameters["next"].map(String.init) ?? "/")
            return try render(env, context, next: next)
        }
        router.post("/login") { request, context in
            let env = try await PageEnvironment(services: services, request: request)
            let next = Self.safeNext(context.form["next"] ?? "/")
            let key = context.clientAddress ?? "unknown"
            if let wait = await services.throttle.retryAfter(for: key) {
                var response = try render(
                    env, context, next: next, problem: .throttled(retryAfterSeconds: wait), status: .tooManyRequests)
                response.headers[.retryAfter] = String(wait)
                return response
            }
            let access = services.accessInteractor(env.database)
            guard let session = try await access.signIn(passphrase: context.form["passphrase"] ?? "") else {
                await services.throttle.recordFailure(for: key)
                context.logger.notice("a wrong passphrase")
                return try render(env, context, next: next, problem: .wrongPassphrase, status: .unauthorized)
            }
            await services.throttle.reset(for: key)
            var response = Response.seeOther(next)
            response.setCookie(Self.sessionCookie(session, services: services))
            return response
        }
        router.post("/logout") { request, context in
            if let session = request.cookies[AccessMiddleware.sessionCookie]?.value {
                try await services.accessInteractor(try await services.database()).signOut(session: session)
            }
            var response = Response.seeOther(services.requiresLogin ? "/login" : "/")
            // Signed out of an exposed server: the browser forgets this device's copy (pages, photos, outbox).
            if services.requiresLogin { response.headers[HTTPField.Name("Clear-Site-Data")!] = #""cache", "storage""# }
            response.setCookie(Self.endedSessionCookie(services: services))
            return response
        }
    }

    /// The login session's cookie: only for this site's own requests, never readable by scripts, and sent only
    /// over HTTPS when the server is reached at a public https address.
    static func sessionCookie(_ secret: String, services: AppServices) -> Cookie {
        Cookie(
            name: AccessMiddleware.sessionCookie, value: secret, maxAge: Int(AccessInteractor.sessionLifetime),
            path: "/", secure: services.configuration.publicURL != nil, httpOnly: true, sameSite: .strict)
    }

    /// Tells the browser to drop its session cookie.
    static func endedSessionCookie(services: AppServices) -> Cookie {
        Cookie(
            name: AccessMiddleware.sessionCookie, value: "", maxAge: 0, path: "/",
            secure: services.configuration.publicURL != nil, httpOnly: true, sameSite: .strict)
    }

    /// Only local paths are followed after signing in, never another site.
    static func safeNext(_ next: String) -> String {
        guard next.hasPrefix("/"), !next.hasPrefix("//"), !next.contains("\\"), !next.hasPrefix("/login") else {
            return "/"
        }
        return next.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? "/"
    }

    private func render(
        _ env: PageEnvironment, _ context: DaybookRequestContext, next: String,
        problem: Access.Login.Problem? = nil, status: HTTPResponse.Status = .ok
    ) throws -> Response {
        let model = AccessPresenter.presentLogin(next: next, problem: problem, localizer: env.localizer)
        return try env.render(
            "login", page: model, title: model.title, current: nil, showsNavigation: false, services: services,
            context: context, status: status)
    }
}
