import DaybookTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import DaybookWeb

@Suite("Methods a path does not take")
struct MethodNotAllowedTests {
    func error(_ response: TestResponse) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(response.text.utf8)) as? [String: Any]
        return try #require(object?["error"] as? [String: Any])
    }

    @Test("an API path answers a method it does not take with 405, the methods it takes and a JSON error")
    func api() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings(language: .korean))
        try await app.browse { browser in
            for (method, path, allowed) in [
                (HTTPRequest.Method.trace, "/api/v1/settings", "GET, HEAD, PATCH"),
                (.put, "/api/v1/tasks/any-id", "DELETE, PATCH"),
                (.delete, "/api/v1/focus", "GET, HEAD"),
                (.get, "/api/v1/focus/start", "POST"),
                (.options, "/api/v1/logs/today", "GET, HEAD, PATCH, PUT"),
                (HTTPRequest.Method("QUERY")!, "/api/v1/export/logs.csv", "GET, HEAD"),
            ] {
                let response = try await browser.send(path, method: method, headers: [:], body: nil)
                #expect(response.status == .methodNotAllowed, "\(method) \(path)")
                #expect(response.headers[.allow] == allowed, "\(method) \(path)")
                #expect(response.headers[.contentType] == "application/json; charset=utf-8")
                let body = try error(response)
                #expect(body["code"] as? String == "methodNotAllowed")
                #expect(body["message"] as? String == Fixtures.localizer(.korean)("error.methodNotAllowed.body"))
            }
        }
    }

    @Test("405 comes before the same-origin, form and JSON checks, so they cannot hide it")
    func beforeOtherChecks() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        try await app.browse { browser in
            // Another site, a body that isn't JSON and no form token: still 405, and nothing read.
            let api = try await browser.send(
                "/api/v1/focus", method: .put,
                headers: [.contentType: "text/plain", .origin: "https://elsewhere.example"],
                body: ByteBuffer(string: "hello"))
            #expect(api.status == .methodNotAllowed)
            #expect(api.headers[.allow] == "GET, HEAD")
            let page = try await browser.send(
                "/settings", method: .put, headers: [.contentType: "application/x-www-form-urlencoded"],
                body: ByteBuffer(string: "name=Eve"))
            #expect(page.status == .methodNotAllowed)
            #expect(page.headers[.allow] == "GET, HEAD, POST")
            #expect(page.headers[.contentType]?.hasPrefix("text/html") == true)
            #expect(page.text.contains("Not possible here"))
        }
        #expect(try await app.database?.loadSettings()?.name == "Mina")
    }

    @Test("pages answer undeclared methods with 405 too; unknown paths stay 404 whatever the method")
    func pages() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        try await app.browse { browser in
            let trace = try await browser.send("/", method: .trace, headers: [:], body: nil)
            #expect(trace.status == .methodNotAllowed)
            #expect(trace.headers[.allow] == "GET, HEAD")
            let getAction = try await browser.get("/timeline/tasks/abc/done")
            #expect(getAction.status == .methodNotAllowed)
            #expect(getAction.headers[.allow] == "POST")
            // `/log/{date}` and `/static/**` are matched the way the router matches them.
            #expect(
                try await browser.send("/log/2026-11-20", method: .delete, headers: [:], body: nil).headers[.allow]
                    == "GET, HEAD, POST")
            #expect(
                try await browser.send("/static/css/app.css", method: .post, headers: [:], body: nil).status
                    == .methodNotAllowed)

            for method in [HTTPRequest.Method.get, .post, .trace] {
                let unknown = try await browser.send("/api/v1/nothing-here", method: method, headers: [:], body: nil)
                #expect(unknown.status == .notFound, "\(method)")
                #expect(unknown.headers[.allow] == nil)
                #expect(
                    try await browser.send("/no/such/page", method: method, headers: [:], body: nil).status
                        == .notFound)
            }
        }
    }

    @Test("HEAD answers wherever GET does, with the headers and no body")
    func head() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        try await app.browse { browser in
            let head = try await browser.send("/api/v1/settings", method: .head, headers: [:], body: nil)
            #expect(head.status == .ok)
            #expect(head.headers[.contentType] == "application/json; charset=utf-8")
            #expect(head.body.readableBytes == 0)
            #expect(try await browser.send("/stats", method: .head, headers: [:], body: nil).status == .ok)
        }
    }

    @Test("the method table matches paths as the router does")
    func table() {
        let routes = RouteMethods([
            ("/log", .get), ("/log/{date}", .get), ("/log/{date}", .post), ("/log/today/extra", .put),
            ("/static/**", .get), ("/", .get),
        ])
        #expect(routes.allowed(for: "/log") == [.get, .head])
        #expect(routes.allowed(for: "/log/2026-11-20/") == [.get, .head, .post])
        #expect(routes.allowed(for: "/log/today/extra") == [.put])
        #expect(routes.allowed(for: "/log/a/b") == nil)
        #expect(routes.allowed(for: "/static/js/app.js") == [.get, .head])
        #expect(routes.allowed(for: "/static") == nil)
        #expect(routes.allowed(for: "/") == [.get, .head])
    }
}
