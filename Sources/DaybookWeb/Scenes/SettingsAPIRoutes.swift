import DaybookCore
import DaybookFeatures
import Foundation
import Hummingbird

/// `/api/v1/settings`: the same view model the settings page renders.
struct SettingsAPIRoutes {
    let services: AppServices

    func register(on router: Router<DaybookRequestContext>) {
        router.get("/api/v1/settings") { request, context in
            // The form lists every time zone: kept until something is saved.
            try await services.keptJSON(request, context, kept: .day) {
                let (interactor, localizer) = try scene(context)
                return SettingsPresenter.present(try await interactor.load(), localizer: localizer)
            }
        }
        router.patch("/api/v1/settings") { request, context in
            let (interactor, _) = try scene(context)
            let updated = try await interactor.update(try await decodeChange(request))
            return try JSONResponse.make(
                SettingsPresenter.present(updated, localizer: services.localizer(for: updated.settings)))
        }
        router.get("/api/v1/openapi.json") { request, _ in
            guard let asset = services.assets.asset(at: "/openapi.json") else { throw Assets.Problem.notFound }
            return AssetRoutes.serve(
                asset.body, type: "application/json", etag: asset.etag, request: request, cacheControl: "no-cache")
        }
    }

    private func scene(_ context: DaybookRequestContext) throws -> (SettingsInteractor, Localizer) {
        let env = try context.env
        let settings = env.settings
        return (SettingsInteractor(store: env.database, events: services.events, initial: { settings }), env.localizer)
    }

    /// Reads a JSON object of settings fields.
    ///
    /// - Throws: `SettingsScene.Problem` for a body that is too large, not an object, names other fields or
    ///   holds values of the wrong type.
    private func decodeChange(_ request: Request) async throws -> SettingsChange {
        var request = request
        let body: ByteBuffer
        do {
            body = try await request.collectBody(upTo: Limits.jsonBody)
        } catch {
            throw SettingsScene.Problem.tooLarge(limitKB: Limits.jsonBody / 1024)
        }
        let data = Data(body.readableBytesView)
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw SettingsScene.Problem.malformed
        }
        let unknown = object.keys.filter { !SettingsChange.fieldNames.contains($0) }.sorted()
        guard unknown.isEmpty else { throw SettingsScene.Problem.unknownFields(unknown) }
        do {
            return try JSONDecoder().decode(SettingsChange.self, from: data)
        } catch {
            throw SettingsScene.Problem.wrongTypes
        }
    }
}
