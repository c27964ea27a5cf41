import DaybookCore
import DaybookTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import DaybookWeb

@Suite("Photos: uploads, metadata and downsampled copies")
struct PhotoAPITests {
    let folder = Fixtures.temporaryFolder()

    func app() async throws -> TestApp {
        try await TestApp.make(settings: Fixtures.settings(), dataFolder: folder)
    }

    func upload(_ browser: inout Browser, _ data: Data, type: String = "application/octet-stream") async throws
        -> TestResponse
    {
        try await browser.send(
            "/api/v1/photos", method: .post, headers: [.contentType: type, .origin: "http://localhost"],
            body: ByteBuffer(bytes: data))
    }

    func json(_ response: TestResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(response.text.utf8)) as? [String: Any])
    }

    func errorCode(_ response: TestResponse) throws -> String? {
        (try json(response)["error"] as? [String: Any])?["code"] as? String
    }

    /// Every file under the data folder's `photos/` and `cache/photos/`, uploads on their way in included.
    func filesOnDisk() -> [String] {
        ["photos", "cache/photos"].flatMap { sub in
            let root = folder.appendingPathComponent(sub)
            let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
            return (walker?.allObjects as? [URL] ?? []).filter { !$0.hasDirectoryPath }.map(\.path)
        }
    }

    @Test("the editor's preview gives a stored photo its size, as the saved entry does")
    func previewSizes() async throws {
        let app = try await app()
        try await app.browse { browser in
            let created = try json(try await upload(&browser, try TestPictures.make(.jpeg, width: 1100, height: 550)))
            let id = try #require(created["id"] as? String)
            let preview = try await browser.send(
                "/api/v1/render", method: .post, headers: [.contentType: "application/json"],
                body: ByteBuffer(string: #"{"markdown":"![Harbour](/photos/\#(id))"}"#))
            let html = try #require(try json(preview)["html"] as? String)
            #expect(html.contains(#"width="1100" height="550""#))
            #expect(html.contains(#"loading="lazy""#))
        }
    }

    @Test("each format uploads, is described by its bytes, and is served at every width without upscaling")
    func formats() async throws {
        let cases: [(TestPictures.Format, Bool, String, String)] = [
            (.jpeg, false, "image/jpeg", "image/jpeg"), (.png, true, "image/png", "image/webp"),
            (.png, false, "image/png", "image/jpeg"), (.webp, false, "image/webp", "image/jpeg"),
            (.heic, false, "image/heic", "image/jpeg"),
        ]
        let app = try await app()
        try await app.browse { browser in
            for (format, alpha, stored, served) in cases {
                let picture = try TestPictures.make(format, width: 1100, height: 550, alpha: alpha)
                let created = try await upload(&browser, picture, type: "image/jpeg")
                #expect(created.status == .created, "\(format): \(created.text)")
                let photo = try json(created)
                let id = try #require(photo["id"] as? String)
                #expect(photo["type"] as? String == stored)
                #expect(photo["width"] as? Int == 1100 && photo["height"] as? Int == 550)
                #expect(photo["bytes"] as? Int == picture.count)
                #expect(photo["url"] as? String == "/photos/\(id)")
                #expect(created.headers[.location] == "/api/v1/photos/\(id)")
                for (asked, width) in [(1, 160), (160, 160), (200, 320), (640, 640), (1000, 1024), (1500, 1100)] {
                    let response = try await browser.get("/photos/\(id)?w=\(asked)")
                    #expect(response.status == .ok)
                    #expect(response.headers[.contentType] == served, "\(format) w=\(asked)")
                    let image = try TestPictures.pixel(in: Data(buffer: response.body), x: 0, y: 0)
                    #expect(image.width == width && image.height == width / 2, "\(format) w=\(asked)")
                }
                let standard = try await browser.get("/photos/\(id)")
                #expect(try TestPictures.pixel(in: Data(buffer: standard.body), x: 0, y: 0).width == 1024)
            }
        }
    }

    @Test("every EXIF orientation is applied: the picture is served upright, at its upright size")
    func orientations() async throws {
        let app = try await app()
        try await app.browse { browser in
            for orientation in 1...8 {
                let picture = try TestPictures.make(.jpeg, width: 400, height: 200, orientation: orientation)
                let photo = try json(try await upload(&browser, picture))
                #expect(photo["width"] as? Int == 400 && photo["height"] as? Int == 200, "orientation \(orientation)")
                let id = try #require(photo["id"] as? String)
                let served = Data(buffer: try await browser.get("/photos/\(id)?w=320").body)
                let corner = try TestPictures.pixel(in: served, x: 40, y: 20)
                let far = try TestPictures.pixel(in: served, x: 280, y: 140)
                #expect(corner.width == 320 && corner.height == 160, "orientation \(orientation)")
                #expect(corner.values[0] > 200 && corner.values[2] < 60, "orientation \(orientation): \(corner.values)")
                #expect(far.values[0] < 60 && far.values[2] > 200, "orientation \(orientation): \(far.values)")
            }
        }
    }

    @Test("when and where a photo was taken come from its EXIF; a photo without them says null")
    func metadata() async throws {
        let exif = TestPictures.Exif(
            dateTime: "2024:05:01 10:20:30", offset: "+09:00", latitude: "37/1 33/1 36/1", latitudeRef: "N",
            longitude: "126/1 58/1 0/1", longitudeRef: "E")
        let app = try await app()
        try await app.browse { browser in
            let tagged = try json(try await upload(&browser, try TestPictures.make(.jpeg, exif: exif)))
            #expect(tagged["takenAt"] as? String == "2024-05-01T10:20:30+09:00")
            let latitude = try #require(tagged["latitude"] as? Double)
            let longitude = try #require(tagged["longitude"] as? Double)
            #expect(abs(latitude - 37.56) < 0.0001 && abs(longitude - 126.9667) < 0.0001)
            let plain = try await upload(&browser, try TestPictures.make(.png))
            #expect(plain.text.contains(#""takenAt":null"#) && plain.text.contains(#""latitude":null"#))
            let id = try #require(tagged["id"] as? String)
            let read = try json(try await browser.get("/api/v1/photos/\(id)"))
            #expect(read["takenAt"] as? String == "2024-05-01T10:20:30+09:00")
            // Exactly the fields the document names, every one of them required.
            let document = try json(try await browser.get("/api/v1/openapi.json"))
            let schema = try #require(
                ((document["components"] as? [String: Any])?["schemas"] as? [String: Any])?["Photo"] as? [String: Any])
            #expect(Set((schema["properties"] as? [String: Any] ?? [:]).keys) == Set(read.keys))
            #expect(Set(schema["required"] as? [String] ?? []) == Set(read.keys))
        }
    }

    @Test("colours keep their look: a Display P3 photo is served converted to sRGB")
    func colour() async throws {
        let (picture, srgb) = try TestPictures.displayP3(red: 40, green: 200, blue: 60)
        let app = try await app()
        try await app.browse { browser in
            let id = try #require(try json(try await upload(&browser, picture))["id"] as? String)
            let served = try TestPictures.pixel(
                in: Data(buffer: try await browser.get("/photos/\(id)?w=160").body), x: 10, y: 10)
            for band in 0..<3 { #expect(abs(served.values[band] - srgb[band]) < 8, "\(served.values) vs \(srgb)") }
            // Untransformed, the P3 numbers would be far off.
            #expect(abs(served.values[0] - 40) > 15 || abs(served.values[1] - 200) > 15)
        }
    }

    @Test("files that are not JPEG, PNG, WebP or HEIC by their bytes are refused with 415, whatever they claim")
    func notImages() async throws {
        let app = try await app()
        try await app.browse { browser in
            let tiff = try TestPictures.make(.tiff)
            for (body, type) in [
                (Data("Dear diary, this is not a picture.".utf8), "image/jpeg"), (TestPictures.gif, "image/gif"),
                (TestPictures.svg, "image/svg+xml"), (tiff, "image/tiff"), (Data(), "image/png"),
            ] {
                let response = try await upload(&browser, body, type: type)
                #expect(response.status == .unsupportedMediaType, "\(type)")
                #expect(try errorCode(response) == "unsupportedPhotoType")
            }
            // A form or plain text is refused before a byte is read.
            let text = try await upload(&browser, try TestPictures.make(.jpeg), type: "text/plain")
            #expect(text.status == .unsupportedMediaType)
        }
        #expect(filesOnDisk().isEmpty)
    }

    @Test("broken, truncated and bomb images get a clear 4xx, and nothing stays on disk")
    func hostileImages() async throws {
        let jpeg = try TestPictures.make(.jpeg, width: 1200, height: 900)
        let png = try TestPictures.make(.png, width: 600, height: 400)
        let app = try await app()
        try await app.browse { browser in
            for (name, body) in [
                ("truncated JPEG", jpeg.prefix(jpeg.count / 2)), ("truncated PNG", png.prefix(png.count / 2)),
                ("JPEG start, then noise", Data([0xFF, 0xD8, 0xFF, 0xE0]) + Data(repeating: 0x41, count: 4000)),
            ] {
                let response = try await upload(&browser, Data(body))
                #expect(response.status == .unprocessableContent, "\(name)")
                #expect(try errorCode(response) == "unreadablePhoto", "\(name)")
            }
            let bomb = try await upload(&browser, TestPictures.pngClaiming(width: 50_000, height: 50_000))
            #expect(bomb.status == .unprocessableContent)
            #expect(try errorCode(bomb) == "tooManyPixels")
            #expect(try json(bomb).description.contains("50,000"))
        }
        #expect(filesOnDisk().isEmpty)
        #expect(try app.database?.tableNames().contains("photo") == true)
    }

    @Test("an upload over 25 MiB is refused with 413 and leaves nothing on disk")
    func tooLarge() async throws {
        let app = try await app()
        try await app.browse { browser in
            let body = try TestPictures.make(.jpeg) + Data(count: Photo.Limits.bytes)
            let response = try await upload(&browser, body)
            #expect(response.status == .contentTooLarge)
            #expect(try errorCode(response) == "photoTooLarge")
            #expect(try json(response).description.contains("25 MB"))
        }
        #expect(filesOnDisk().isEmpty)
    }

    @Test("ids that are not photo ids are answered 404, never a path")
    func pathTricks() async throws {
        let app = try await app()
        try await app.browse { browser in
            let id = try #require(try json(try await upload(&browser, try TestPictures.make(.jpeg)))["id"] as? String)
            for trick in [
                "..%2F..%2Fdaybook.sqlite", "%2e%2e", "..", id.uppercased(), id + "%2F..", "%2e%2e%2fphotos%2f\(id)",
                String(id.dropLast()) + "g", "\(id)%00",
            ] {
                #expect(try await browser.get("/api/v1/photos/\(trick)").status == .notFound, "\(trick)")
                #expect(try await browser.get("/photos/\(trick)?w=160").status == .notFound, "\(trick)")
                let delete = try await browser.send(
                    "/api/v1/photos/\(trick)", method: .delete, headers: [.origin: "http://localhost"], body: nil)
                #expect(delete.status == .notFound, "\(trick)")
            }
            #expect(try await browser.get("/api/v1/photos/\(id)").status == .ok)
        }
    }

    @Test("a served size is cached for a year, with an ETag; a repeat with If-None-Match gets 304")
    func caching() async throws {
        let app = try await app()
        try await app.browse { browser in
            let id = try #require(try json(try await upload(&browser, try TestPictures.make(.jpeg)))["id"] as? String)
            let first = try await browser.get("/photos/\(id)?w=300")
            #expect(first.headers[.cacheControl] == "private, max-age=31536000, immutable")
            let etag = try #require(first.headers[.eTag])
            let again = try await browser.get("/photos/\(id)?w=320", headers: [.ifNoneMatch: etag])
            #expect(again.status == .notModified && again.body.readableBytes == 0)
            let other = try await browser.get("/photos/\(id)?w=160", headers: [.ifNoneMatch: etag])
            #expect(other.status == .ok && other.headers[.eTag] != etag)
            // Every width past the photo's own (400) is the same picture.
            let own = try #require(try await browser.get("/photos/\(id)?w=640").headers[.eTag])
            let wide = try await browser.get("/photos/\(id)?w=2048", headers: [.ifNoneMatch: own])
            #expect(wide.status == .notModified)
            for bad in ["0", "-5", "abc", "99999", "1e3", "%20160"] {
                #expect(try await browser.get("/photos/\(id)?w=\(bad)").status == .badRequest, "\(bad)")
            }
        }
        let cached = filesOnDisk().filter { $0.contains("/cache/photos/") }.map {
            URL(fileURLWithPath: $0).lastPathComponent
        }
        #expect(Set(cached) == ["160.jpg", "320.jpg", "640.jpg"])
    }

    @Test("deleting a photo removes its row, its original and every cached size")
    func delete() async throws {
        let app = try await app()
        try await app.browse { browser in
            let id = try #require(try json(try await upload(&browser, try TestPictures.make(.jpeg)))["id"] as? String)
            _ = try await browser.get("/photos/\(id)?w=320")
            #expect(filesOnDisk().count == 3)
            let deleted = try await browser.send(
                "/api/v1/photos/\(id)", method: .delete, headers: [.origin: "http://localhost"], body: nil)
            #expect(deleted.status == .noContent)
            #expect(try await browser.get("/api/v1/photos/\(id)").status == .notFound)
            #expect(try await browser.get("/photos/\(id)?w=320").status == .notFound)
            let again = try await browser.send(
                "/api/v1/photos/\(id)", method: .delete, headers: [.origin: "http://localhost"], body: nil)
            #expect(again.status == .notFound)
        }
        #expect(filesOnDisk().isEmpty)
    }

    @Test("refusals are in the owner's language")
    func localized() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings(language: .korean), dataFolder: folder)
        try await app.browse { browser in
            let response = try await upload(&browser, TestPictures.gif)
            let message = (try json(response)["error"] as? [String: Any])?["message"] as? String
            #expect(message == Fixtures.localizer(.korean)("photo.error.unsupported"))
        }
    }
}
