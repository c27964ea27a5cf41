import DaybookCore
import DaybookFeatures
import Foundation
import Hummingbird

/// `/api/v1/settings`: the same view model the settings page renders.
struct SettingsAPIRoutes {
    let services: AppServices

    func register(on router: Router<DaybookRequestContext>) {
        router.get("/api/v1/settings") { request, _ in
            let (interactor, localizer) = try await scene(request)
            return try JSONResponse.make(SettingsPresenter.present(try await interactor.load(), localizer: localizer))
        }
        router.patch("/api/v1/settings") { request, context in
            let (interactor, localizer) = try await scene(request)
            let change = try await decodeChange(request, context: context, localizer: localizer)
            do {
                let updated = try await interactor.update(change)
                let model = SettingsPresenter.present(updated, localizer: services.localizer(for: updated.settings))
                return try JSONResponse.make(model)
            } catch let error as SettingsValidationError {
                var fields: [String: String] = [:]
                for (field, problem) in error.problems {
                    fields[field.rawValue] = FieldProblemPresenter.message(for: problem, localizer: localizer)
                }
                return APIError.response(
                    status: .unprocessableContent, code: "invalidSettings",
                    message: FieldProblemPresenter.summary(count: fields.count, localizer: localizer), fields: fields)
            }
        }
        router.get("/api/v1/openapi.json") { request, _ in
            guard let asset = services.assets.asset(at: "/openapi.json") else { throw HTTPError(.notFound) }
            return AssetRoutes.serve(
                asset.body, type: "application/json", etag: asset.etag, request: request, cacheControl: "no-cache")
        }
    }

    private func scene(_ request: Request) async throws -> (SettingsInteractor, Localizer) {
        let database = try await services.database()
        let settings = try await services.ownerSettings(database, request: request)
        return (
            SettingsInteractor(store: database, events: services.events, initial: { settings }),
            services.localizer(for: settings)
        )
    }

    /// Reads a JSON object of settings fields; anything else is a 400 that says what is wrong.
    private func decodeChange(_ request: Request, context: DaybookRequestContext, localizer: Localizer) async throws
        -> SettingsChange
    {
        var request = request
        let body: ByteBuffer
        do {
            body = try await request.collectBody(upTo: Limits.jsonBody)
        } catch {
            throw HTTPError(
                .contentTooLarge, message: localizer.plural("api.error.tooLarge", count: Limits.jsonBody / 1024))
        }
        let data = Data(body.readableBytesView)
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw HTTPError(.badRequest, message: localizer("api.error.malformedJSON"))
        }
        let unknown = object.keys.filter { !SettingsChange.fieldNames.contains($0) }.sorted()
        guard unknown.isEmpty else {
            throw HTTPError(.badRequest, message: localizer("api.error.unknownFields", unknown.joined(separator: ", ")))
        }
        do {
            return try JSONDecoder().decode(SettingsChange.self, from: data)
        } catch {
            throw HTTPError(.badRequest, message: localizer("api.error.wrongTypes"))
        }
    }
}
