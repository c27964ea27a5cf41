import DaybookCore
import DaybookTestSupport
import Foundation
import Hummingbird
import Testing

@testable import DaybookWeb

@Suite("The API's OpenAPI document")
struct APIDocumentTests {
    let document: JSONValue
    let validator: SchemaValidator

    init() throws {
        let url = try #require(WebResources.publicFiles?.appendingPathComponent("openapi.json"))
        document = try JSONValue.parse(try Data(contentsOf: url))
        validator = try SchemaValidator(document: document)
    }

    var operations: [(path: String, method: String, operation: JSONValue)] {
        (document["paths"]?.object ?? [:]).flatMap { path, item in
            (item.object ?? [:]).filter { $0.key != "parameters" }.map { (path, $0.key, $0.value) }
        }.sorted { ($0.path, $0.method) < ($1.path, $1.method) }
    }

    func schema(_ path: String) throws -> JSONValue {
        var value: JSONValue? = document
        for part in path.split(separator: "/") { value = value?[String(part)] }
        return try #require(value)
    }

    func matches(_ text: String, _ schema: JSONValue) -> Bool {
        validator.issues(of: .string(text), against: schema, location: .body, field: "x").isEmpty
    }

    @Test("every API route is documented with its methods, and every documented operation has a route")
    func routesAndOperations() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        let router = buildRouter(services: app.services)
        let routed = Set(
            router.routes.filter { $0.path.description.hasPrefix("/api/") && $0.method != .head }.map {
                "\($0.method.rawValue) \($0.path.description)"
            })
        let documented = Set(operations.map { "\($0.method.uppercased()) \($0.path)" })
        #expect(routed == documented)
    }

    @Test("request schemas use only what the server checks; responses list every status the server can send")
    func schemasAndStatuses() throws {
        func keywords(_ schema: JSONValue) -> Set<String> {
            let schema = validator.resolved(schema)
            var found = Set(schema.object?.keys.map { $0 } ?? [])
            for key in ["items", "additionalProperties"] { found.formUnion(schema[key].map(keywords) ?? []) }
            for member in schema["properties"]?.object?.values.map({ $0 }) ?? [] { found.formUnion(keywords(member)) }
            for key in ["anyOf", "oneOf", "allOf"] {
                for branch in schema[key]?.array ?? [] { found.formUnion(keywords(branch)) }
            }
            return found
        }
        let shared = document["paths"]?.object ?? [:]
        for (path, method, operation) in operations {
            let name = "\(method) \(path)"
            let parameters = (shared[path]?["parameters"]?.array ?? []) + (operation["parameters"]?.array ?? [])
            let body = operation["requestBody"]?["content"]?["application/json"]?["schema"]
            for schema in parameters.compactMap({ $0["schema"] }) + (body.map { [$0] } ?? []) {
                #expect(keywords(schema).isSubset(of: SchemaValidator.keywords), "\(name)")
            }
            let statuses = Set(operation["responses"]?.object?.keys.map { $0 } ?? [])
            #expect(statuses.isSuperset(of: ["401", "421", "503"]), "\(name)")
            if method != "get" { #expect(statuses.contains("403"), "\(name)") }
            if method != "get", method != "delete" { #expect(statuses.contains("415"), "\(name)") }
            if body != nil { #expect(statuses.isSuperset(of: ["400", "413", "422"]), "\(name)") }
            if !parameters.isEmpty { #expect(statuses.contains("400"), "\(name)") }
            for (status, response) in operation["responses"]?.object ?? [:] where status.hasPrefix("4") {
                let content = validator.resolved(response)["content"]?["application/json"]?["schema"]
                #expect(content == .object(["$ref": .string("#/components/schemas/Error")]), "\(name) \(status)")
            }
            let links = (operation["responses"]?.object ?? [:]).values.flatMap { ($0["links"]?.object ?? [:]).values }
            for link in links {
                let target = link["operationId"]?.string
                #expect(
                    operations.contains { $0.operation["operationId"]?.string == target }, "\(name) → \(target ?? "")")
            }
        }
    }

    @Test("a day is exactly what DayKey reads")
    func days() throws {
        let day = try schema("components/schemas/Day")
        var samples = ["", "2026-1-01", "20261101", "2026-11-21\n", " 2026-11-21", "٢٠٢٦-11-21", "0000-01-01"]
        for year in [1, 4, 100, 400, 1900, 2000, 2024, 2026, 2100, 9999] {
            for (month, day) in [(1, 0), (1, 31), (2, 28), (2, 29), (2, 30), (4, 30), (4, 31), (12, 31), (13, 1)] {
                samples.append(String(format: "%04d-%02d-%02d", year, month, day))
            }
        }
        for text in samples {
            #expect(matches(text, day) == (DayKey(string: text) != nil), "\(text.debugDescription)")
        }
    }

    @Test("names and titles refuse every character the settings and task rules would trim or refuse")
    func characterClasses() throws {
        let name = try schema("components/schemas/SettingsChange/properties/name")
        let title = try schema("components/schemas/TaskDraft/properties/title")
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = String(Character(scalar))
            if CharacterSet.controlCharacters.contains(scalar) {
                #expect(!matches("a" + text, name), "U+\(String(value, radix: 16))")
            }
            if CharacterSet.whitespacesAndNewlines.contains(scalar) {
                #expect(!matches(text, title), "U+\(String(value, radix: 16))")
                #expect(!matches(text, name), "U+\(String(value, radix: 16))")
            }
        }
        #expect(matches("Mina", name) && matches(" 민아 ", name) && matches("x", title))
    }

    @Test("a one-character tag the document accepts is one the journal keeps, once the body's NULs are dropped")
    func tagCharacters() throws {
        let tag = try schema("components/schemas/EntryTag")
        let title = try schema("components/schemas/TaskDraft/properties/title")
        let name = try schema("components/schemas/TrackerName")
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = String(Character(scalar))
            let kept = (try? JournalTags.normalized([text.filter { $0 != "\u{0}" }])) != nil
            #expect(matches(text, tag) == kept, "U+\(String(value, radix: 16))")
        }
        #expect(!matches("\u{0}", title) && !matches("\u{0}", name))
        #expect(matches("#walk", tag) && matches(" 산책 ", tag) && !matches("a,b", tag) && !matches("a\u{2028}b", tag))
    }

    @Test("the time zones offered are ones the settings rules know")
    func timeZones() throws {
        let zones = try schema("components/schemas/SettingsChange/properties/timeZone")["enum"]?.array ?? []
        #expect(zones.count > 400)
        let known = Set(TimeZone.knownTimeZoneIdentifiers).union(["UTC", "GMT"])
        for zone in zones.compactMap(\.string) {
            #expect(known.contains(zone) && TimeZone(identifier: zone) != nil, "\(zone)")
        }
    }
}
