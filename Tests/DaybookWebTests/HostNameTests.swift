import DaybookCore
import DaybookDataFolder
import DaybookTestSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import DaybookWeb

/// A web page whose name its owner points at 127.0.0.1 is same-origin with Daybook in the browser; on loopback,
/// where there is no login, only the `Host` it sends tells it apart.
@Suite("Loopback names are exact")
struct HostNameTests {
    static let answered = [
        "localhost", "localhost:8080", "LOCALHOST:8080", "127.0.0.1", "127.0.0.1:8080", "127.1.2.3:9", "[::1]",
        "[::1]:8080",
    ]
    static let misdirected = [
        "127.evil.example:8080", "127.0.0.1.evil.example:8080", "localhost.evil.example", "localhost.evil.example:8080",
        "0x7f.1", "2130706433", "127.1", "0177.0.0.1.evil.example", "127.0.0.256", "rebind.evil.example", "::1",
        "localhost.", "evil.localhost",
    ]

    @Test("a loopback name is answered; any other gets 421 and reads nothing", arguments: answered + misdirected)
    func hostTable(host: String) async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        let isAnswered = Self.answered.contains(host)
        try await app.application.test(.live) { live in
            let client = TestClient(host: "127.0.0.1", port: try #require(live.port))
            client.connect()
            defer { Task { try? await client.shutdown() } }
            func send(_ method: HTTPRequest.Method, _ path: String, headers: HTTPFields = [:], body: ByteBuffer? = nil)
                async throws -> HTTPResponse.Status
            {
                try await client.execute(
                    TestClient.Request(path, method: method, authority: host, headers: headers, body: body)
                ).status
            }
            let entries = try await send(.get, "/api/v1/entries")
            #expect(entries == (isAnswered ? .ok : .misdirectedRequest), "\(host)")
            let export = try await send(.get, "/settings/export.zip")
            #expect((export == .misdirectedRequest) == !isAnswered, "\(host)")
            let change = try await send(
                .patch, "/api/v1/settings",
                headers: [
                    .contentType: "application/json", .origin: "http://\(host)",
                    HTTPField.Name("Sec-Fetch-Site")!: "same-origin",
                ],
                body: ByteBuffer(string: #"{"name":"Mallory"}"#))
            #expect((change == .misdirectedRequest) == !isAnswered, "\(host)")
        }
        let name = try await app.database!.loadSettings()!.name
        #expect((name == "Mallory") == isAnswered, "\(host)")
    }

    @Test("with a public URL, its name is answered too, and still no other")
    func publicName() async throws {
        let publicURL = try PublicURL("https://daybook.home.arpa:8443")
        let configuration = AppConfiguration(dataFolder: nil, publicURL: publicURL)
        #expect(configuration.answers(hostName: "daybook.home.arpa"))
        #expect(configuration.answers(hostName: "localhost"))
        #expect(!configuration.answers(hostName: "daybook.home.arpa.evil.example"))
        #expect(!configuration.answers(hostName: "127.evil.example"))
    }
}
