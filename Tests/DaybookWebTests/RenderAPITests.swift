import DaybookCore
import DaybookMedia
import DaybookTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import DaybookWeb

@Suite("POST /api/v1/render: the editor's preview")
struct RenderAPITests {
    func render(_ browser: inout Browser, _ body: String) async throws -> TestResponse {
        try await browser.send(
            "/api/v1/render", method: .post, headers: [.contentType: "application/json"], body: ByteBuffer(string: body)
        )
    }

    func json(_ response: TestResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(response.text.utf8)) as? [String: Any])
    }

    func body(markdown: String) throws -> String {
        String(decoding: try JSONEncoder().encode(["markdown": markdown]), as: UTF8.self)
    }

    @Test("answers the HTML a saved reflection shows, made safe")
    func rendersLikeAPage() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        let markdown =
            "A **good** day, see www.example.com\n\n<script>alert(1)</script>\n\n- [x] [x](javascript:alert(1))"
        try await app.browse { browser in
            let response = try await render(&browser, try body(markdown: markdown))
            #expect(response.status == .ok)
            #expect(response.headers[.cacheControl] == "no-store")
            let html = try #require(try json(response)["html"] as? String)
            #expect(html == CMarkRenderer().html(markdown))
            #expect(html.contains("<strong>good</strong>"))
            #expect(html.contains(#"<a rel="noopener noreferrer nofollow" href="http://www.example.com">"#))
            #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;") && !html.contains("<script"))
            #expect(html.contains(#"<input type="checkbox" checked="" disabled="" /> x</li>"#))

            // The reflection saved from the same text is shown with the same HTML.
            _ = try await browser.get("/log/2026-11-21")
            let saved = try await browser.post("/log/2026-11-21", form: ["reflection": markdown])
            #expect(saved.status == .seeOther)
            let page = try await browser.get("/log/2026-11-21").text
            #expect(page.contains(html.trimmingCharacters(in: .newlines)))
        }
    }

    @Test("1 MB of UTF-8 renders; one byte more is refused with 413 in the owner's language")
    func sizeLimit() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings(language: .korean))
        let korean = Fixtures.localizer(.korean)
        let limit = MarkdownLimits.utf8Bytes
        try await app.browse { browser in
            // Three-byte characters and a control character JSON writes as six bytes: the body is far past 1 MB.
            let largest = String(repeating: "가", count: limit / 3 - 1) + "\u{1}\n" + String(repeating: "a", count: 2)
            #expect(largest.utf8.count == limit)
            let fits = try await render(&browser, try body(markdown: largest))
            #expect(fits.status == .ok)
            #expect(try (json(fits)["html"] as? String)?.hasPrefix("<p>가가가") == true)

            for tooLarge in [largest + "b", String(repeating: "b", count: limit + 1)] {
                let refused = try await render(&browser, try body(markdown: tooLarge))
                #expect(refused.status == .contentTooLarge)
                let error = try #require(try json(refused)["error"] as? [String: Any])
                #expect(error["message"] as? String == korean("markdown.error.tooLarge", korean.number(limit)))
            }
            let huge = try await render(&browser, try body(markdown: String(repeating: "\u{1}", count: limit + 1)))
            #expect(huge.status == .contentTooLarge)
            #expect(
                (try json(huge)["error"] as? [String: Any])?["message"] as? String
                    == korean("markdown.error.tooLarge", korean.number(limit)))
        }
    }

    @Test("a body that is not the documented JSON is refused with 400, like every JSON endpoint")
    func badBodies() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        try await app.browse { browser in
            for (body, code) in [
                ("", "malformedJSON"), ("{", "malformedJSON"), ("{}", "invalidValue"),
                (#"{"markdown": 3}"#, "wrongType"),
                (#"{"markdown": "x", "html": "y"}"#, "unknownFields"), (#"["x"]"#, "wrongType"),
            ] {
                let response = try await render(&browser, body)
                let error = try #require(try json(response)["error"] as? [String: Any])
                #expect(error["code"] as? String == code, "\(body)")
                #expect(response.status == (code == "invalidValue" ? .unprocessableContent : .badRequest), "\(body)")
            }
            let text = try await browser.send(
                "/api/v1/render", method: .post, headers: [.contentType: "text/plain", .origin: "http://localhost"],
                body: ByteBuffer(string: "# hi"))
            #expect(text.status == .unsupportedMediaType)
        }
    }
}
