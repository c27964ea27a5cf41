import DaybookCore
import DaybookFeatures
import DaybookTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import DaybookWeb

@Suite("Task API")
struct TaskAPITests {
    func send(_ browser: inout Browser, _ method: HTTPRequest.Method, _ path: String, _ json: String = "")
        async throws -> TestResponse
    {
        try await browser.send(
            path, method: method, headers: [.contentType: "application/json"], body: ByteBuffer(string: json))
    }

    func object(_ response: TestResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(response.text.utf8)) as? [String: Any])
    }

    @Test("create, list, complete and delete tasks through the API")
    func lifecycle() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        try await app.browse { browser in
            let created = try await send(
                &browser, .post, "/api/v1/tasks",
                #"{"title": "Write", "date": "2026-11-21", "start": "09:00", "duration": 90}"#)
            #expect(created.status == .created)
            let row = try object(created)
            #expect(row["timeLabel"] as? String == "09:00–10:30")
            let id = try #require(row["id"] as? String)

            let day = try object(try await browser.get("/api/v1/tasks?date=2026-11-21"))
            #expect((day["blocks"] as? [[String: Any]])?.first?["title"] as? String == "Write")

            let done = try object(
                try await send(&browser, .post, "/api/v1/tasks/\(id)/done", #"{"date": "2026-11-21"}"#))
            #expect((done["blocks"] as? [[String: Any]])?.first?["isDone"] as? Bool == true)

            let moved = try object(try await send(&browser, .patch, "/api/v1/tasks/\(id)", #"{"start": "13:00"}"#))
            #expect(moved["timeLabel"] as? String == "13:00–14:30")

            #expect(try await send(&browser, .delete, "/api/v1/tasks/\(id)").status == .noContent)
            #expect(try await send(&browser, .delete, "/api/v1/tasks/\(id)").status == .notFound)
        }
    }

    @Test("bad input: 422 with a reason per field, 400 for a bad date or body, and nothing saved")
    func badInput() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        try await app.browse { browser in
            let invalid = try await send(
                &browser, .post, "/api/v1/tasks", #"{"title": "", "start": "25:00", "duration": 0, "repeat": "often"}"#)
            #expect(invalid.status == .unprocessableContent)
            let fields = try #require((try object(invalid)["error"] as? [String: Any])?["fields"] as? [String: String])
            #expect(Set(fields.keys) == ["title", "start", "duration", "repeat"])
            #expect(try await browser.get("/api/v1/tasks?date=2026-13-01").status == .badRequest)
            #expect(try await send(&browser, .post, "/api/v1/tasks", "{").status == .badRequest)
            #expect(try await send(&browser, .patch, "/api/v1/tasks/nope", #"{"title": "x"}"#).status == .notFound)
            let long = String(repeating: "a", count: 201)
            #expect(
                try await send(&browser, .post, "/api/v1/tasks", #"{"title": "\#(long)"}"#).status
                    == .unprocessableContent)
        }
        let today = try await app.database?.tasks(on: DayKey(string: "2026-11-21")!, calendar: .current)
        #expect(today?.isEmpty == true)
    }
}
