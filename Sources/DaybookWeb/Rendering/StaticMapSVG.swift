import DaybookCore
import Foundation

/// Coastlines and borders (Natural Earth, public domain) projected once, for the small maps on entry pages.
///
/// The same file the Map page draws (`/static/map/world.json`): lands as rings of whole hundredths of a degree.
struct Basemap: Sendable {
    /// A ring in Web Mercator world units, with its bounding box.
    struct Ring: Sendable {
        var xs: [Double]
        var ys: [Double]
        var minX: Double
        var maxX: Double
        var minY: Double
        var maxY: Double
    }

    var rings: [Ring]

    private struct File: Decodable {
        struct Country: Decodable {
            var rings: [[Int]]
        }
        var scale: Double
        var countries: [Country]
    }

    /// - Returns: `nil` when the file is not the documented JSON.
    init?(json: Data) {
        guard let file = try? JSONDecoder().decode(File.self, from: json), file.scale > 0 else { return nil }
        rings = file.countries.flatMap(\.rings).compactMap { flat in
            guard flat.count >= 6 else { return nil }
            var xs: [Double] = []
            var ys: [Double] = []
            xs.reserveCapacity(flat.count / 2)
            ys.reserveCapacity(flat.count / 2)
            for index in stride(from: 0, to: flat.count - 1, by: 2) {
                xs.append(WebMercator.x(longitude: Double(flat[index]) / file.scale))
                ys.append(WebMercator.y(latitude: Double(flat[index + 1]) / file.scale))
            }
            return Ring(
                xs: xs, ys: ys, minX: xs.min() ?? 0, maxX: xs.max() ?? 0, minY: ys.min() ?? 0, maxY: ys.max() ?? 0)
        }
    }
}

/// Keeps the basemap once it has been read: most pages never need it.
final class BasemapCache: Sendable {
    private let state = Locked<Basemap??>(nil)

    func basemap(_ assets: StaticAssets) -> Basemap? {
        state.withLock { kept in
            if let kept { return kept }
            let loaded = assets.asset(at: "/map/world.json").flatMap { Basemap(json: Data($0.body.readableBytesView)) }
            kept = .some(loaded)
            return loaded
        }
    }
}

/// A small map around a point: land, borders and a marker, as an SVG image that follows the light or dark
/// appearance of the system.
enum StaticMapSVG {
    static let width = 640.0
    static let height = 200.0
    /// About a country's breadth across the image: coastlines and borders to place the point by.
    static let zoom = 5.0

    static func render(_ basemap: Basemap, at point: Coordinate, title: String) -> String {
        let scale = 256 * pow(2, zoom)
        let centerX = WebMercator.x(longitude: point.longitude) * scale
        let centerY = WebMercator.y(latitude: point.latitude) * scale
        let left = centerX - width / 2
        let top = centerY - height / 2
        let (minX, maxX) = (left / scale, (left + width) / scale)
        let (minY, maxY) = (top / scale, (top + height) / scale)
        var path = ""
        for ring in basemap.rings where ring.maxX >= minX && ring.minX <= maxX && ring.maxY >= minY && ring.minY <= maxY
        {
            for index in ring.xs.indices {
                let x = ring.xs[index] * scale - left
                let y = ring.ys[index] * scale - top
                path += index == 0 ? "M" : "L"
                path += "\(Int(x.rounded())) \(Int(y.rounded()))"
            }
            path += "Z"
        }
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(Int(width)) \(Int(height))" \
            preserveAspectRatio="xMidYMid slice" role="img"><title>
            """
        HTMLText.append(title, to: &svg)
        svg += """
            </title><style>.sea{fill:#dfe9ef}.land{fill:#f4f1ea;stroke:#b9b3a6;stroke-width:1}\
            .pin{fill:#c0583a;stroke:#fff;stroke-width:3}\
            @media (prefers-color-scheme:dark){.sea{fill:#1b2429}.land{fill:#2b2a27;stroke:#4a4740}\
            .pin{fill:#e0805f;stroke:#1b2429}}</style>\
            <rect class="sea" width="100%" height="100%"/><path class="land" fill-rule="evenodd" d="\(path)"/>\
            <circle class="pin" cx="\(Int(width / 2))" cy="\(Int(height / 2))" r="8"/></svg>
            """
        return svg
    }
}
