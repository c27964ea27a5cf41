// Forms arrive as `application/x-www-form-urlencoded`. Hummingbird's `URLEncodedFormDecoder` decodes into a
// `Decodable` type and reads repeated names only in its `name[]` form, while Daybook's pages post checkbox groups
// under one plain name and routes read fields by name; Foundation's `URLComponents` does not read `+` as a space.
// So this small reader stays.

import Foundation

/// The fields of an `application/x-www-form-urlencoded` body.
public struct FormData: Sendable {
    public private(set) var fields: [String: String] = [:]
    /// Every value of every name, in the order sent (checkbox groups send one name many times).
    public private(set) var allValues: [String: [String]] = [:]

    public init() {}

    /// Parses a form body; for repeated names the last value wins in `fields` and all are kept in `allValues`.
    public init(urlEncoded body: String) {
        for pair in body.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = Self.decode(parts[0]) else { continue }
            let value = parts.count > 1 ? Self.decode(parts[1]) ?? "" : ""
            fields[name] = value
            allValues[name, default: []].append(value)
        }
    }

    public subscript(name: String) -> String? { fields[name] }

    /// Every value sent under `name`.
    public func values(_ name: String) -> [String] { allValues[name] ?? [] }

    /// Decodes a name or value; a NUL (`%00`) is dropped, as SQLite's C strings would cut the text at it.
    private static func decode(_ text: Substring) -> String? {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding?
            .replacingOccurrences(of: "\u{0}", with: "")
    }
}
