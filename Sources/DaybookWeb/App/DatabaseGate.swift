import DaybookCore
import DaybookStore
import Foundation

/// Holds the database once it is open and migrated; until then pages show "finishing setup".
///
/// Every request asks it first, so it is a lock around a value rather than an actor: no hop to another executor.
public final class DatabaseGate: Sendable {
    public enum State: Sendable {
        case opening
        case ready(AppDatabase)
        case failed(String)
        /// The upgrade of the database stopped: every page says why and where the copy taken before it is.
        case notUpgraded(UpgradeProblem)
    }

    private let current: Locked<State>

    public init() {
        current = Locked(.opening)
    }

    /// A gate that is open from the start.
    public init(ready database: AppDatabase) {
        current = Locked(.ready(database))
    }

    public var state: State { current.withLock { $0 } }

    /// Opens the database off the request path, so the server answers while migrations run.
    public func open(_ make: @escaping @Sendable () throws -> AppDatabase) {
        Task.detached {
            do {
                self.finish(.ready(try make()))
            } catch let problem as UpgradeProblem {
                self.finish(.notUpgraded(problem))
            } catch {
                self.finish(.failed(String(describing: error)))
            }
        }
    }

    public func finish(_ state: State) {
        current.withLock { $0 = state }
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
