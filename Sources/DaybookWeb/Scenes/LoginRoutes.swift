import DaybookCore
import DaybookFeatures
import HTTPTypes
import Hummingbird

/// `/login` and `/logout`, for a server reachable from other machines.
struct LoginRoutes {
    let services: AppServices

    func register(on router: Router<DaybookRequestContext>) {
        router.get("/login") { request, context in
            let env = try context.env
            let next = Self.safeNext(request.uri.queryParameters["next"].map(String.init) ?? "/")
            return try render(env, context, next: next, ended: request.uri.queryParameters["ended"] != nil)
        }
        router.post("/login") { request, context in
            let env = try context.env
            let next = Self.safeNext(context.form["next"] ?? "/")
            let key = context.clientAddress ?? "unknown"
            if let wait = await services.throttle.admit(key) {
                var response = try render(
                    env, context, next: next, problem: .throttled(retryAfterSeconds: wait), status: .tooManyRequests)
                response.headers[.retryAfter] = String(wait)
                return response
            }
            let access = env.access
            let signedIn: String?
            do {
                signedIn = try await access.signIn(
                    passphrase: context.form["passphrase"] ?? "", userAgent: request.headers[.userAgent])
            } catch {
                // Not a wrong passphrase (the database, say): it does not count against the client.
                await services.throttle.succeeded(for: key)
                throw error
            }
            guard let session = signedIn else {
                context.logger.notice("a wrong passphrase")
                return try render(env, context, next: next, problem: .wrongPassphrase, status: .unauthorized)
            }
            await services.throttle.reset(for: key)
            return Self.signedIn(to: next, session: session, services: services)
        }
        router.post("/logout") { request, context in
            if let session = request.cookies[services.sessionCookieName]?.value {
                try await context.env.access.signOut(session: session)
            }
            return Self.signedOut(to: services.requiresLogin ? "/login" : "/", services: services)
        }
    }

    /// The login session cookie carrying `secret`, lasting as long as a session does; an empty secret clears it.
    static func sessionCookie(_ secret: String, services: AppServices) -> Cookie {
        services.cookie(
            services.sessionCookieName, secret, maxAge: secret.isEmpty ? 0 : Int(AccessInteractor.sessionLifetime))
    }

    /// A redirect to `location` for a browser that has just signed in (or been paired) with `session`: it keeps
    /// the session's cookie and a form token made from the session, so the token it had before signing in,
    /// which a page could have planted, no longer counts.
    static func signedIn(to location: String, session: String, services: AppServices) -> Response {
        var response = Response.seeOther(location)
        response.setCookie(sessionCookie(session, services: services))
        response.setCookie(
            services.cookie(services.formCookieName, CSRFMiddleware.formToken(session: session, services: services)))
        return response
    }

    /// A redirect to `location` that clears the session cookie; `forgetting`, on an exposed server the browser also
    /// forgets this device's copy (pages, photos, outbox), as Settings → This device → Forget does.
    static func signedOut(to location: String, forgetting: Bool = true, services: AppServices) -> Response {
        var response = Response.seeOther(location)
        if services.requiresLogin && forgetting {
            response.headers[HTTPField.Name("Clear-Site-Data")!] = #""cache", "storage""#
        }
        response.setCookie(sessionCookie("", services: services))
        return response
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
        problem: Access.Login.Problem? = nil, ended: Bool = false, status: HTTPResponse.Status = .ok
    ) throws -> Response {
        let model = AccessPresenter.presentLogin(next: next, problem: problem, ended: ended, localizer: env.localizer)
        return try env.render(
            "login", page: model, title: model.title, current: nil, showsNavigation: false,
            context: context, status: status)
    }
}
