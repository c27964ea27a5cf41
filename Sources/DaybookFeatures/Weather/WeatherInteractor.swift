import DaybookCore
import Foundation

/// Weather for entries with a place: fetched in the background, only when the owner turned weather on, and
/// kept by square and hour so that nothing is asked twice.
public struct WeatherInteractor: Sendable {
    private let store: any WeatherStore
    private let connections: any ConnectionsStore
    private let provider: any WeatherProvider
    private let clock: any DaybookClock

    public init(
        store: any WeatherStore, connections: any ConnectionsStore, provider: any WeatherProvider,
        clock: any DaybookClock
    ) {
        self.store = store
        self.connections = connections
        self.provider = provider
        self.clock = clock
    }

    /// Asks the provider for up to `limit` hours that entries need and no observation holds yet; a failure is
    /// noted and the hour asked again later. Nothing is asked while weather is off.
    ///
    /// - Returns: how many observations were saved.
    @discardableResult
    public func refresh(limit: Int = 12) async throws -> Int {
        guard try await connections.loadConnections().weather else { return 0 }
        var saved = 0
        for key in try await store.pendingWeather(now: clock.now(), limit: limit) {
            do {
                let observation = try await provider.observation(at: key)
                try await store.saveWeather(observation, at: key, fetchedAt: clock.now())
                saved += 1
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                try await store.recordWeatherFailure(at: key, on: clock.now(), reason: String(describing: error))
            }
        }
        return saved
    }

    /// The weather kept for an entry's place and hour; `nil` when it has no place or none was fetched yet.
    public func weather(for entry: JournalEntry) async throws -> WeatherObservation? {
        guard let place = entry.place else { return nil }
        return try await store.weather(at: WeatherKey(place.coordinate, at: entry.moment))
    }
}
