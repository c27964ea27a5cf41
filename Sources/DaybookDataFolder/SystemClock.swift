import DaybookCore
import Foundation

/// The real clock.
public struct SystemClock: DaybookClock {
    public init() {}

    public func now() -> Date { Date() }
}
