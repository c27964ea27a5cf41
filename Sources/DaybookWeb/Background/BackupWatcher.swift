import DaybookCore
import DaybookStore
import Foundation
import ServiceLifecycle

/// Makes the daily backup while the server runs, once a backup passphrase or recipient is set: looks every ten
/// minutes, and waits an hour after a failure.
struct BackupWatcher: Service, CustomStringConvertible {
    var description: String { "BackupWatcher" }

    let services: AppServices
    static let interval = Duration.seconds(600)

    func run() async throws {
        do {
            try await cancelWhenGracefulShutdown {
                // Start-up has enough to do: the first look waits a minute.
                try await Task.sleep(for: .seconds(60))
                while !Task.isCancelled {
                    if let database = services.gate.database {
                        await services.runDueBackup(database)
                    }
                    try await Task.sleep(for: Self.interval)
                }
            }
        } catch is CancellationError {
            // Shutting down.
        }
    }
}

extension AppServices {
    /// Makes a backup when one is due today.
    func runDueBackup(_ database: AppDatabase) async {
        guard let plan = try? await database.loadBackupPlan(), plan.isConfigured,
            let status = try? await database.loadBackupStatus(), let settings = try? await database.loadSettings()
        else { return }
        let now = clock.now()
        let calendar = Calendar.gregorian(in: settings.timeZone)
        guard BackupSchedule.isDue(status, now: now, calendar: calendar) else { return }
        await backups.run(database, now: now, calendar: calendar, events: events)
    }
}
