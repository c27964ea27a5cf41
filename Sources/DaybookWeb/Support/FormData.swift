import Foundation

/// The fields of an `application/x-www-form-urlencoded` body.
public struct FormData: Sendable {
    public private(set) var fields: [String: String] = [:]

    public init() {}

    /// Parses a form body; for repeated names the last value wins.
    public init(urlEncoded body: String) {
        for pair in body.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = Self.decode(parts[0]) else { continue }
            fields[name] = parts.count > 1 ? Self.decode(parts[1]) ?? "" : ""
        }
    }

    public subscript(name: String) -> String? { fields[name] }

    private static func decode(_ text: Substring) -> String? {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
