import DaybookCore
import Foundation
import ServiceLifecycle

/// Records a countdown as completed the moment it reaches zero, even when no page is open.
///
/// Its description is its name: the service group names every service once at start, and without one it would
/// reflect over everything `AppServices` holds (every catalog string, every parsed template).
struct FocusWatcher: Service, CustomStringConvertible {
    var description: String { "FocusWatcher" }

    let services: AppServices

    func run() async throws {
        do {
            try await watch()
        } catch is CancellationError {
            // Shutting down.
        }
    }

    private func watch() async throws {
        try await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                guard let database = services.gate.database else {
                    try await Task.sleep(for: .milliseconds(50))
                    continue
                }
                // Subscribe before reading, so a change made meanwhile still wakes the loop.
                let changes = await services.events.subscribe()
                let interactor = services.focusInteractor(database)
                _ = try? await interactor.current()
                let endsAt = try? await interactor.endsAt()
                let wait = endsAt.map { max(0.05, $0.timeIntervalSince(services.clock.now())) } ?? 3600
                await withTaskGroup(of: Void.self) { group in
                    group.addTask { try? await Task.sleep(for: .seconds(wait)) }
                    group.addTask {
                        for await _ in changes { return }
                    }
                    await group.next()
                    group.cancelAll()
                }
            }
        }
    }
}
