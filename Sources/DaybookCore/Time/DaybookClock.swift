import Foundation

/// Tells the time. Every rule that reads "now" asks a clock it was given.
public protocol DaybookClock: Sendable {
    func now() -> Date
}

/// A clock that always says the same time.
public struct FixedClock: DaybookClock {
    public let date: Date

    public init(_ date: Date) {
        self.date = date
    }

    public func now() -> Date { date }
}
