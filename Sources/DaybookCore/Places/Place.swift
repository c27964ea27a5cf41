import Foundation

/// A point on the Earth in degrees (WGS 84), as GPS, the browser and photos give it.
public struct Coordinate: Hashable, Sendable, Codable {
    public let latitude: Double
    public let longitude: Double

    /// `nil` unless both are finite numbers in range: latitude −90…90, longitude −180…180.
    public init?(latitude: Double, longitude: Double) {
        guard latitude.isFinite, longitude.isFinite, (-90...90).contains(latitude), (-180...180).contains(longitude)
        else { return nil }
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Reads `LAT,LON` (`37.5665,126.978`), spaces allowed around the parts, as `--at` and `?at=` take it.
    public init?(text: String) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let latitude = Self.degrees(parts[0]), let longitude = Self.degrees(parts[1]) else {
            return nil
        }
        self.init(latitude: latitude, longitude: longitude)
    }

    /// `LAT,LON` with five decimals (about a metre), the form `init(text:)` reads.
    public var text: String { "\(Self.fixed(latitude)),\(Self.fixed(longitude))" }

    /// Great-circle distance in metres (haversine on a sphere of the Earth's mean radius).
    public func distance(to other: Coordinate) -> Double {
        let radians = Double.pi / 180
        let dLatitude = (other.latitude - latitude) * radians
        let dLongitude = (other.longitude - longitude) * radians
        let a =
            sin(dLatitude / 2) * sin(dLatitude / 2) + cos(latitude * radians) * cos(other.latitude * radians)
            * sin(dLongitude / 2) * sin(dLongitude / 2)
        return 2 * Self.earthRadius * asin(min(1, a.squareRoot()))
    }

    /// The Earth's mean radius in metres.
    public static let earthRadius = 6_371_008.8

    static func degrees(_ part: Substring) -> Double? {
        let text = part.trimmingCharacters(in: .whitespaces)
        // Plain decimals only: no "nan", "inf" or hexadecimal floats.
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-" || $0 == "+") })
        else { return nil }
        return Double(text)
    }

    /// The number with at most five decimals and no trailing zeros (`126.978`), as links and data attributes carry it.
    public static func fixed(_ value: Double) -> String {
        var text = String(format: "%.5f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }
}

/// Where an entry was written: a point, and the name of the place and its country as they were saved.
public struct Place: Equatable, Sendable, Codable {
    public var coordinate: Coordinate
    /// The place's name (a city from the gazetteer, or what the owner typed); empty when there is none, such as
    /// at sea.
    public var name: String
    /// ISO 3166-1 alpha-2 (`KR`), shown in the owner's language; `nil` when unknown.
    public var country: String?

    public init(coordinate: Coordinate, name: String, country: String?) {
        self.coordinate = coordinate
        self.name = name
        self.country = country
    }

    /// Explicit limits, shown to people when they are crossed.
    public enum Limits {
        /// Characters in a place name.
        public static let nameLength = 120
    }
}

/// A place as a form, the API or the CLI sends it: a point, with a name and country when the sender has them.
///
/// A draft with neither latitude nor longitude takes the place away.
public struct PlaceDraft: Equatable, Sendable, Codable {
    public var latitude: Double?
    public var longitude: Double?
    public var name: String?
    public var country: String?

    public init(latitude: Double? = nil, longitude: Double? = nil, name: String? = nil, country: String? = nil) {
        self.latitude = latitude
        self.longitude = longitude
        self.name = name
        self.country = country
    }

    public init(_ place: Place) {
        self.init(
            latitude: place.coordinate.latitude, longitude: place.coordinate.longitude, name: place.name,
            country: place.country)
    }

    /// Whether the draft takes the place away.
    public var removes: Bool { latitude == nil && longitude == nil }

    /// The place, or `nil` when the draft removes it; a blank name stays blank (the caller may name it).
    ///
    /// - Throws: `JournalProblem.invalidPlace` for a missing half of the point, a point out of range, a name over
    ///   its limit or a country that is not two letters.
    public func validated() throws(JournalProblem) -> Place? {
        if removes { return nil }
        guard let latitude, let longitude, let coordinate = Coordinate(latitude: latitude, longitude: longitude)
        else { throw .invalidPlace }
        let name = (self.name ?? "").trimmingWhiteSpace()
        guard name.count <= Place.Limits.nameLength, !name.contains(where: \.isNewline) else { throw .invalidPlace }
        let country = (self.country ?? "").trimmingCharacters(in: .whitespaces).uppercased()
        guard country.isEmpty || (country.count == 2 && country.allSatisfy { $0.isASCII && $0.isLetter }) else {
            throw .invalidPlace
        }
        return Place(coordinate: coordinate, name: name, country: country.isEmpty ? nil : country)
    }
}
