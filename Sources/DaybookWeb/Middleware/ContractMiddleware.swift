import DaybookCore
import DaybookFeatures
import Foundation
import Hummingbird

/// Holds every API request to the OpenAPI document before its route sees it: parameters and JSON bodies the
/// document does not allow are refused (400 or 422, in the owner's language) and change nothing.
///
/// The document is read when the first API request comes, not at start-up: pages never need it, and a server
/// that only serves pages does not hold it (about 1 MB of schemas).
struct ContractMiddleware: RouterMiddleware {
    typealias Context = DaybookRequestContext
    let services: AppServices
    private let load: @Sendable () -> APIContract
    private let loaded = Locked<APIContract?>(nil)

    init(services: AppServices, contract: @escaping @Sendable () -> APIContract) {
        self.services = services
        self.load = contract
    }

    private var contract: APIContract {
        loaded.withLock { loaded in
            if let contract = loaded { return contract }
            let contract = load()
            loaded = contract
            return contract
        }
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        guard let path = context.endpointPath, RouteKind.of(path) == .api else {
            return try await next(request, context)
        }
        let contract = self.contract
        guard let operation = contract.operation(path: path, method: request.method) else {
            return try await next(request, context)
        }
        var request = request
        var body: Data?
        if operation.body != nil {
            let buffer: ByteBuffer
            do {
                buffer = try await request.collectBody(upTo: Limits.jsonBody(for: operation.id))
            } catch {
                if Limits.markdownOperations.contains(operation.id) { throw Journal.Problem.markdownTooLarge }
                let localizer = try context.localizer
                throw HTTPError(
                    .contentTooLarge, message: localizer.plural("api.error.tooLarge", count: Limits.jsonBody / 1024))
            }
            body = buffer.readableBytes > 0 ? Data(buffer.readableBytesView) : nil
        }
        let query = request.uri.queryParameters
        let issues = contract.issues(
            of: operation,
            parameter: { parameter in
                switch parameter.location {
                case .path: context.parameters.get(parameter.name)
                case .query: query[parameter.name[...]].map(String.init)
                case .body: nil
                }
            }, body: body)
        guard issues.isEmpty else {
            return ContractRefusal.response(issues, operation: operation.id, localizer: try context.localizer)
        }
        return try await next(request, context)
    }
}
