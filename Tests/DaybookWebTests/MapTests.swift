import DaybookCore
import DaybookFeatures
import DaybookTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import DaybookWeb

@Suite("Places and the Map")
struct MapTests {
    @Test("a point sent without a name is named after its city, offline, in the owner's language")
    func placesAreNamed() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings(language: .korean))
        try await app.browse { browser in
            let created = try await browser.send(
                .post, "/api/v1/entries",
                json: #"{"title": "산책", "place": {"latitude": 37.5663, "longitude": 126.9779}}"#)
            #expect(created.status == .created)
            let entry = try jsonObject(created)
            let place = try #require(entry["place"] as? [String: Any])
            #expect(place["name"] as? String == "서울")
            #expect(place["country"] as? String == "KR")
            #expect(place["label"] as? String == "대한민국 서울")
            let id = try #require(entry["id"] as? String)

            // The entry's page shows where, with a small map of it that opens the Map there.
            let page = try await browser.get("/journal/\(id)").text
            #expect(page.contains("대한민국 서울"))
            #expect(page.contains(#"src="/map/static.svg?at=37.5663,126.9779""#))
            let svg = try await browser.get("/map/static.svg?at=37.5663,126.9779")
            #expect(svg.status == .ok && svg.text.hasPrefix("<svg") && svg.text.contains(#"class="land""#))
            #expect(svg.headers[.cacheControl]?.contains("private") == true)

            // A name the owner gives is kept; null takes the place away.
            let renamed = try await browser.send(
                .patch, "/api/v1/entries/\(id)",
                json: #"{"revision": 1, "place": {"latitude": 37.5663, "longitude": 126.9779, "name": "할머니 댁"}}"#)
            #expect((try jsonObject(renamed)["place"] as? [String: Any])?["name"] as? String == "할머니 댁")
            let removed = try await browser.send(
                .patch, "/api/v1/entries/\(id)", json: #"{"revision": 2, "place": null}"#)
            #expect(try jsonObject(removed)["place"] == nil)
            // A change that leaves the place out keeps it as it is (here: none).
            let titled = try await browser.send(
                .patch, "/api/v1/entries/\(id)", json: #"{"revision": 3, "title": "밤"}"#)
            #expect(try jsonObject(titled)["place"] == nil)
        }
    }

    @Test("a point out of range or half a point is refused with the field named, and nothing is saved")
    func badPlacesAreRefused() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        try await app.browse { browser in
            for body in [
                #"{"title": "x", "place": {"latitude": 91, "longitude": 0}}"#,
                #"{"title": "x", "place": {"latitude": 10}}"#,
                #"{"title": "x", "place": {"latitude": 10, "longitude": 10, "country": "KOR"}}"#,
            ] {
                let refused = try await browser.send(.post, "/api/v1/entries", json: body)
                #expect(refused.status == .unprocessableContent)
                let fields = (try jsonObject(refused)["error"] as? [String: Any])?["fields"] as? [String: String]
                // Out of range is the document's to say; half a point is the entry's rule, said in full.
                #expect(fields?["place"] != nil, "\(refused.text)")
            }
            let half = try await browser.send(
                .post, "/api/v1/entries", json: #"{"title": "x", "place": {"latitude": 10}}"#)
            #expect(
                ((try jsonObject(half)["error"] as? [String: Any])?["fields"] as? [String: String])?["place"]?
                    .contains("latitude") == true)
            let list = try jsonObject(try await browser.get("/api/v1/entries"))
            #expect((list["entries"] as? [Any])?.isEmpty == true)
            // The point-naming and map endpoints answer bad points and areas with a reason.
            for path in [
                "/api/v1/place?at=95,10", "/api/v1/place?at=abc", "/api/v1/map?bbox=10,0,5,1&zoom=3",
                "/api/v1/map?bbox=0,0,10,10&zoom=25", "/api/v1/map?zoom=3", "/api/v1/map/entries?bbox=0,0,1,1&limit=0",
                "/map/static.svg?at=0,200", "/journal/new?at=1,2,3",
            ] {
                let answer = try await browser.get(path)
                #expect(answer.status == .badRequest, "\(path)")
            }
        }
    }

    @Test("the Map's clusters split as the owner zooms in; a cluster's box lists exactly its entries")
    func clusters() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        try await app.browse { browser in
            for (title, latitude, longitude) in [
                ("Gwanghwamun", 37.5759, 126.9768), ("City Hall", 37.5663, 126.9779), ("Myeongdong", 37.5636, 126.9826),
                ("Tokyo", 35.6895, 139.6917),
            ] {
                let created = try await browser.send(
                    .post, "/api/v1/entries",
                    json: #"{"title": "\#(title)", "place": {"latitude": \#(latitude), "longitude": \#(longitude)}}"#)
                #expect(created.status == .created)
            }
            let world = try jsonObject(try await browser.get("/api/v1/map?bbox=-180,-85,180,85&zoom=5"))
            let clusters = try #require(world["clusters"] as? [[String: Any]])
            #expect(world["total"] as? Int == 4)
            #expect(clusters.map { $0["count"] as? Int } == [3, 1])
            #expect((clusters[1]["entry"] as? [String: Any])?["title"] as? String == "Tokyo")
            let box = try #require(clusters[0]["bbox"] as? [Double])
            let inBox = try jsonObject(
                try await browser.get("/api/v1/map/entries?bbox=\(box.map { String($0) }.joined(separator: ","))"))
            #expect(inBox["total"] as? Int == 3)
            let titles = Set(((inBox["entries"] as? [[String: Any]]) ?? []).compactMap { $0["title"] as? String })
            #expect(titles == ["Gwanghwamun", "City Hall", "Myeongdong"])
            let street = try jsonObject(try await browser.get("/api/v1/map?bbox=126.9,37.5,127.1,37.6&zoom=16"))
            #expect((street["clusters"] as? [Any])?.count == 3)
            // A new entry is on the map at once (the kept answer is for the data as it was).
            let jongno = try jsonObject(
                try await browser.send(
                    .post, "/api/v1/entries",
                    json: #"{"title": "Jongno", "place": {"latitude": 37.57, "longitude": 126.99}}"#))
            let jongnoID = try #require(jongno["id"] as? String)
            let again = try jsonObject(try await browser.get("/api/v1/map?bbox=-180,-85,180,85&zoom=5"))
            #expect(again["total"] as? Int == 5)
            // Two entries that trade places are found where they now are (the sums of their points are the same).
            let busan = try jsonObject(
                try await browser.send(
                    .post, "/api/v1/entries",
                    json: #"{"title": "Busan", "place": {"latitude": 35.1, "longitude": 129.0}}"#))
            let busanID = try #require(busan["id"] as? String)
            let jongnoRevision = try #require(jongno["revision"] as? Int)
            _ = try await browser.send(
                .patch, "/api/v1/entries/\(jongnoID)",
                json: #"{"revision": \#(jongnoRevision), "place": {"latitude": 35.1, "longitude": 129.0}}"#)
            _ = try await browser.send(
                .patch, "/api/v1/entries/\(busanID)",
                json: #"{"revision": 1, "place": {"latitude": 37.57, "longitude": 126.99}}"#)
            let inBusan = try jsonObject(try await browser.get("/api/v1/map/entries?bbox=128.9,35,129.1,35.2"))
            #expect(
                ((inBusan["entries"] as? [[String: Any]]) ?? []).compactMap { $0["title"] as? String } == ["Jongno"])
            // And an entry moved to the trash leaves it.
            #expect(
                try await browser.send("/api/v1/entries/\(jongnoID)", method: .delete, headers: [:], body: nil).status
                    == .noContent)
            let trashed = try jsonObject(try await browser.get("/api/v1/map?bbox=-180,-85,180,85&zoom=5"))
            #expect(trashed["total"] as? Int == 5)
            _ = try await browser.send(
                .post, "/api/v1/entries",
                json: #"{"title": "Jongno", "place": {"latitude": 37.57, "longitude": 126.99}}"#)
            // The Map page opens on the placed entries, with the words its script needs.
            let page = try await browser.get("/map")
            #expect(page.status == .ok)
            #expect(page.text.contains(#"data-clusters="/api/v1/map""#) && page.text.contains("6 entries with a place"))
        }
    }

    @Test("holding a point on the Map starts an entry there; the form keeps it, named")
    func newEntryAtAPoint() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        try await app.browse { browser in
            let editor = try await browser.get("/journal/new?at=35.6895,139.6917")
            #expect(editor.status == .ok)
            #expect(editor.text.contains(#"name="latitude" id="latitude" value="35.6895""#))
            #expect(editor.text.contains("Tokyo, Japan"))
            let saved = try await browser.post(
                "/journal",
                form: [
                    "title": "Ramen", "body": "", "latitude": "35.6895", "longitude": "139.6917", "placeName": "",
                    "placeCountry": "",
                ])
            #expect(saved.status == .seeOther)
            let list = try jsonObject(try await browser.get("/api/v1/entries"))
            let row = try #require((list["entries"] as? [[String: Any]])?.first)
            #expect(row["placeLabel"] as? String == "Tokyo, Japan")
            let bad = try await browser.post(
                "/journal", form: ["title": "Nowhere", "latitude": "north", "longitude": "139"])
            #expect(bad.status == .unprocessableContent)
            #expect(bad.text.contains("A place needs a latitude"))
        }
    }
}
