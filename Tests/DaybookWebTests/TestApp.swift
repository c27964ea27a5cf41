import DaybookCore
import DaybookDataFolder
import DaybookMedia
import DaybookStore
import DaybookTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import DaybookWeb

/// A Daybook with the real router, templates and an in-memory database.
struct TestApp {
    let services: AppServices
    let database: AppDatabase?

    /// The push services here are this machine's test servers, which may wait their turn while every suite runs at
    /// once: they get longer than a push service on the internet does.
    static let pushTimeout = TimeAmount.seconds(60)

    static func make(
        host: String = "127.0.0.1", settings: Settings? = nil, gate: DatabaseGate? = nil,
        clock: any DaybookClock = FixedClock(.iso("2026-11-21T08:30:00+09:00")), dataFolder: URL? = nil,
        weather: any WeatherProvider = UnreachableWeather(), publicURL: PublicURL? = nil
    ) async throws -> TestApp {
        let database = gate == nil ? try await Fixtures.database(settings: settings) : nil
        let publicFiles = try #require(WebResources.publicFiles)
        let assets = try StaticAssets(folder: publicFiles)
        let renderer = try PageRenderer(
            templates: try #require(WebResources.templates), assetVersion: assets.version)
        var services = AppServices(
            configuration: AppConfiguration(
                host: host, port: 0, dataFolder: nil, serverTimeZone: Fixtures.seoul, publicURL: publicURL),
            gate: gate ?? DatabaseGate(ready: database!), clock: clock, catalog: .bundled,
            secrets: SystemSecretMaker(), hasher: ScryptPassphraseHasher(rounds: 1 << 10), renderer: renderer,
            assets: assets, throttle: LoginThrottle(clock: clock),
            sounds: AmbientSoundLibrary(
                directory: Fixtures.temporaryFolder(), synthesizer: AmbientSynthesizer(sampleRate: 8000, seconds: 2)),
            photos: PhotoServices(
                dataFolder: dataFolder ?? Fixtures.temporaryFolder(), processor: VipsPhotoProcessor(),
                ids: PhotoIDGenerator()))
        // Tests never reach another machine.
        services.weatherProvider = weather
        services.pushTimeout = pushTimeout
        return TestApp(services: services, database: database)
    }

    var application: some ApplicationProtocol { Application(router: buildRouter(services: services)) }

    /// Runs `body` with a browser-like client that keeps cookies.
    /// - Parameter live: over a real loopback connection (the requests come from 127.0.0.1), as a proxy on the
    ///   same machine sends them.
    func browse(live: Bool = false, _ body: @escaping @Sendable (inout Browser) async throws -> Void) async throws {
        try await application.test(live ? .live : .router) { client in
            var browser = Browser(client: client)
            try await body(&browser)
        }
    }
}

/// A weather service that cannot be reached, as with no network.
struct UnreachableWeather: WeatherProvider {
    struct Offline: Error {}
    func observation(at key: WeatherKey) async throws -> WeatherObservation { throw Offline() }
}

/// Keeps cookies between requests and fills in the CSRF field of forms, as a browser page would.
struct Browser {
    let client: any TestClientProtocol
    var cookies: [String: String] = [:]
    var acceptLanguage = "en-US,en;q=0.9"

    init(client: any TestClientProtocol) {
        self.client = client
    }

    @discardableResult
    mutating func get(_ path: String, headers: HTTPFields = [:]) async throws -> TestResponse {
        try await send(path, method: .get, headers: headers, body: nil)
    }

    /// Posts a form; the CSRF token from the cookie is added unless `csrf` says otherwise. `repeated` holds
    /// names sent more than once, as a checkbox group sends them.
    @discardableResult
    mutating func post(
        _ path: String, form: [String: String], repeated: [(String, String)] = [], csrf: String? = nil,
        headers: HTTPFields = [:]
    ) async throws -> TestResponse {
        var fields = form
        fields["csrf"] = csrf ?? cookies["daybook_csrf"] ?? cookies["__Host-daybook_csrf"] ?? ""
        let pairs = fields.map { ($0.key, $0.value) } + repeated
        let body = pairs.map { "\(Self.encode($0.0))=\(Self.encode($0.1))" }.joined(separator: "&")
        var headers = headers
        headers[.contentType] = "application/x-www-form-urlencoded"
        return try await send(path, method: .post, headers: headers, body: ByteBuffer(string: body))
    }

    mutating func send(_ path: String, method: HTTPRequest.Method, headers: HTTPFields, body: ByteBuffer?)
        async throws -> TestResponse
    {
        var headers = headers
        if headers[.acceptLanguage] == nil { headers[.acceptLanguage] = acceptLanguage }
        if !cookies.isEmpty {
            headers[.cookie] = cookies.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: "; ")
        }
        let response = try await client.execute(uri: path, method: method, headers: headers, body: body)
        for header in response.headers[values: .setCookie] {
            let pair = header.split(separator: ";")[0].split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { continue }
            if pair[1].isEmpty { cookies[String(pair[0])] = nil } else { cookies[String(pair[0])] = String(pair[1]) }
        }
        return response
    }

    /// Completes onboarding through the real forms.
    mutating func onboard(name: String = "Mina", journal: String = "Morning Pages", language: String = "en")
        async throws
    {
        try await get("/onboarding")
        try await post("/onboarding/language", form: ["language": language])
        try await post("/onboarding/name", form: ["name": name])
        try await post("/onboarding/journal", form: ["journalName": journal, "accentColor": "#2f6f6a"])
    }

    static func encode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}

extension TestResponse {
    var text: String { String(buffer: body) }
}

extension Browser {
    /// Sends `json` as the body, as the pages' scripts and API clients do.
    @discardableResult
    mutating func send(_ method: HTTPRequest.Method, _ path: String, json: String) async throws -> TestResponse {
        try await send(
            path, method: method, headers: [.contentType: "application/json"], body: ByteBuffer(string: json))
    }
}

/// A JSON answer as a dictionary; fails the test when it is not a JSON object.
func jsonObject(_ response: TestResponse) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(response.text.utf8)) as? [String: Any])
}
