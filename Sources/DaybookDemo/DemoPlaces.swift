import DaybookCore
import Foundation

/// Where the demo journal's entries were written: mostly around home in Seoul, some on trips.
///
/// Drawn from a generator of their own (seeded by the entry's number), so adding places left every other part
/// of the demo data as it was.
enum DemoPlaces {
    private struct City {
        var name: String
        var country: String
        var latitude: Double
        var longitude: Double
    }

    private static let home = City(name: "Seoul", country: "KR", latitude: 37.5665, longitude: 126.978)
    private static let trips = [
        City(name: "Busan", country: "KR", latitude: 35.1796, longitude: 129.0756),
        City(name: "Jeju City", country: "KR", latitude: 33.4996, longitude: 126.5312),
        City(name: "Gangneung", country: "KR", latitude: 37.7519, longitude: 128.8761),
        City(name: "Tokyo", country: "JP", latitude: 35.6895, longitude: 139.6917),
        City(name: "Kyoto", country: "JP", latitude: 35.0116, longitude: 135.7681),
        City(name: "Shanghai", country: "CN", latitude: 31.2222, longitude: 121.4581),
        City(name: "Taipei", country: "TW", latitude: 25.0330, longitude: 121.5654),
        City(name: "Bangkok", country: "TH", latitude: 13.7563, longitude: 100.5018),
        City(name: "Paris", country: "FR", latitude: 48.8566, longitude: 2.3522),
        City(name: "Berlin", country: "DE", latitude: 52.5200, longitude: 13.4050),
        City(name: "Reykjavík", country: "IS", latitude: 64.1466, longitude: -21.9426),
        City(name: "New York", country: "US", latitude: 40.7128, longitude: -74.0060),
        City(name: "Vancouver", country: "CA", latitude: 49.2827, longitude: -123.1207),
        City(name: "Sydney", country: "AU", latitude: -33.8688, longitude: 151.2093),
    ]

    /// The place of entry number `n`: seven in ten entries have one; `nil` for the others.
    static func place(forEntry n: Int) -> Place? {
        var random = SeededGenerator(seed: 0x9_1ACE ^ UInt64(n))
        guard Double.random(in: 0...1, using: &random) < 0.7 else { return nil }
        let atHome = Double.random(in: 0...1, using: &random) < 0.75
        let city = atHome ? home : trips.randomElement(using: &random)!
        // Around town: cafés, parks and the office, within a few kilometres of the centre.
        let spread = atHome ? 0.08 : 0.04
        guard
            let coordinate = Coordinate(
                latitude: city.latitude + Double.random(in: -spread...spread, using: &random),
                longitude: city.longitude + Double.random(in: -spread...spread, using: &random))
        else { return nil }
        return Place(coordinate: coordinate, name: city.name, country: city.country)
    }
}
