import DaybookCore
import DaybookDataFolder
import DaybookMedia
import DaybookStore
import Foundation
import Logging
import ServiceLifecycle

/// Housekeeping while the server runs: the ambient loops are made at start-up, ahead of the first focus session
/// and off the request path; photo files no row names go to `lost+found/` at start-up and once a day, idempotency
/// keys past their lifetime are forgotten as often, and the self-check (`daybook check`, without repairs) runs
/// once a week, its result shown in Settings → Backups.
struct MaintenanceWatcher: Service, CustomStringConvertible {
    var description: String { "MaintenanceWatcher" }

    let services: AppServices
    let logger: Logger
    static let interval = Duration.seconds(3600)
    static let sweepInterval: TimeInterval = 86400

    func run() async throws {
        let loops = Task(priority: .background) { [services, logger] in services.makeAmbientLoops(logger: logger) }
        defer { loops.cancel() }
        do {
            try await cancelWhenGracefulShutdown {
                var lastSweep: Date?
                // The first round only sweeps: start-up has enough to do without reading the whole database.
                var checks = false
                while !Task.isCancelled {
                    if let database = services.gate.database {
                        let now = services.clock.now()
                        if lastSweep.map({ now.timeIntervalSince($0) >= Self.sweepInterval }) ?? true {
                            await services.sweepPhotos(database, now: now, logger: logger)
                            await services.forgetOldIdempotencyKeys(database, now: now, logger: logger)
                            lastSweep = now
                        }
                        if checks { await services.runDueCheck(database, now: now, logger: logger) }
                        checks = true
                        try await Task.sleep(for: Self.interval)
                    } else {
                        // Still opening the database.
                        try await Task.sleep(for: .seconds(1))
                    }
                }
            }
        } catch is CancellationError {
            // Shutting down.
        }
    }
}

extension AppServices {
    /// The data folder (where `photos/` is).
    var dataFolder: URL { photos.folder.deletingLastPathComponent() }

    /// Makes the ambient loops not made yet (the first start with a data folder), so that the first focus
    /// session's sound starts at once. Says they are ready only once every one is there.
    func makeAmbientLoops(logger: Logger) {
        var made = true
        for sound in AmbientSynthesizer.sounds {
            guard !Task.isCancelled else { return }
            do { _ = try sounds.file(for: sound) } catch {
                made = false
                logger.warning(
                    "an ambient loop could not be made", metadata: ["sound": "\(sound.rawValue)", "error": "\(error)"])
            }
        }
        if made { logger.info("the ambient loops are ready") }
    }

    /// Moves photo files that no row names, older than an hour, to `lost+found/photos/`.
    @discardableResult
    func sweepPhotos(_ database: AppDatabase, now: Date, logger: Logger) async -> PhotoSweep.Result? {
        do {
            let result = try await PhotoSweep(store: photos.store(database)).run(now: now)
            if !result.moved.isEmpty {
                logger.notice(
                    "photo files no photo names were moved to lost+found/photos",
                    metadata: ["count": "\(result.moved.count)"])
            }
            logger.info("the photo sweep is done")
            return result
        } catch {
            logger.warning("the photo sweep failed", metadata: ["error": "\(error)"])
            return nil
        }
    }

    /// Forgets the idempotency keys older than their lifetime (a repeat after that is a new request).
    func forgetOldIdempotencyKeys(_ database: AppDatabase, now: Date, logger: Logger) async {
        do { try await database.forgetIdempotencyKeys(before: now - AppDatabase.idempotencyKeyLifetime) } catch {
            logger.warning("old idempotency keys could not be forgotten", metadata: ["error": "\(error)"])
        }
    }

    /// Runs the self-check when the last one is a week old, and keeps its result.
    func runDueCheck(_ database: AppDatabase, now: Date, logger: Logger) async {
        let check = DataCheck(dataFolder: dataFolder)
        guard CheckReport.isDue(last: check.lastResult(), now: now) else { return }
        let report = await check.run(database, repair: false, now: now)
        do { try check.keep(report) } catch {
            logger.warning("the self-check's result could not be kept", metadata: ["error": "\(error)"])
        }
        if !report.isClean {
            logger.warning(
                "the self-check found problems: run daybook check",
                metadata: ["parts": "\(report.problems.map(\.rawValue))"])
        }
        await events.publish(.settings)
    }
}
