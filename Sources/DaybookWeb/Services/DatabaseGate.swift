import DaybookStore
import Foundation

/// Holds the database once it is open and migrated; until then pages show "finishing setup".
public actor DatabaseGate {
    public enum State: Sendable {
        case opening
        case ready(AppDatabase)
        case failed(String)
    }

    public private(set) var state: State = .opening

    public init() {}

    /// A gate that is open from the start.
    public init(ready database: AppDatabase) {
        state = .ready(database)
    }

    /// Opens the database off the request path, so the server answers while migrations run.
    public func open(_ make: @escaping @Sendable () throws -> AppDatabase) {
        Task.detached {
            do {
                let database = try make()
                await self.finish(.ready(database))
            } catch {
                await self.finish(.failed(String(describing: error)))
            }
        }
    }

    public func finish(_ state: State) {
        self.state = state
    }

    /// The database when ready.
    public var database: AppDatabase? {
        if case .ready(let database) = state { return database }
        return nil
    }

    /// Waits (polling) until the database is ready or failed.
    public func waitUntilSettled() async -> State {
        while case .opening = state {
            try? await Task.sleep(for: .milliseconds(10))
        }
        return state
    }
}
