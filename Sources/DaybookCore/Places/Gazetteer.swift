import Foundation

/// Names places with no network: the nearest city of GeoNames' world cities (population 15,000 or more), shipped
/// with Daybook as `Resources/Places/cities.tsv` (built by `scripts/places/gazetteer.py`).
///
/// Cities are filed in a grid of one-degree squares, so a lookup reads the few squares within `reach` of the
/// point rather than every city.
public final class Gazetteer: Sendable {
    /// A city of the gazetteer.
    public struct City: Equatable, Sendable {
        public var coordinate: Coordinate
        /// ISO 3166-1 alpha-2.
        public var country: String
        public var population: Int
        /// The name GeoNames gives first (mostly the local name in Latin letters).
        public var name: String
        /// Names in Korean, Japanese and Simplified Chinese, where the data has them (fields rather than a
        /// dictionary: most fit in the string itself, so 34,000 cities take a few MiB).
        public var korean: String?
        public var japanese: String?
        public var chinese: String?

        /// The name in `language`, or the main name when the data has none in it.
        public func name(in language: AppLanguage) -> String {
            switch language {
            case .english: name
            case .korean: korean ?? name
            case .japanese: japanese ?? name
            case .simplifiedChinese: chinese ?? name
            }
        }
    }

    private let cities: [City]
    /// City indexes by grid square (`squareKey`).
    private let squares: [Int: [Int32]]

    /// How far from a city a point may be and still be named after it, in metres. Beyond it (at sea, in the
    /// middle of a desert) a place has no city.
    public static let reach = 50_000.0
    /// How much nearer a city counts for each tenfold of its population when choosing between cities in reach.
    public static let kilometresPerTenfold = 5.0

    /// Reads the gazetteer's text: `#` comment lines, then one city a line, tab-separated: latitude, longitude,
    /// country, population, name, and its names in Korean, Japanese and Simplified Chinese (empty when none).
    /// Lines this version cannot read are skipped.
    public init(text: String) {
        var cities: [City] = []
        var squares: [Int: [Int32]] = [:]
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count >= 5, let latitude = Double(fields[0]), let longitude = Double(fields[1]),
                let coordinate = Coordinate(latitude: latitude, longitude: longitude), !fields[4].isEmpty
            else { continue }
            func name(_ column: Int) -> String? {
                column < fields.count && !fields[column].isEmpty ? String(fields[column]) : nil
            }
            squares[Self.squareKey(latitude: latitude, longitude: longitude), default: []].append(Int32(cities.count))
            cities.append(
                City(
                    coordinate: coordinate, country: String(fields[2]), population: Int(fields[3]) ?? 0,
                    name: String(fields[4]), korean: name(5), japanese: name(6), chinese: name(7)))
        }
        self.cities = cities
        self.squares = squares
    }

    /// The gazetteer shipped with Daybook, read on first use; `nil` when its file is missing.
    public static let bundled: Gazetteer? = {
        guard let url = Bundle.module.url(forResource: "cities", withExtension: "tsv", subdirectory: "Places"),
            let text = try? String(contentsOf: url, encoding: .utf8)
        else { return nil }
        return Gazetteer(text: text)
    }()

    public var count: Int { cities.count }

    /// The city a point is in: of the cities within `reach`, the nearest, counting each tenfold of population
    /// as `kilometresPerTenfold` nearer, so that the centre of Shanghai is Shanghai, not the district around
    /// its city hall, while a suburb with its own large town keeps that town's name. `nil` when there is none.
    public func nearest(to coordinate: Coordinate, within reach: Double = Gazetteer.reach) -> City? {
        // Squares are a degree of latitude (about 111 km) tall; a degree of longitude narrows towards the poles.
        let metresPerDegree = Coordinate.earthRadius * .pi / 180
        let rows = Int((reach / metresPerDegree).rounded(.up))
        let narrowest = max(cos((abs(coordinate.latitude) + Double(rows)) * .pi / 180), 0.01)
        let columns = min(Int((reach / (metresPerDegree * narrowest)).rounded(.up)), 179)
        let row = Self.row(coordinate.latitude)
        let column = Self.column(coordinate.longitude)
        var best: (index: Int32, score: Double)?
        for r in max(row - rows, 0)...min(row + rows, 179) {
            for offset in -columns...columns {
                // Longitude wraps around the antimeridian.
                let c = ((column + offset) % 360 + 360) % 360
                guard let indexes = squares[r * 360 + c] else { continue }
                for index in indexes {
                    let city = cities[Int(index)]
                    let distance = coordinate.distance(to: city.coordinate)
                    guard distance <= reach else { continue }
                    let score = distance / 1000 - Self.kilometresPerTenfold * log10(Double(max(city.population, 1)))
                    if score < best?.score ?? .infinity { best = (index, score) }
                }
            }
        }
        return best.map { cities[Int($0.index)] }
    }

    /// The name and country of the place at `coordinate` in `language`; `nil` when no city is within `reach`.
    public func place(at coordinate: Coordinate, language: AppLanguage) -> Place? {
        guard let city = nearest(to: coordinate) else { return nil }
        return Place(coordinate: coordinate, name: city.name(in: language), country: city.country)
    }

    private static func row(_ latitude: Double) -> Int { min(max(Int((latitude + 90).rounded(.down)), 0), 179) }
    private static func column(_ longitude: Double) -> Int {
        min(max(Int((longitude + 180).rounded(.down)), 0), 359)
    }
    private static func squareKey(latitude: Double, longitude: Double) -> Int {
        row(latitude) * 360 + column(longitude)
    }
}
