import DaybookCore
import DaybookFeatures
import Foundation
import Hummingbird

/// `/settings/connections` and `/api/v1/connections`: the services outside this machine the owner turns on.
struct ConnectionsRoutes {
    let services: AppServices

    func register(on router: Router<DaybookRequestContext>, pages: RouterGroup<DaybookRequestContext>) {
        pages.get("/settings/connections") { request, context in
            let env = try context.env
            let model = ConnectionsPresenter.present(
                try await env.connections.load(),
                saved: request.uri.queryParameters["saved"] != nil, localizer: env.localizer)
            return try env.render(
                "connections", page: model, title: model.title, current: .settings,
                context: context)
        }
        router.post("/settings/connections") { request, context in
            let env = try context.env
            let form = context.form
            let change = ConnectionsChange(
                weather: form["weather"].map { $0 == "on" }, tileURL: form["tileURL"],
                tileAttribution: form["tileAttribution"], geocoderURL: form["geocoderURL"])
            let interactor = env.connections
            do {
                services.connections.remember(try await interactor.update(change))
                return Response.seeOther("/settings/connections?saved=1")
            } catch let error as Connections.Problem {
                let model = ConnectionsPresenter.present(
                    try await interactor.load(), typed: change, problems: error.problems, localizer: env.localizer)
                return try env.render(
                    "connections", page: model, title: model.title, current: .settings,
                    context: context, status: error.status)
            }
        }
        router.get("/api/v1/connections") { _, context in
            return try JSONResponse.make(ConnectionsPresenter.json(try await context.env.connections.load()))
        }
        router.patch("/api/v1/connections") { request, context in
            let change = try await JSONBody.decode(ConnectionsChange.self, from: request) ?? ConnectionsChange()
            let updated = try await context.env.connections.update(change)
            services.connections.remember(updated)
            return try JSONResponse.make(ConnectionsPresenter.json(updated))
        }
    }
}
