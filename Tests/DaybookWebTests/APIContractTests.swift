import DaybookCore
import DaybookTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import DaybookWeb

@Suite("The API holds requests to its document")
struct APIContractTests {
    func send(_ browser: inout Browser, _ method: HTTPRequest.Method, _ path: String, _ json: String?)
        async throws -> TestResponse
    {
        try await browser.send(
            path, method: method, headers: json == nil ? [:] : [.contentType: "application/json"],
            body: json.map { ByteBuffer(string: $0) })
    }

    func error(_ response: TestResponse) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(response.text.utf8)) as? [String: Any]
        return try #require(object?["error"] as? [String: Any])
    }

    @Test("rules a schema cannot state are answered with documented statuses valid requests may get")
    func rulesBeyondTheSchema() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        try await app.browse { browser in
            // Days after today: nothing there yet.
            #expect(try await send(&browser, .get, "/api/v1/logs/2026-11-22", nil).status == .notFound)
            let week = try await send(&browser, .get, "/api/v1/stats?week=2026-12-07", nil)
            #expect(week.status == .notFound)
            #expect(try error(week)["code"] as? String == "futureWeek")
            // A block ending after midnight: refused when the request says so, a conflict when the task does.
            let late = try await send(&browser, .post, "/api/v1/tasks", #"{"title": "x", "start": "23:45"}"#)
            #expect(late.status == .unprocessableContent)
            let created = try await send(
                &browser, .post, "/api/v1/tasks", #"{"title": "x", "start": "22:00", "duration": 60}"#)
            let id = try #require(
                (try JSONSerialization.jsonObject(with: Data(created.text.utf8)) as? [String: Any])?["id"] as? String)
            let longer = try await send(&browser, .patch, "/api/v1/tasks/\(id)", #"{"duration": 180}"#)
            #expect(longer.status == .conflict)
            #expect(try error(longer)["code"] as? String == "conflictsWithTask")
            let both = try await send(
                &browser, .patch, "/api/v1/tasks/\(id)", #"{"start": "23:00", "duration": 120}"#)
            #expect(both.status == .unprocessableContent)
            // One day of a task that isn't on that day: no such occurrence.
            let daily = try await send(
                &browser, .post, "/api/v1/tasks", #"{"title": "Run", "date": "2026-11-21", "repeat": "daily"}"#)
            let run = try #require(
                (try JSONSerialization.jsonObject(with: Data(daily.text.utf8)) as? [String: Any])?["id"] as? String)
            let before = try await send(&browser, .delete, "/api/v1/tasks/\(run)?scope=this&date=2026-11-20", nil)
            #expect(before.status == .notFound)
            #expect(try error(before)["code"] as? String == "notOnThatDay")
        }
    }

    @Test("a write without a body may leave out Content-Type only when it shows it comes from this origin")
    func bodylessWrites() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        try await app.browse { browser in
            // Nothing runs, so a request that is let through is a 409.
            for (headers, status) in [
                ([.origin: "http://localhost"], .conflict),
                ([HTTPField.Name("Sec-Fetch-Site")!: "same-origin"], .conflict),
                ([:], .unsupportedMediaType),
                ([.origin: "null"], .unsupportedMediaType),
                ([.origin: "https://elsewhere.example"], .forbidden),
                ([.contentType: "text/plain", .origin: "http://localhost"], .unsupportedMediaType),
            ] as [(HTTPFields, HTTPResponse.Status)] {
                let response = try await browser.send("/api/v1/focus/pause", method: .post, headers: headers, body: nil)
                #expect(response.status == status, "\(headers)")
            }
        }
    }
}
