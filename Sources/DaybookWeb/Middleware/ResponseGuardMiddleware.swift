import DaybookCore
import DaybookFeatures
import HTTPTypes
import Hummingbird

/// The outermost layer: learns who the request is for once (the context's `environment`, once the database is
/// open), turns every error into a calm answer in their language, and adds the security headers.
struct ResponseGuardMiddleware: RouterMiddleware {
    typealias Context = DaybookRequestContext
    let services: AppServices

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        var context = context
        let kind = RouteKind.of(request.uri.path)
        if kind != .staticFile, let database = services.gate.database {
            context.environment = try? await PageEnvironment(services: services, database: database, request: request)
        }
        var response: Response
        do {
            response = try await next(request, context)
        } catch {
            response = ErrorAnswer(services: services).response(error, request: request, context: context)
        }
        let tileOrigin = kind == .map ? await services.connections.current(services.gate.database)?.tileOrigin : nil
        SecurityHeaders.apply(
            to: &response.headers, kind: kind, tileOrigin: tileOrigin, https: services.configuration.publicURL != nil)
        return response
    }
}

enum ErrorPage {
    struct ViewModel: Encodable, Sendable {
        var title: String
        var body: String
        /// Why exactly, when the page that refused could say.
        var reason: String?
        var homeLabel: String
    }
}
