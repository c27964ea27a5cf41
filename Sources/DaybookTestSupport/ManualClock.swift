import DaybookCore
import Foundation

/// A clock tests move by hand.
public final class ManualClock: DaybookClock {
    private let current: Locked<Date>

    public init(_ date: Date) {
        current = Locked(date)
    }

    public func now() -> Date { current.withLock { $0 } }

    public func advance(by seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }
}

extension Date {
    /// A date from an ISO 8601 string such as `2026-11-21T08:30:00+09:00`; crashes on a typo in a test.
    public static func iso(_ text: String) -> Date {
        guard let date = try? Date(text, strategy: .iso8601) else { fatalError("bad ISO date in a test: \(text)") }
        return date
    }
}
