import DaybookCore
import Foundation

/// Random ids for new records: short, URL-safe, lowercase.
public struct UUIDGenerator: IDGenerator {
    public init() {}

    public func makeID() -> String {
        String(UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(12))
    }
}
