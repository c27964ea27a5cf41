import DaybookCore
import DaybookFeatures
import Hummingbird

/// `/pair`: a phone opens a one-time link, `/pair#CODE`; the page's script sends the code (which the fragment kept
/// out of the proxy's logs) and the phone is signed in, landing on Today.
struct PairRoutes {
    let services: AppServices

    func register(on router: Router<DaybookRequestContext>) {
        router.get("/pair") { request, context in
            guard services.requiresLogin else { return Response.seeOther("/") }
            return try render(try context.env, context)
        }
        router.post("/pair") { request, context in
            guard services.requiresLogin else { return Response.seeOther("/") }
            let env = try context.env
            do {
                let session = try await pair(context.form["code"] ?? "", request: request, context: context, env: env)
                return LoginRoutes.signedIn(to: "/?paired=1", session: session, services: services)
            } catch let problem as Devices.Problem {
                var response = try render(env, context, problem: problem, status: problem.status)
                if case .throttled(let wait) = problem { response.headers[.retryAfter] = String(wait) }
                return response
            }
        }
    }

    /// A new session secret for a good code; a bad one counts against the client's address.
    private func pair(_ code: String, request: Request, context: DaybookRequestContext, env: PageEnvironment)
        async throws -> String
    {
        let key = context.clientAddress ?? "unknown"
        if let wait = await services.pairingThrottle.admit(key) {
            throw Devices.Problem.throttled(retryAfterSeconds: wait)
        }
        do {
            let secret = try await env.devices.pair(
                code: code, userAgent: request.headers[.userAgent])
            await services.pairingThrottle.succeeded(for: key)
            return secret
        } catch let problem as Devices.Problem {
            throw problem
        } catch {
            // Not a wrong code (the database, say): it does not count against the client.
            await services.pairingThrottle.succeeded(for: key)
            throw error
        }
    }

    private func render(
        _ env: PageEnvironment, _ context: DaybookRequestContext, problem: Devices.Problem? = nil,
        status: HTTPResponse.Status = .ok
    ) throws -> Response {
        let model = DevicesPresenter.presentPair(problem: problem, localizer: env.localizer)
        return try env.render(
            "pair", page: model, title: model.title, current: nil, showsNavigation: false,
            context: context, status: status)
    }
}
