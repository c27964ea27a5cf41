import DaybookCore
import DaybookStore
import Foundation
import Hummingbird

/// `/api/v1/changes`: what changed since a device last looked, so it keeps its copy current without reading
/// everything again.
struct ChangesAPIRoutes {
    let services: AppServices
    static let pageSize = 500

    struct Body: Encodable {
        var cursor: String
        var changes: [Change]
        var more: Bool
        /// The cursor was not this server's: the device's copy must be read again whole.
        var reset: Bool
    }

    func register(on router: Router<DaybookRequestContext>) {
        router.get("/api/v1/changes") { request, context in
            let database = try context.env.database
            let since = request.uri.queryParameters["since"].map(String.init)
            let cursor = since.flatMap(ChangeCursor.init(text:))
            if since != nil, cursor == nil { return try refuse(context) }
            guard let page = try await database.changes(after: cursor, limit: Self.pageSize) else {
                // Another server's cursor (or one from before a restore): start again from now, reading everything.
                let now = try await database.changes(after: nil, limit: 0)
                return try JSONResponse.make(
                    Body(cursor: now?.cursor.description ?? "c1.0", changes: [], more: false, reset: true))
            }
            return try JSONResponse.make(
                Body(cursor: page.cursor.description, changes: page.changes, more: page.hasMore, reset: false))
        }
    }

    private func refuse(_ context: DaybookRequestContext) throws -> Response {
        let localizer = try context.localizer
        return APIError.response(
            status: .badRequest, code: "invalidCursor", message: localizer("api.error.invalidCursor"),
            fields: ["since": localizer("api.error.invalidCursor")])
    }
}
