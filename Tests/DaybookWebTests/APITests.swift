import DaybookCore
import DaybookFeatures
import DaybookTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import DaybookWeb

@Suite("JSON API")
struct APITests {
    func patch(_ browser: inout Browser, _ json: String, type: String = "application/json") async throws -> TestResponse
    {
        try await browser.send(
            "/api/v1/settings", method: .patch, headers: [.contentType: type], body: ByteBuffer(string: json))
    }

    func object(_ response: TestResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(response.text.utf8)) as? [String: Any])
    }

    @Test("GET returns the settings page's view model; PATCH changes it and returns the new one")
    func roundTrip() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        try await app.browse { browser in
            let before = try object(try await browser.get("/api/v1/settings"))
            #expect((before["values"] as? [String: Any])?["name"] as? String == "Mina")
            #expect((before["sections"] as? [Any])?.count == 4)

            let response = try await patch(&browser, #"{"name": "Jun", "focusMinutes": 50, "language": "ko"}"#)
            #expect(response.status == .ok)
            let after = try object(response)
            let values = try #require(after["values"] as? [String: Any])
            #expect(values["name"] as? String == "Jun")
            #expect(values["focusMinutes"] as? Int == 50)
            #expect(after["title"] as? String == "설정")
        }
    }

    @Test("bad input gets a 4xx that says what is wrong, and nothing is saved")
    func badInput() async throws {
        let original = Fixtures.settings()
        let app = try await TestApp.make(settings: original)
        try await app.browse { browser in
            let invalid = try await patch(&browser, ##"{"accentColor": "#12", "timeZone": "Nowhere/City"}"##)
            #expect(invalid.status == .unprocessableContent)
            let error = try #require(try object(invalid)["error"] as? [String: Any])
            let fields = try #require(error["fields"] as? [String: String])
            #expect(fields["accentColor"] == "Enter a colour as a hex code, like #2f6f6a.")
            #expect(fields["timeZone"] != nil)

            let malformed = try await patch(&browser, #"{"name": "#)
            #expect(malformed.status == .badRequest)
            #expect(malformed.text.contains("JSON object"))

            let unknown = try await patch(&browser, #"{"nmae": "Jun"}"#)
            #expect(unknown.status == .badRequest)
            #expect(unknown.text.contains("nmae"))

            let wrongType = try await patch(&browser, #"{"name": 42}"#)
            #expect(wrongType.status == .badRequest)

            let notJSON = try await patch(&browser, "name=Jun", type: "application/x-www-form-urlencoded")
            #expect(notJSON.status == .unsupportedMediaType)

            let tooLarge = try await patch(&browser, #"{"name": ""# + String(repeating: "a", count: 270_000) + #""}"#)
            #expect(tooLarge.status == .contentTooLarge)

            let empty = try await patch(&browser, #"{"name": ""}"#)
            #expect(empty.status == .unprocessableContent)
        }
        #expect(try await app.database?.loadSettings() == original)
    }

    @Test("error messages speak the owner's language")
    func localizedErrors() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings(language: .japanese))
        try await app.browse { browser in
            let invalid = try await patch(&browser, #"{"accentColor": "blue"}"#)
            let error = try #require(try object(invalid)["error"] as? [String: Any])
            let fields = try #require(error["fields"] as? [String: String])
            #expect(fields["accentColor"] == Fixtures.localizer(.japanese)("error.field.invalidColor"))
        }
    }

    @Test("the OpenAPI document describes exactly the API the server answers")
    func openAPIAgreement() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        try await app.browse { browser in
            let document = try object(try await browser.get("/api/v1/openapi.json"))
            #expect(document["openapi"] as? String == "3.1.0")
            let paths = try #require(document["paths"] as? [String: [String: Any]])
            #expect(
                Set(paths.keys) == [
                    "/api/v1/settings", "/api/v1/openapi.json", "/api/v1/focus", "/api/v1/focus/start",
                    "/api/v1/focus/pause", "/api/v1/focus/resume", "/api/v1/focus/stop", "/api/v1/focus/extend",
                    "/api/v1/focus/sound",
                    "/api/v1/tasks", "/api/v1/tasks/{id}", "/api/v1/tasks/{id}/done", "/api/v1/stats",
                    "/api/v1/logs/{date}", "/api/v1/export/sessions.csv", "/api/v1/export/logs.csv",
                    "/api/v1/photos", "/api/v1/photos/{id}",
                    "/api/v1/render", "/api/v1/entries", "/api/v1/entries/{id}", "/api/v1/entries/{id}/restore",
                    "/api/v1/entries/{id}/conflicts/{conflict}", "/api/v1/entries/today/append", "/api/v1/trash",
                    "/api/v1/device/journal", "/api/v1/shortcuts",
                    "/api/v1/search",
                    "/api/v1/trackers", "/api/v1/trackers/order", "/api/v1/trackers/{id}",
                    "/api/v1/trackers/{id}/values", "/api/v1/trackers/{id}/values/{date}",
                    "/api/v1/widgets/{name}", "/api/v1/map", "/api/v1/map/entries",
                    "/api/v1/place", "/api/v1/connections", "/api/v1/reminders", "/api/v1/reminders/recent",
                    "/api/v1/push/key", "/api/v1/push/subscriptions", "/api/v1/push/test", "/api/v1/badge",
                    "/api/v1/import/{source}", "/api/v1/changes",
                ])
            #expect(Set(paths["/api/v1/logs/{date}"]!.keys) == ["parameters", "get", "patch", "put"])
            #expect(Set(paths["/api/v1/settings"]!.keys) == ["get", "patch"])
            // Every documented operation answers; a method it doesn't document is 405 with the ones it does.
            #expect(try await browser.get("/api/v1/settings").status == .ok)
            #expect(try await patch(&browser, "{}").status == .ok)
            let put = try await browser.send(
                "/api/v1/settings", method: .put, headers: [.contentType: "application/json"],
                body: ByteBuffer(string: "{}"))
            #expect(put.status == .methodNotAllowed)
            #expect(put.headers[.allow] == "GET, HEAD, PATCH")

            // The schemas name exactly the fields the server sends and accepts.
            let components = try #require(document["components"] as? [String: Any])
            let schemas = try #require(components["schemas"] as? [String: [String: Any]])
            let valuesSchema = try #require(schemas["SettingsValues"]?["properties"] as? [String: Any])
            let changeSchema = try #require(schemas["SettingsChange"]?["properties"] as? [String: Any])
            let modelSchema = try #require(schemas["SettingsViewModel"]?["properties"] as? [String: Any])
            let model = try object(try await browser.get("/api/v1/settings"))
            let values = try #require(model["values"] as? [String: Any])
            #expect(Set(valuesSchema.keys) == Set(values.keys))
            #expect(Set(changeSchema.keys) == Set(SettingsChange.fieldNames))
            #expect(Set(model.keys).isSubset(of: Set(modelSchema.keys)))
            let required = Set(schemas["SettingsViewModel"]?["required"] as? [String] ?? [])
            #expect(required.isSubset(of: Set(model.keys)))
            let field = try #require(
                ((model["sections"] as? [[String: Any]])?.first?["fields"] as? [[String: Any]])?.first)
            let fieldSchema = try #require(schemas["FormField"]?["properties"] as? [String: Any])
            #expect(Set(field.keys).isSubset(of: Set(fieldSchema.keys)))
            // The dashboard and the daily log send what their schemas name, and at least what they require.
            for (path, name) in [("/api/v1/stats", "StatsViewModel"), ("/api/v1/logs/2026-11-20", "LogViewModel")] {
                let sent = try object(try await browser.get(path))
                let schema = try #require(schemas[name])
                #expect(Set(sent.keys).isSubset(of: Set((schema["properties"] as? [String: Any] ?? [:]).keys)))
                #expect(Set(schema["required"] as? [String] ?? []).isSubset(of: Set(sent.keys)))
            }
            let week = try #require(try object(try await browser.get("/api/v1/stats"))["week"] as? [String: Any])
            let weekSchema = try #require(schemas["StatsWeek"]?["properties"] as? [String: Any])
            #expect(Set(week.keys).isSubset(of: Set(weekSchema.keys)))
            let sounds = (valuesSchema["focusSound"] as? [String: Any])?["enum"] as? [String]
            #expect(sounds == AmbientSound.allCases.map(\.rawValue))
        }
    }
}
