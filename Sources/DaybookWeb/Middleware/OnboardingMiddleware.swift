import Hummingbird

/// Until onboarding is done, the app's pages lead to it: a request for one is answered 303 to `/onboarding`
/// before its route runs. Only the routes added to the `pages` group pass through here; onboarding itself, login,
/// pairing, the API, feeds and static files do not.
struct OnboardingMiddleware: RouterMiddleware {
    typealias Context = DaybookRequestContext
    let services: AppServices

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        // Nothing saved yet is the first visit: onboarding it is.
        guard try context.env.saved?.needsOnboarding == false else { return Response.seeOther("/onboarding") }
        return try await next(request, context)
    }
}
