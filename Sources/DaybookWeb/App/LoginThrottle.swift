import DaybookCore
import Foundation

/// Slows down passphrase guessing: after a few failures from one address, logins wait.
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

    /// Seconds to wait before the next attempt from `key`, or `nil` when it may try now.
    public func retryAfter(for key: String) -> Int? {
        let recent = prune(key)
        guard recent.count >= limit, let oldest = recent.first else { return nil }
        return max(1, Int((oldest.addingTimeInterval(window).timeIntervalSince(clock.now())).rounded(.up)))
    }

    public func recordFailure(for key: String) {
        failures[key, default: []].append(clock.now())
        if failures.count > 10_000 { failures.removeAll() }
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
