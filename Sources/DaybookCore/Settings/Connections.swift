import Foundation

/// The services outside this machine Daybook may talk to, each off until the owner turns it on.
public struct Connections: Equatable, Sendable, Codable {
    /// Weather for entries with a place, from Open-Meteo (no key; the point and the hour are sent).
    public var weather: Bool
    /// Map tiles from an OpenStreetMap-compatible server: a URL with `{z}`, `{x}` and `{y}`; empty for none.
    public var tileURL: String
    /// The credit the tile server asks for, shown on the map.
    public var tileAttribution: String
    /// A Nominatim-compatible geocoder for street-level place names (its address, without `/reverse`); empty for
    /// none, when the bundled gazetteer names places.
    public var geocoderURL: String

    public init(weather: Bool = false, tileURL: String = "", tileAttribution: String = "", geocoderURL: String = "") {
        self.weather = weather
        self.tileURL = tileURL
        self.tileAttribution = tileAttribution
        self.geocoderURL = geocoderURL
    }

    /// Everything off: how Daybook starts.
    public static let none = Connections()

    /// The origin of the tile server (`https://tile.openstreetmap.org`), which the pages' content policy then
    /// allows images from; `nil` when tiles are off.
    public var tileOrigin: String? { Self.origin(of: tileURL) }

    static func origin(of text: String) -> String? {
        guard !text.isEmpty,
            let url = URL(string: text.replacingOccurrences(of: "{", with: "").replacingOccurrences(of: "}", with: "")),
            let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http", let host = url.host,
            !host.isEmpty
        else { return nil }
        return "\(scheme)://\(host)" + (url.port.map { ":\($0)" } ?? "")
    }

    /// Explicit limits, shown to people when they are crossed.
    public enum Limits {
        public static let urlLength = 300
        public static let attributionLength = 200
    }
}

/// A change to `Connections`: the fields sent replace the stored ones.
public struct ConnectionsChange: Equatable, Sendable, Codable {
    public var weather: Bool?
    public var tileURL: String?
    public var tileAttribution: String?
    public var geocoderURL: String?

    public init(
        weather: Bool? = nil, tileURL: String? = nil, tileAttribution: String? = nil, geocoderURL: String? = nil
    ) {
        self.weather = weather
        self.tileURL = tileURL
        self.tileAttribution = tileAttribution
        self.geocoderURL = geocoderURL
    }

    /// `current` with this change, every field checked.
    ///
    /// - Throws: `Connections.Problem` naming each refused field; nothing is applied then.
    public func applied(to current: Connections) throws(Connections.Problem) -> Connections {
        var result = current
        var problems: [ConnectionsField: ConnectionsProblem] = [:]
        if let weather { result.weather = weather }
        if let tileURL {
            let text = tileURL.trimmingCharacters(in: .whitespaces)
            if text.isEmpty || Self.isTileTemplate(text) {
                result.tileURL = text
            } else {
                problems[.tileURL] = .tileURL
            }
        }
        if let tileAttribution {
            let text = tileAttribution.trimmingWhiteSpace()
            if text.count <= Connections.Limits.attributionLength, !text.contains(where: \.isNewline) {
                result.tileAttribution = text
            } else {
                problems[.tileAttribution] = .attribution
            }
        }
        if let geocoderURL {
            var text = geocoderURL.trimmingCharacters(in: .whitespaces)
            while text.hasSuffix("/") { text.removeLast() }
            if text.isEmpty || Self.isWebAddress(text) {
                result.geocoderURL = text
            } else {
                problems[.geocoderURL] = .webAddress
            }
        }
        guard problems.isEmpty else { throw Connections.Problem(problems: problems) }
        return result
    }

    /// An http(s) address with a host, no spaces or quotes, within the length limit.
    static func isWebAddress(_ text: String) -> Bool {
        text.count <= Connections.Limits.urlLength && Connections.origin(of: text) != nil
            && !text.contains(where: { $0.isWhitespace || $0 == "\"" || $0 == "'" || $0 == "<" || $0 == ">" })
    }

    /// An address with `{z}`, `{x}` and `{y}` and no other placeholder (such as `{s}`, which the map does not
    /// fill in).
    static func isTileTemplate(_ text: String) -> Bool {
        let placeholders = ["{z}", "{x}", "{y}"]
        let rest = placeholders.reduce(text) { $0.replacingOccurrences(of: $1, with: "") }
        return isWebAddress(text) && placeholders.allSatisfy(text.contains) && !rest.contains("{")
            && !rest.contains("}")
    }
}

/// A field of the connections form, named as in the form and the API.
public enum ConnectionsField: String, CaseIterable, Sendable {
    case weather, tileURL, tileAttribution, geocoderURL
}

public enum ConnectionsProblem: Error, Equatable, Sendable {
    /// Not an http(s) address with `{z}`, `{x}` and `{y}`.
    case tileURL
    /// Not an http(s) address.
    case webAddress
    /// Longer than the limit, or on more than one line.
    case attribution
}

extension Connections {
    public struct Problem: Error, Equatable, Sendable {
        public var problems: [ConnectionsField: ConnectionsProblem]
    }
}

/// Where the connections are kept (one row).
public protocol ConnectionsStore: Sendable {
    func loadConnections() async throws -> Connections
    func saveConnections(_ connections: Connections) async throws
}
