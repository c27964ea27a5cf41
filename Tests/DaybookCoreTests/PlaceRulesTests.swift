import DaybookCore
import Foundation
import Testing

@Suite("Places: points, clustering and the offline gazetteer")
struct PlaceRulesTests {
    @Test("a point is two finite numbers in range, written LAT,LON")
    func points() throws {
        #expect(Coordinate(text: "37.5665,126.978") == Coordinate(latitude: 37.5665, longitude: 126.978))
        #expect(Coordinate(text: " -33.86 , 151.21 ")?.longitude == 151.21)
        for bad in ["", "37.5", "91,0", "0,180.5", "nan,0", "inf,1", "0x10,5", "1,2,3", "a,b", "1e400,0"] {
            #expect(Coordinate(text: bad) == nil, "\(bad)")
        }
        #expect(Coordinate(latitude: 37.56650, longitude: 126.97800)?.text == "37.5665,126.978")
        let seoul = try #require(Coordinate(latitude: 37.5665, longitude: 126.978))
        let tokyo = try #require(Coordinate(latitude: 35.6895, longitude: 139.6917))
        // About 1,160 km apart.
        #expect(abs(seoul.distance(to: tokyo) - 1_160_000) < 15_000)
    }

    @Test("a place draft takes the place away, or names a point in range with a short name and a country code")
    func placeDrafts() throws {
        #expect(try PlaceDraft().validated() == nil)
        let place = try #require(
            try PlaceDraft(latitude: 37.5, longitude: 127, name: "  Home ", country: "kr").validated())
        #expect(place.name == "Home" && place.country == "KR")
        for bad in [
            PlaceDraft(latitude: 37.5), PlaceDraft(longitude: 127), PlaceDraft(latitude: 95, longitude: 0),
            PlaceDraft(latitude: .nan, longitude: 0), PlaceDraft(latitude: 0, longitude: 0, country: "KOR"),
            PlaceDraft(latitude: 0, longitude: 0, name: String(repeating: "a", count: 121)),
            PlaceDraft(latitude: 0, longitude: 0, name: "two\nlines"),
        ] {
            #expect(throws: JournalProblem.invalidPlace) { try bad.validated() }
        }
        let draft = JournalEntryDraft(title: "Walk", place: PlaceDraft(latitude: 200, longitude: 0))
        #expect(throws: JournalEntryDraft.Problem(problems: [.place: .invalidPlace])) {
            try draft.validated(now: Date(), timeZone: .gmt)
        }
    }

    @Test("an area is four numbers, west before east and south before north; the map does not wrap")
    func areas() {
        #expect(MapBounds(text: "-180,-90,180,90") == MapBounds.world)
        for bad in [
            "", "1,2,3", "170,0,-170,10", "0,10,10,0", "0,0,0,0", "-181,0,0,1", "0,-91,1,1", "a,b,c,d", "nan,0,1,1",
        ] {
            #expect(MapBounds(text: bad) == nil, "\(bad)")
        }
    }

    static func point(_ id: String, _ latitude: Double, _ longitude: Double) -> PlacedEntry {
        PlacedEntry(
            id: id, coordinate: Coordinate(latitude: latitude, longitude: longitude)!,
            moment: Date(timeIntervalSince1970: 1_795_000_000 + latitude))
    }

    @Test("clusters split as the owner zooms in, and every entry is counted exactly once")
    func clustersSplit() {
        // Three entries in Seoul a few hundred metres apart, one in Busan, one in Tokyo.
        let index = PlaceIndex([
            Self.point("gwanghwamun", 37.5759, 126.9768), Self.point("city-hall", 37.5663, 126.9779),
            Self.point("myeongdong", 37.5636, 126.9826), Self.point("busan", 35.1796, 129.0756),
            Self.point("tokyo", 35.6895, 139.6917),
        ])
        let world = index.clusters(in: .world, zoom: 1)
        #expect(world.map(\.count).reduce(0, +) == 5)
        #expect(world.count <= 2)
        let country = index.clusters(in: .world, zoom: 6)
        #expect(country.map(\.count) == [3, 1, 1])
        #expect(country.first?.entryID == nil && country.last?.entryID != nil)
        let street = index.clusters(in: .world, zoom: 16)
        #expect(street.count == 5 && street.allSatisfy { $0.count == 1 })
        // Only what lies inside the area is clustered, and a cluster's box holds exactly its entries.
        let seoulArea = MapBounds(west: 126.9, south: 37.5, east: 127.1, north: 37.6)!
        let inSeoul = index.clusters(in: seoulArea, zoom: 10)
        #expect(inSeoul.map(\.count) == [3])
        let box = inSeoul[0].bounds
        #expect(box.west >= seoulArea.west && box.east <= seoulArea.east)
        #expect(
            ["gwanghwamun", "city-hall", "myeongdong"].allSatisfy { id in
                index.points.first { $0.id == id }.map { box.contains($0.coordinate) } ?? false
            })
        // The entries of an area come newest first, with how many there are in all.
        let listed = index.entries(in: box, limit: 2)
        #expect(listed.total == 3 && listed.newest.map(\.id) == ["gwanghwamun", "city-hall"])
    }

    @Test("places at the poles and on the antimeridian are clustered too")
    func edges() {
        let index = PlaceIndex([
            Self.point("pole", 89.9, 0), Self.point("south", -89.9, 10), Self.point("dateline", 0, 180),
            Self.point("west", 0, -180),
        ])
        let clusters = index.clusters(in: .world, zoom: 3)
        #expect(clusters.map(\.count).reduce(0, +) == 4)
        for cluster in clusters {
            #expect(index.points.filter { cluster.bounds.contains($0.coordinate) }.count >= cluster.count)
        }
    }

    @Test("the bundled gazetteer names Seoul, Tokyo and Shanghai in each language, and nothing in mid-ocean")
    func gazetteer() throws {
        let gazetteer = try #require(Gazetteer.bundled)
        #expect(gazetteer.count > 20_000)
        func place(_ latitude: Double, _ longitude: Double, _ language: AppLanguage) -> Place? {
            gazetteer.place(at: Coordinate(latitude: latitude, longitude: longitude)!, language: language)
        }
        // City halls.
        #expect(place(37.5663, 126.9779, .english)?.name == "Seoul")
        #expect(place(37.5663, 126.9779, .korean)?.name == "서울")
        #expect(place(37.5663, 126.9779, .korean)?.country == "KR")
        #expect(place(35.6895, 139.6917, .japanese)?.name == "東京")
        #expect(place(35.6895, 139.6917, .korean)?.name == "도쿄")
        #expect(place(31.2304, 121.4737, .simplifiedChinese)?.name == "上海")
        #expect(place(31.2304, 121.4737, .english)?.country == "CN")
        // A ship in the middle of the Pacific, and another in the South Atlantic.
        #expect(place(0, -140, .english) == nil)
        #expect(place(-40, -20, .korean) == nil)
        // Across the antimeridian: Fiji's Labasa lies near 179.4° E; a point at 179.9° W is still far from it.
        #expect(place(-16.43, 179.38, .english)?.country == "FJ")
    }
}
