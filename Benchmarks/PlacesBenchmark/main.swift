import DaybookCore
import Foundation

// Measures the places rules with no server around them: loading the bundled gazetteer (time and memory),
// naming a point offline, and clustering 10,000 placed entries for the whole world and for a city. Run in
// release:
//     swift run -c release places-benchmark

func milliseconds(since start: ContinuousClock.Instant) -> Double {
    let duration = ContinuousClock.now - start
    return Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}

/// Resident memory in MiB, from /proc.
func residentMiB() -> Double {
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
        let pages = statm.split(separator: " ").dropFirst().first.flatMap({ Double($0) })
    else { return 0 }
    return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
func p95(_ values: [Double]) -> Double { values.sorted()[Int(Double(values.count) * 0.95)] }

var random = SeededGenerator(seed: 42)

// The gazetteer ------------------------------------------------------------------------------------------------

let before = residentMiB()
var start = ContinuousClock.now
guard let gazetteer = Gazetteer.bundled else { fatalError("no bundled gazetteer") }
print(
    String(
        format: "gazetteer: %d cities loaded in %.1f ms, resident memory +%.1f MiB", gazetteer.count,
        milliseconds(since: start), residentMiB() - before))

let anywhere = (0..<100_000).map { _ in
    Coordinate(
        latitude: Double.random(in: -60...70, using: &random), longitude: Double.random(in: -180...180, using: &random))!
}
let inTowns = (0..<100_000).map { _ in
    Coordinate(
        latitude: 37.5665 + Double.random(in: -0.3...0.3, using: &random),
        longitude: 126.978 + Double.random(in: -0.3...0.3, using: &random))!
}
for (label, points) in [("anywhere on Earth (mostly sea)", anywhere), ("around Seoul", inTowns)] {
    var named = 0
    start = ContinuousClock.now
    for point in points where gazetteer.place(at: point, language: .korean) != nil { named += 1 }
    let each = milliseconds(since: start) / Double(points.count)
    print(String(format: "naming a point %@: %.4f ms a lookup (%d of %d named)", label, each, named, points.count))
}

// Clustering ---------------------------------------------------------------------------------------------------

let cities = [
    (37.5665, 126.978), (35.1796, 129.0756), (35.6895, 139.6917), (31.2222, 121.4581), (48.8566, 2.3522),
    (40.7128, -74.006), (-33.8688, 151.2093), (13.7563, 100.5018),
]
let points = (0..<10_000).map { n -> PlacedEntry in
    let city = n % 4 == 0 ? cities.randomElement(using: &random)! : cities[0]
    let coordinate = Coordinate(
        latitude: city.0 + Double.random(in: -0.1...0.1, using: &random),
        longitude: city.1 + Double.random(in: -0.1...0.1, using: &random))!
    return PlacedEntry(id: "entry-\(n)", coordinate: coordinate, moment: Date(timeIntervalSince1970: Double(n) * 3600))
}
start = ContinuousClock.now
let index = PlaceIndex(points)
print(String(format: "place index of %d entries built in %.2f ms", index.count, milliseconds(since: start)))
let views: [(String, MapBounds, Int)] = [
    ("whole world, zoom 2", MapBounds(west: -180, south: -85, east: 180, north: 85)!, 2),
    ("a city, zoom 12", MapBounds(west: 126.85, south: 37.5, east: 127.1, north: 37.63)!, 12),
    ("a street, zoom 17", MapBounds(west: 126.97, south: 37.56, east: 126.985, north: 37.57)!, 17),
]
for (label, bounds, zoom) in views {
    var samples: [Double] = []
    var clusters = 0
    for _ in 0..<200 {
        start = ContinuousClock.now
        clusters = index.clusters(in: bounds, zoom: zoom).count
        samples.append(milliseconds(since: start))
    }
    print(
        String(
            format: "clusters of 10,000 entries, %@: %d clusters, median %.3f ms, p95 %.3f ms", label, clusters,
            median(samples), p95(samples)))
}
