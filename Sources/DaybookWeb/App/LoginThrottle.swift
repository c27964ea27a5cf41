import DaybookCore
import Foundation

/// Slows down passphrase guessing: after a few failures from one address, logins wait.
///
/// An attempt is counted as it is let in, before its guess is checked, and taken back when the guess was right: a
/// burst of guesses sent at once is held to the limit as guesses sent one after another are, not let in whole
/// because none of them had failed yet.
public actor LoginThrottle {
    private let clock: any DaybookClock
    private let limit: Int
    private let window: TimeInterval
    private var failures: [String: [Date]] = [:]

    /// - Parameters:
    ///   - limit: failures allowed within `window` before the address must wait.
    ///   - window: how long a failure counts, in seconds.
    public init(clock: any DaybookClock, limit: Int = 5, window: TimeInterval = 15 * 60) {
        self.clock = clock
        self.limit = limit
        self.window = window
    }

    /// Lets an attempt from `key` in and counts it as a failure until `succeeded(for:)` says otherwise.
    /// - Returns: `nil` when it may try now; else the seconds to wait, and nothing is counted.
    public func admit(_ key: String) -> Int? {
        let recent = prune(key)
        if recent.count >= limit, let oldest = recent.first {
            return max(1, Int((oldest.addingTimeInterval(window).timeIntervalSince(clock.now())).rounded(.up)))
        }
        failures[key, default: []].append(clock.now())
        if failures.count > 10_000 { failures.removeAll() }
        return nil
    }

    /// The attempt `admit(_:)` let in was not a wrong guess: it no longer counts.
    public func succeeded(for key: String) {
        guard var recent = failures[key], !recent.isEmpty else { return }
        recent.removeLast()
        failures[key] = recent.isEmpty ? nil : recent
    }

    public func reset(for key: String) {
        failures[key] = nil
    }

    private func prune(_ key: String) -> [Date] {
        let cutoff = clock.now().addingTimeInterval(-window)
        let recent = (failures[key] ?? []).filter { $0 > cutoff }
        failures[key] = recent.isEmpty ? nil : recent
        return recent
    }
}
