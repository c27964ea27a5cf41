import DaybookCore
import Foundation
import ServiceLifecycle

/// Sends reminders as they fall due, also when no page is open; after a restart, what fell due while the
/// server was down is sent once (up to six hours back).
struct ReminderWatcher: Service, CustomStringConvertible {
    var description: String { "ReminderWatcher" }

    let services: AppServices
    /// Reminders are due on the minute; looking twice a minute sends each within half a minute.
    static let interval = Duration.seconds(30)

    func run() async throws {
        do {
            try await cancelWhenGracefulShutdown {
                while !Task.isCancelled {
                    if let database = services.gate.database {
                        _ = try? await services.reminderInteractor(database).run()
                    }
                    try await Task.sleep(for: Self.interval)
                }
            }
        } catch is CancellationError {
            // Shutting down.
        }
    }
}
