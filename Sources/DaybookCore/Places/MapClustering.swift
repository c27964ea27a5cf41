import Foundation

/// A box of longitudes and latitudes, west to east and south to north; it never wraps the antimeridian.
public struct MapBounds: Equatable, Sendable {
    public let west: Double
    public let south: Double
    public let east: Double
    public let north: Double

    /// `nil` unless all four are finite and in range, west < east and south < north.
    public init?(west: Double, south: Double, east: Double, north: Double) {
        guard [west, south, east, north].allSatisfy(\.isFinite), (-180...180).contains(west),
            (-180...180).contains(east), (-90...90).contains(south), (-90...90).contains(north), west < east,
            south < north
        else { return nil }
        (self.west, self.south, self.east, self.north) = (west, south, east, north)
    }

    /// Reads `WEST,SOUTH,EAST,NORTH` in degrees, as `?bbox=` takes it.
    public init?(text: String) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        let numbers = parts.compactMap(Coordinate.degrees)
        guard numbers.count == 4 else { return nil }
        self.init(west: numbers[0], south: numbers[1], east: numbers[2], north: numbers[3])
    }

    /// The whole map.
    public static let world = MapBounds(west: -180, south: -90, east: 180, north: 90)!

    public func contains(_ coordinate: Coordinate) -> Bool {
        (west...east).contains(coordinate.longitude) && (south...north).contains(coordinate.latitude)
    }

    /// `[west, south, east, north]`, the order of `?bbox=`.
    public var values: [Double] { [west, south, east, north] }

    /// The centre and the zoom that show the whole box in a view of `width` × `height` pixels, zoomed in no
    /// further than `maximumZoom`.
    public func fitted(width: Double, height: Double, maximumZoom: Double) -> (center: Coordinate, zoom: Double) {
        let (left, right) = (WebMercator.x(longitude: west), WebMercator.x(longitude: east))
        let (top, bottom) = (WebMercator.y(latitude: north), WebMercator.y(latitude: south))
        let spanX = max(right - left, 1e-9) * 256
        let spanY = max(bottom - top, 1e-9) * 256
        let zoom = min(max(log2(min(width / spanX, height / spanY)).rounded(.down), 1), maximumZoom)
        let center = Coordinate(
            latitude: WebMercator.latitude(y: (top + bottom) / 2),
            longitude: WebMercator.longitude(x: (left + right) / 2))
        return (center ?? Coordinate(latitude: 0, longitude: 0)!, zoom)
    }

    /// The part of this box inside `other`; `nil` when they do not meet.
    public func intersection(_ other: MapBounds) -> MapBounds? {
        MapBounds(
            west: max(west, other.west), south: max(south, other.south), east: min(east, other.east),
            north: min(north, other.north))
    }
}

/// The Web Mercator projection of map tiles, in world units: x from 0 (180° W) to 1 (180° E), y from 0
/// (85.05° N) to 1 (85.05° S).
public enum WebMercator {
    /// The latitude where the square world ends.
    public static let maximumLatitude = 85.051_128_779_806_59

    public static func x(longitude: Double) -> Double { (longitude + 180) / 360 }

    public static func y(latitude: Double) -> Double {
        let clamped = min(max(latitude, -maximumLatitude), maximumLatitude) * .pi / 180
        return (1 - log(tan(clamped) + 1 / cos(clamped)) / .pi) / 2
    }

    public static func longitude(x: Double) -> Double { x * 360 - 180 }

    public static func latitude(y: Double) -> Double { atan(sinh(.pi * (1 - 2 * y))) * 180 / .pi }
}

/// A live entry with a place, as the map's index keeps it: enough to cluster and order, nothing to show.
public struct PlacedEntry: Equatable, Sendable {
    public var id: String
    public var coordinate: Coordinate
    public var moment: Date

    public init(id: String, coordinate: Coordinate, moment: Date) {
        self.id = id
        self.coordinate = coordinate
        self.moment = moment
    }
}

/// Entries on the map, gathered into clusters by a grid over the visible area.
public struct MapCluster: Equatable, Sendable {
    /// The mean of its entries' positions (on the projected map).
    public var center: Coordinate
    public var count: Int
    /// The grid cell it gathers, within the asked area: exactly its entries lie inside.
    public var bounds: MapBounds
    /// The entry, when the cluster holds one.
    public var entryID: String?

    public init(center: Coordinate, count: Int, bounds: MapBounds, entryID: String?) {
        self.center = center
        self.count = count
        self.bounds = bounds
        self.entryID = entryID
    }
}

/// The places of entries, kept projected so that clustering them is arithmetic.
///
/// Clustering is a grid of `cellPixels`-wide squares at the zoom asked for: the entries in a square make one
/// cluster. Zooming in one step halves the squares, so clusters split as the owner zooms in.
public struct PlaceIndex: Sendable {
    public let points: [PlacedEntry]
    private let xs: [Double]
    private let ys: [Double]

    /// Width of a grid square on screen, in 256-pixel-tile pixels.
    public static let cellPixels = 64.0
    /// The zooms of map tiles.
    public static let zooms = 0...20

    public init(_ points: [PlacedEntry]) {
        self.points = points
        xs = points.map { WebMercator.x(longitude: $0.coordinate.longitude) }
        ys = points.map { WebMercator.y(latitude: $0.coordinate.latitude) }
    }

    public var count: Int { points.count }

    /// The clusters of the entries inside `bounds` at `zoom` (clamped to `zooms`), largest first.
    public func clusters(in bounds: MapBounds, zoom: Int) -> [MapCluster] {
        let cells = Double(256 << min(max(zoom, Self.zooms.lowerBound), Self.zooms.upperBound)) / Self.cellPixels
        let last = Int(cells) - 1
        struct Cell {
            var count = 0
            var x = 0.0
            var y = 0.0
            var first = 0
        }
        var grid: [Int: Cell] = [:]
        for index in points.indices where bounds.contains(points[index].coordinate) {
            let column = min(Int(xs[index] * cells), last)
            let row = min(Int(ys[index] * cells), last)
            let key = row << 32 | column
            var cell = grid[key] ?? Cell(first: index)
            cell.count += 1
            cell.x += xs[index]
            cell.y += ys[index]
            grid[key] = cell
        }
        var clusters: [MapCluster] = []
        clusters.reserveCapacity(grid.count)
        for (key, cell) in grid {
            let (row, column) = (Double(key >> 32), Double(key & 0xFFFF_FFFF))
            // The first and last rows reach the poles, beyond the square world, where entries may lie too.
            guard
                let square = MapBounds(
                    west: WebMercator.longitude(x: column / cells),
                    south: row == Double(last) ? -90 : WebMercator.latitude(y: (row + 1) / cells),
                    east: WebMercator.longitude(x: (column + 1) / cells),
                    north: row == 0 ? 90 : WebMercator.latitude(y: row / cells))
            else { continue }
            let n = Double(cell.count)
            // A point on the very edge of the asked area meets it in a line, not a box: the square stands for it.
            let area = square.intersection(bounds) ?? square
            guard
                let center = Coordinate(
                    latitude: WebMercator.latitude(y: cell.y / n), longitude: WebMercator.longitude(x: cell.x / n))
            else { continue }
            clusters.append(
                MapCluster(
                    center: cell.count == 1 ? points[cell.first].coordinate : center, count: cell.count,
                    bounds: area, entryID: cell.count == 1 ? points[cell.first].id : nil))
        }
        return clusters.sorted {
            $0.count != $1.count
                ? $0.count > $1.count
                : ($0.center.latitude, $0.center.longitude)
                    > ($1.center.latitude, $1.center.longitude)
        }
    }

    /// The entries inside `bounds`, newest first, and how many there are.
    public func entries(in bounds: MapBounds, limit: Int) -> (total: Int, newest: [PlacedEntry]) {
        let inside = points.filter { bounds.contains($0.coordinate) }
        let newest = inside.sorted { ($0.moment, $0.id) > ($1.moment, $1.id) }.prefix(max(limit, 0))
        return (inside.count, Array(newest))
    }
}
