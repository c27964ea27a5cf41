import DaybookCore
import DaybookDataFolder
import DaybookFeatures
import DaybookStore
import Foundation
import Hummingbird

/// `/settings/backups`: how automatic backups are locked and where they go, "Back up now" with its progress, and
/// the backups kept (downloadable).
struct BackupRoutes {
    let services: AppServices

    func register(on router: Router<DaybookRequestContext>, pages: RouterGroup<DaybookRequestContext>) {
        pages.get("/settings/backups") { request, context in
            let env = try context.env
            let flash = request.uri.queryParameters["saved"] != nil ? env.localizer("backups.saved") : nil
            let model = BackupPresenter.present(
                try await response(env.database), flash: flash, localizer: env.localizer)
            return try env.render(
                "backups", page: model, title: model.title, current: .settings, context: context)
        }
        router.post("/settings/backups") { request, context in
            let env = try context.env
            let form = context.form
            let change = BackupPlanChange(
                passphrase: form["passphrase"], recipients: form["recipients"], secondFolder: form["secondFolder"],
                stop: form["stop"] == "on")
            do {
                _ = try await BackupInteractor(store: env.database).update(change)
                return Response.seeOther("/settings/backups?saved=1")
            } catch let error as BackupPlan.Problem {
                let model = BackupPresenter.present(
                    try await response(env.database), typed: change, problems: error.problems, localizer: env.localizer)
                return try env.render(
                    "backups", page: model, title: model.title, current: .settings,
                    context: context, status: error.status)
            }
        }
        router.post("/settings/backups/run") { request, context in
            let env = try context.env
            _ = try await BackupInteractor(store: env.database).planToRun()
            let database = env.database
            let calendar = Calendar.gregorian(in: env.settings.timeZone)
            let now = services.clock.now()
            if services.backups.begin() {
                Task { [services] in
                    await services.backups.perform(database, now: now, calendar: calendar, events: services.events)
                }
            }
            return Response.seeOther("/settings/backups")
        }
        router.get("/settings/backups/state") { request, context in
            let database = try context.env.database
            let localizer = try context.localizer
            return try JSONResponse.make(BackupPresenter.state(try await response(database), localizer: localizer))
        }
        router.get("/settings/backups/files/{name}") { _, context in
            guard let url = services.backups.file(named: context.parameters.get("name") ?? "") else {
                throw BackupsScene.Problem.unknownFile
            }
            return FileDownload.response(url, type: "application/octet-stream", name: url.lastPathComponent)
        }
    }

    private func response(_ database: AppDatabase) async throws -> BackupsScene.Response {
        let interactor = BackupInteractor(store: database)
        let copies = PreUpgradeCopies(dataFolder: services.dataFolder)
        return BackupsScene.Response(
            plan: try await interactor.plan(), status: try await interactor.status(), files: services.backups.files(),
            progress: services.backups.current, check: DataCheck(dataFolder: services.dataFolder).lastResult(),
            upgradeCopies: copies.list().map {
                BackupsScene.File(name: $0.file.lastPathComponent, size: $0.bytes, date: $0.takenAt)
            }, upgradeFolder: copies.folder.path)
    }
}
