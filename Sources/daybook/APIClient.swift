import ArgumentParser
import AsyncHTTPClient
import DaybookDataFolder
import Foundation
import NIOCore
import NIOHTTP1

/// `--server` and `--token` for commands that talk to a running Daybook.
struct ServerOptions: ParsableArguments {
    @Option(help: "The Daybook server (env: DAYBOOK_URL; default http://127.0.0.1:8080).")
    var server: String?

    @Option(
        help:
            "An API token from Settings, needed when the server is not on this computer (env: DAYBOOK_TOKEN; on this computer a locked server's own token is found in its data folder)."
    )
    var token: String?

    func client() throws -> APIClient {
        try Self.client(server: server, token: token)
    }

    /// The client for `--server` and `--token` as given (nil: from the environment, else this computer).
    static func client(server: String?, token: String?) throws -> APIClient {
        let address = address(server)
        guard let url = URL(string: address), url.scheme == "http" || url.scheme == "https", url.host != nil else {
            throw ValidationError("\(address) is not a server address like http://127.0.0.1:8080.")
        }
        return APIClient(base: url, token: self.token(token) ?? localToken(for: url))
    }

    /// A locked server on this computer keeps a token for its command line in its data folder (`DAYBOOK_DATA_DIR`
    /// or the default one). It is sent only to that server, on this computer or at its public URL.
    static func localToken(for url: URL) -> String? {
        let environment = ProcessInfo.processInfo.environment
        let folder =
            environment["DAYBOOK_DATA_DIR"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? AppConfiguration.defaultDataFolder(environment: environment)
        return LocalToken.token(for: url, folder: folder)
    }

    /// The server's address: `--server`, else `DAYBOOK_URL`, else this computer.
    static func address(_ server: String?) -> String {
        server ?? environment("DAYBOOK_URL") ?? "http://127.0.0.1:8080"
    }

    /// The API token: `--token`, else `DAYBOOK_TOKEN`.
    static func token(_ token: String?) -> String? {
        token ?? environment("DAYBOOK_TOKEN")
    }

    private static func environment(_ name: String) -> String? {
        ProcessInfo.processInfo.environment[name]
    }
}

/// A small JSON client for `/api/v1`, on AsyncHTTPClient rather than Foundation's URLSession: the server is the
/// same program, and URLSession would load libcurl and its TLS libraries into every server process too.
struct APIClient: Sendable {
    let base: URL
    let token: String?

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Exports of many years stay far below this.
    static let largestAnswer = 512 * 1024 * 1024

    /// The shared client's settings, except that a refused connection (no server running) is said at once: the
    /// shared one retries until the request's deadline, and `daybook focus status` waited 30 s to say so.
    static let http: HTTPClient = {
        var configuration = HTTPClient.Configuration.singletonConfiguration
        configuration.connectionPool.retryConnectionEstablishment = false
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()

    func send(_ method: String, _ path: String, json: [String: Any]? = nil) async throws -> Data {
        var request = try self.request(method, path)
        if let json {
            request.body = .bytes(ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: json)))
            request.headers.add(name: "Content-Type", value: "application/json")
        }
        return try await execute(request)
    }

    /// Posts the bytes of `file` as they are, read in chunks as they are sent.
    /// - Parameter type: the body's Content-Type (a folder of notes goes as `application/x-tar`).
    /// - Parameter seconds: how long the server may take to answer (an import of years of photos takes a while).
    func upload(
        _ path: String, file: URL, type: String = "application/octet-stream", seconds: Int64 = 30
    ) async throws -> Data {
        let handle: FileHandle
        let length: Int
        do {
            handle = try FileHandle(forReadingFrom: file)
            length = Int(try handle.seekToEnd())
            try handle.seek(toOffset: 0)
        } catch {
            throw Failure(description: "\(file.path) cannot be read.")
        }
        defer { try? handle.close() }
        return try await upload(path, length: length, type: type, seconds: seconds) {
            let data = try handle.read(upToCount: 256 * 1024) ?? Data()
            return data.isEmpty ? nil : ByteBuffer(bytes: data)
        }
    }

    /// Sends a body of `length` bytes made as it goes: `next` gives each piece, nil at the end.
    func upload(
        _ path: String, length: Int, type: String, seconds: Int64 = 30,
        next: @escaping @Sendable () throws -> ByteBuffer?
    ) async throws -> Data {
        var request = try self.request("POST", path)
        request.headers.add(name: "Content-Type", value: type)
        let chunks = AsyncThrowingStream<ByteBuffer, any Error>(unfolding: { try next() })
        request.body = .stream(chunks, length: .known(Int64(length)))
        return try await execute(request, seconds: seconds)
    }

    private func resolve(_ path: String) throws -> URL {
        // Paths may carry a query (`api/v1/tasks?date=…`), so they are resolved, not appended.
        guard let url = URL(string: path, relativeTo: base.appendingPathComponent("/")) else {
            throw Failure(description: "\(path) is not a valid request path.")
        }
        return url
    }

    private static func unreachable(_ server: String) -> String {
        "Could not reach Daybook at \(server). Is it running? (start it with: daybook serve)"
    }

    private func request(_ method: String, _ path: String) throws -> HTTPClientRequest {
        let url = try resolve(path)
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = HTTPMethod(rawValue: method)
        request.headers.add(name: "Accept", value: "application/json")
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        return request
    }

    private func execute(_ request: HTTPClientRequest, seconds: Int64 = 30) async throws -> Data {
        let status: Int
        let body: ByteBuffer
        do {
            let response = try await Self.http.execute(request, timeout: .seconds(seconds))
            status = Int(response.status.code)
            body = try await response.body.collect(upTo: Self.largestAnswer)
        } catch {
            throw Failure(description: Self.unreachable(base.absoluteString))
        }
        let data = Data(body.readableBytesView)
        guard (200..<300).contains(status) else { throw Failure(description: Self.message(from: data, status: status)) }
        return data
    }

    /// The server's own explanation of an error, with the field problems.
    static func message(from data: Data, status: Int) -> String {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let error = object["error"] as? [String: Any], let message = error["message"] as? String
        else { return "The server answered \(status)." }
        let fields = (error["fields"] as? [String: String] ?? [:]).sorted { $0.key < $1.key }
        return ([message] + fields.map { "  \($0.key): \($0.value)" }).joined(separator: "\n")
    }
}
