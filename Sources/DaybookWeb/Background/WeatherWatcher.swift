import DaybookCore
import Foundation
import ServiceLifecycle

/// Fetches weather for entries with a place in the background, when the owner turned weather on: soon after
/// an entry is saved, and again every few minutes for hours whose request failed. A save never waits for it.
struct WeatherWatcher: Service, CustomStringConvertible {
    var description: String { "WeatherWatcher" }

    let services: AppServices
    /// How long to wait when nothing happens: failed hours become due again on their own.
    static let idle = Duration.seconds(300)
    static let pace = Duration.seconds(3)

    func run() async throws {
        do {
            try await cancelWhenGracefulShutdown { try await watch() }
        } catch is CancellationError {
            // Shutting down.
        }
    }

    private func watch() async throws {
        while !Task.isCancelled {
            guard let database = services.gate.database else {
                try await Task.sleep(for: .milliseconds(200))
                continue
            }
            // Subscribe before working, so an entry saved meanwhile still wakes the loop.
            let changes = await services.events.subscribe()
            let saved = (try? await services.weatherInteractor(database).refresh()) ?? 0
            if saved > 0 {
                // A backlog (weather just turned on) is asked a dozen hours every few seconds, well within
                // Open-Meteo's fair use.
                try await Task.sleep(for: Self.pace)
                continue
            }
            await withTaskGroup(of: Void.self) { group in
                group.addTask { try? await Task.sleep(for: Self.idle) }
                group.addTask {
                    for await event in changes where event == .journal || event == .settings { return }
                }
                await group.next()
                group.cancelAll()
            }
        }
    }
}
