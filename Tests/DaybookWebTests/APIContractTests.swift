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
    struct Refusal: CustomStringConvertible {
        var method: HTTPRequest.Method
        var path: String
        var body: String?
        var status: HTTPResponse.Status
        var code: String
        var field: String?

        var description: String { "\(method) \(path) \(body ?? "")" }
    }

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

    @Test("values the document does not allow are refused with a reason per field, and nothing changes")
    func refusals() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        let before = try await app.database?.loadSettings()
        let refusals: [Refusal] = [
            // Queries and paths: 400.
            .init(method: .get, path: "/api/v1/tasks?date=", status: .badRequest, code: "invalidDate", field: "date"),
            .init(method: .get, path: "/api/v1/stats?week=", status: .badRequest, code: "invalidQuery", field: "week"),
            .init(
                method: .get, path: "/api/v1/stats?page=100001", status: .badRequest, code: "invalidQuery",
                field: "page"),
            .init(
                method: .get, path: "/api/v1/stats?page=+3", status: .badRequest, code: "invalidQuery", field: "page"),
            .init(method: .get, path: "/api/v1/logs/0", status: .badRequest, code: "invalidDate", field: "date"),
            .init(method: .get, path: "/api/v1/logs/%20today", status: .badRequest, code: "invalidDate", field: "date"),
            .init(
                method: .delete, path: "/api/v1/tasks/x?scope=some", status: .badRequest, code: "unknownScope",
                field: "scope"),
            // Bodies that are not the documented JSON: 400.
            .init(
                method: .post, path: "/api/v1/tasks", body: #"{"title": "x", "colour": "teal"}"#, status: .badRequest,
                code: "unknownFields", field: "colour"),
            .init(
                method: .post, path: "/api/v1/focus/extend", body: #"{"minutes": "5"}"#, status: .badRequest,
                code: "wrongType", field: "minutes"),
            .init(method: .patch, path: "/api/v1/settings", body: "[]", status: .badRequest, code: "wrongType"),
            .init(method: .patch, path: "/api/v1/settings", body: "", status: .badRequest, code: "malformedJSON"),
            // Refused values: 422, in the scene's own words.
            .init(
                method: .patch, path: "/api/v1/settings", body: #"{"language": " en"}"#,
                status: .unprocessableContent, code: "invalidSettings", field: "language"),
            .init(
                method: .patch, path: "/api/v1/settings", body: #"{"name": "Mi\u200dna"}"#,
                status: .unprocessableContent, code: "invalidSettings", field: "name"),
            .init(
                method: .patch, path: "/api/v1/settings", body: #"{"timeZone": "Mars/Olympus"}"#,
                status: .unprocessableContent, code: "invalidSettings", field: "timeZone"),
            .init(
                method: .patch, path: "/api/v1/settings", body: #"{"focusMinutes": "050"}"#,
                status: .unprocessableContent, code: "invalidSettings", field: "focusMinutes"),
            .init(
                method: .post, path: "/api/v1/tasks", body: #"{"title": "x", "duration": "90m"}"#,
                status: .unprocessableContent, code: "invalidTask", field: "duration"),
            .init(
                method: .post, path: "/api/v1/tasks", body: #"{"title": "\u3000"}"#, status: .unprocessableContent,
                code: "invalidTask", field: "title"),
            .init(
                method: .post, path: "/api/v1/tasks", body: "{}", status: .unprocessableContent, code: "invalidTask",
                field: "title"),
            .init(
                method: .post, path: "/api/v1/tasks", body: #"{"title": "x", "repeat": "Daily"}"#,
                status: .unprocessableContent, code: "invalidTask", field: "repeat"),
            .init(
                method: .post, path: "/api/v1/focus/start", body: #"{"minutes": 241, "stopwatch": true}"#,
                status: .unprocessableContent, code: "invalidMinutes", field: "minutes"),
            .init(
                method: .put, path: "/api/v1/logs/today", body: #"{"reflection": null}"#, status: .badRequest,
                code: "wrongType", field: "reflection"),
            .init(
                method: .patch, path: "/api/v1/logs/today",
                body: #"{"reflection": ""# + String(repeating: "e\u{301}", count: 10_001) + #""}"#,
                status: .unprocessableContent, code: "reflectionTooLong", field: "reflection"),
        ]
        try await app.browse { browser in
            for refusal in refusals {
                let response = try await send(&browser, refusal.method, refusal.path, refusal.body)
                #expect(response.status == refusal.status, "\(refusal)")
                let body = try error(response)
                #expect(body["code"] as? String == refusal.code, "\(refusal): \(response.text)")
                #expect(!(body["message"] as? String ?? "").isEmpty)
                if let field = refusal.field {
                    #expect((body["fields"] as? [String: String])?[field] != nil, "\(refusal): \(response.text)")
                }
            }
        }
        #expect(try await app.database?.loadSettings() == before)
        let days = try await app.database?.dailyLogs(
            from: DayKey(string: "2026-11-01")!, through: DayKey(string: "2026-11-30")!)
        #expect(days?.isEmpty == true)
    }

    @Test("field messages are the scene's own, in the owner's language")
    func messages() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings(language: .japanese))
        let japanese = Fixtures.localizer(.japanese)
        try await app.browse { browser in
            let name = try error(try await send(&browser, .patch, "/api/v1/settings", #"{"name": "a\tb"}"#))
            #expect((name["fields"] as? [String: String])?["name"] == japanese("error.field.lineBreak"))
            let blank = try error(try await send(&browser, .patch, "/api/v1/settings", #"{"journalName": "  "}"#))
            #expect((blank["fields"] as? [String: String])?["journalName"] == japanese("error.field.empty"))
            let start = try error(try await send(&browser, .post, "/api/v1/tasks", #"{"title": "x", "start": "9"}"#))
            #expect((start["fields"] as? [String: String])?["start"] == japanese("task.error.invalidTime"))
            let week = try error(try await send(&browser, .get, "/api/v1/stats?week=2026-02-30", nil))
            #expect(week["message"] as? String == japanese("stats.error.week"))
        }
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
