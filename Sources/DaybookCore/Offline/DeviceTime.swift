import Foundation

/// When a person did something on a device that could not reach the server, by the device's clock, sent on
/// the device's return: the server records it at that moment rather than when it arrived.
public enum DeviceTime {
    /// How far ahead of the server's clock a device's clock may run.
    public static let skew: TimeInterval = 5 * 60
    /// How long a device may stay away: as long as the server keeps the changes' idempotency keys.
    public static let replayWindow: TimeInterval = 8 * 24 * 3600

    /// Why a device's time was refused.
    public enum Problem: Error, Equatable, Sendable {
        /// Later than the server's clock, beyond the allowed skew.
        case inFuture
        /// Older than the replay window.
        case tooOld
        /// Before the last thing that happened to what it changes (a pause before its start).
        case outOfOrder
    }

    /// Checks that `time` could be when a person did something.
    ///
    /// - Parameters:
    ///   - time: the device's time.
    ///   - now: the server's clock.
    ///   - last: when the thing it changes last changed, if known; `time` may not be before it.
    /// - Throws: `.inFuture`, `.tooOld` or `.outOfOrder`.
    public static func check(_ time: Date, now: Date, after last: Date?) throws(Problem) {
        guard time <= now.addingTimeInterval(skew) else { throw .inFuture }
        guard time >= now.addingTimeInterval(-replayWindow) else { throw .tooOld }
        if let last, time < last { throw .outOfOrder }
    }
}
