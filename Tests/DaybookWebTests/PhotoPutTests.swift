import DaybookCore
import DaybookTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import DaybookWeb

@Suite("Photos under an id the device chose, so an entry written offline can name them before they arrive")
struct PhotoPutTests {
    static let key = HTTPField.Name("Idempotency-Key")!
    static let replayed = HTTPField.Name("Idempotent-Replayed")!
    let folder = Fixtures.temporaryFolder()

    func put(_ browser: inout Browser, _ id: String, _ data: Data, key: String? = nil) async throws -> TestResponse {
        var headers: HTTPFields = [.contentType: "image/png", .origin: "http://localhost"]
        if let key { headers[Self.key] = key }
        return try await browser.send(
            "/api/v1/photos/\(id)", method: .put, headers: headers, body: ByteBuffer(bytes: data))
    }

    func error(_ response: TestResponse) throws -> (code: String?, message: String?) {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(response.text.utf8)) as? [String: Any])
        let error = object["error"] as? [String: Any]
        return (error?["code"] as? String, error?["message"] as? String)
    }

    func originals() -> [String] {
        let names = try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("photos").path)
        return (names ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    @Test("a photo put under its id is kept under it; the same bytes again are the same photo, answered 200")
    func sameBytesAgain() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings(), dataFolder: folder)
        let png = try TestPictures.make(.png, width: 40, height: 30)
        let id = "6f1c2a4e-93b1-4d7a-a1f0-0c9e5d2b7a11"
        try await app.browse { browser in
            let first = try await put(&browser, id, png)
            #expect(first.status == .created)
            #expect(first.headers[.location] == "/api/v1/photos/\(id)")
            let again = try await put(&browser, id, png)
            #expect(again.status == .ok)
            #expect(again.text == first.text)
            let served = try await browser.get("/photos/\(id)?w=320")
            #expect(served.status == .ok)
            #expect(served.headers[.contentType]?.hasPrefix("image/") == true)
        }
        #expect(originals() == [id])
        let kept = try Data(contentsOf: folder.appendingPathComponent("photos").appendingPathComponent(id))
        #expect(kept == png)
    }

    @Test("other bytes under an id already taken are refused with 409 and the stored photo stays as it was")
    func idTaken() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings(), dataFolder: folder)
        let png = try TestPictures.make(.png, width: 40, height: 30)
        let other = try TestPictures.make(.png, width: 41, height: 30)
        let id = "0b7e3f52-1d2c-4c8e-9a77-5f4e3d2c1b0a"
        try await app.browse { browser in
            _ = try await put(&browser, id, png)
            let refused = try await put(&browser, id, other)
            #expect(refused.status == .conflict)
            #expect(try error(refused).code == "photoIDTaken")
            #expect(try error(refused).message == "Another photo already has this id; this one was not kept.")
            let meta = try await browser.get("/api/v1/photos/\(id)")
            #expect(meta.text.contains(#""width":40"#) || meta.text.contains(#""width" : 40"#))
        }
        let kept = try Data(contentsOf: folder.appendingPathComponent("photos").appendingPathComponent(id))
        #expect(kept == png)
    }

    @Test("an id that is not a lowercase UUID is refused with 400 before anything is kept")
    func invalidID() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings(), dataFolder: folder)
        let png = try TestPictures.make(.png, width: 40, height: 30)
        try await app.browse { browser in
            for id in ["6F1C2A4E-93B1-4D7A-A1F0-0C9E5D2B7A11", "holiday", "..%2F..%2Fsecret"] {
                let refused = try await put(&browser, id, png)
                #expect(refused.status == .badRequest, "\(id)")
                #expect(try error(refused).message == "A photo's id must be a UUID in lowercase letters.")
            }
        }
        #expect(originals().isEmpty)
    }

    @Test("sent twice with one Idempotency-Key: the first answer twice, one photo")
    func replayedWithKey() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings(), dataFolder: folder)
        let png = try TestPictures.make(.png, width: 40, height: 30)
        let id = "a3d9c1e2-7b64-4f15-8e0a-2c6b9d4f1e37"
        let key = UUID().uuidString
        try await app.browse { browser in
            let first = try await put(&browser, id, png, key: key)
            let second = try await put(&browser, id, png, key: key)
            #expect(first.status == .created)
            #expect(second.status == .created)
            #expect(second.text == first.text)
            #expect(second.headers[Self.replayed] == "true")
        }
        #expect(originals() == [id])
    }
}
