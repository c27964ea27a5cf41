import DaybookCore

/// The owner's settings as last read or saved.
///
/// The server is the one writer, so once the settings are known no page asks the database for them again:
/// every save replaces them here in the same breath.
final class SettingsCache: Sendable {
    private enum State {
        case unknown
        case known(Settings?)
    }

    private let state = Locked(State.unknown)

    /// `nil` when not read yet; `.some(nil)` when nothing was ever saved.
    var value: Settings?? {
        state.withLock { state in
            if case .known(let settings) = state { return .some(settings) }
            return nil
        }
    }

    /// Remembers what a read found, unless a save got there first.
    func remember(read settings: Settings?) {
        state.withLock { state in
            if case .unknown = state { state = .known(settings) }
        }
    }

    /// Replaces the settings with those just saved.
    func replace(with settings: Settings) {
        state.withLock { $0 = .known(settings) }
    }

    /// Forgets them, so the next read asks the database (after a write that may not have committed).
    func forget() {
        state.withLock { $0 = .unknown }
    }
}
