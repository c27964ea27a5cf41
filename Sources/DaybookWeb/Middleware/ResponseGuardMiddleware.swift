import DaybookCore
import DaybookFeatures
import HTTPTypes
import Hummingbird

/// The outermost layer: turns every error into a calm, localized answer and adds the security headers.
struct ResponseGuardMiddleware: RouterMiddleware {
    typealias Context = DaybookRequestContext
    let services: AppServices

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        var response: Response
        do {
            response = try await next(request, context)
        } catch {
            response = await ErrorAnswer(services: services).response(error, request: request, context: context)
        }
        let path = request.uri.path
        let tileOrigin = path == "/map" ? await services.connections.current(services.gate.database)?.tileOrigin : nil
        SecurityHeaders.apply(
            to: &response.headers, path: path, tileOrigin: tileOrigin, https: services.configuration.publicURL != nil)
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
