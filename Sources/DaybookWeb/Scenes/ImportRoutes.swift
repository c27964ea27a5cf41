import DaybookCore
import DaybookDataFolder
import DaybookFeatures
import DaybookStore
import Foundation
import Hummingbird

/// `POST /api/v1/import/{source}[?dryRun=true][&journal=NAME][&fileName=NAME][&mood=NAME:LEVEL…]`: another app's
/// export as the body (its file's own bytes), brought in at once or, with `dryRun`, only counted; `journal` picks one
/// journal of a Day One export, `fileName` is how problems name the file, and `mood` gives a Daylio CSV's own mood
/// names a level (repeated, one per name). The Settings page and `daybook import` both use it.
struct ImportRoutes {
    let services: AppServices

    func register(on router: Router<DaybookRequestContext>) {
        router.post("/api/v1/import/{source}") { request, context in
            let env = try context.env
            let localizer = env.localizer
            guard let source = ImportSource(rawValue: context.parameters.get("source") ?? "") else {
                throw ImportScene.Problem.unknownSource
            }
            let dryRunText = request.uri.queryParameters["dryRun"].map(String.init) ?? "false"
            guard dryRunText == "true" || dryRunText == "false" else { throw ImportScene.Problem.invalidDryRun }
            let dryRun = dryRunText == "true"
            var levels: [String: Int] = [:]
            for text in request.uri.queryParameters.getAll("mood") {
                guard let mapping = DaylioCSVImport.moodMapping(text) else { throw ImportScene.Problem.invalidMood }
                levels[mapping.name] = mapping.level
            }
            let earlierPhotos = try await env.database.importedItems(from: source, kind: "photo")
            var options = ImportService.Options(
                journal: request.uri.queryParameters["journal"].map(String.init).flatMap { $0.isEmpty ? nil : $0 },
                fileName: request.uri.queryParameters["fileName"].map(String.init).flatMap { $0.isEmpty ? nil : $0 },
                moodLevels: levels,
                photosImportedBefore: Set(earlierPhotos.keys))
            let work = services.backups.service.dataFolder.appendingPathComponent(
                ".import-\(UUID().uuidString)", isDirectory: true)
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: work) }
            let file = work.appendingPathComponent("upload")
            let photos = work.appendingPathComponent("photos", isDirectory: true)
            let photoInteractor = env.photos
            // A notes folder sent as a tar stream has its photos checked while the rest of it arrives.
            let arriving =
                source == .markdown && !dryRun
                ? ArrivingPhotos(
                    skipping: options.photosImportedBefore,
                    save: { file, sha256 in try await photoInteractor.add(upload: file, sha256: sha256) },
                    discard: { photo in try? await photoInteractor.delete(id: photo.id) })
                : nil
            var notesFolder = source == .markdown ? NotesFolderUpload(photos: arriving, into: photos) : nil
            do {
                try await PhotoRoutes.receiveScratch(
                    request, into: file, limit: ImportService.largestFile,
                    tooLarge: ImportBatch.Problem.tooLarge(limit: ImportService.largestFile),
                    write: { handle, piece in
                        guard notesFolder != nil else { return try handle.write(contentsOf: piece) }
                        try notesFolder?.write(piece, to: handle)
                    })
                options.tarEntries = notesFolder?.finished()
                options.photosTakenOut = arriving?.offered ?? []
                if source == .jrnl,
                    let journal = try await BackupRunner.offThePool({ [options] in
                        try JrnlTextFile.open(
                            file, name: options.fileName ?? "journal", timeZone: localizer.timeZone)
                    })
                {
                    // A plain-text journal is read and written an entry at a time, however long it is.
                    let report = try await env.imports.run(
                        journal, from: source, dryRun: dryRun)
                    return try JSONResponse.make(ImportPresenter.present(report, dryRun: dryRun, localizer: localizer))
                }
                let (batch, files) = try await BackupRunner.offThePool { [options] in
                    try ImportService.read(
                        file, as: source, options: options, localizer: localizer, photosInto: dryRun ? nil : photos)
                }
                await arriving?.finish()
                let report = try await env.imports.run(
                    batch, from: source, dryRun: dryRun,
                    savePhoto: { photo in
                        if let kept = try arriving?.photo(photo.path) { return kept }
                        guard let unpacked = files[photo.sourceID] else {
                            throw ImportBatch.Problem.unreadable(photo.path)
                        }
                        return try await photoInteractor.add(upload: unpacked.file, sha256: unpacked.sha256)
                    },
                    discardPhoto: { photo in try? await photoInteractor.delete(id: photo.id) })
                await arriving?.discardUnused()
                return try JSONResponse.make(ImportPresenter.present(report, dryRun: dryRun, localizer: localizer))
            } catch {
                // Whatever refused the file (an `ImportBatch.Problem` answers as its SceneProblem), the photos kept while
                // it arrived are deleted.
                await arriving?.discardUnused()
                throw error
            }
        }
    }
}
