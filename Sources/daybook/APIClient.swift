import ArgumentParser
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `--server` and `--token` for commands that talk to a running Daybook.
struct ServerOptions: ParsableArguments {
    @Option(help: "The Daybook server (env: DAYBOOK_URL; default http://127.0.0.1:8080).")
    var server: String?

    @Option(help: "An API token from Settings, needed when the server is not on this computer (env: DAYBOOK_TOKEN).")
    var token: String?

    func client() throws -> APIClient {
        let environment = ProcessInfo.processInfo.environment
        let address = server ?? environment["DAYBOOK_URL"] ?? "http://127.0.0.1:8080"
        guard let url = URL(string: address), url.scheme == "http" || url.scheme == "https", url.host != nil else {
            throw ValidationError("\(address) is not a server address like http://127.0.0.1:8080.")
        }
        return APIClient(base: url, token: token ?? environment["DAYBOOK_TOKEN"])
    }
}

/// A small JSON client for `/api/v1`.
struct APIClient: Sendable {
    let base: URL
    let token: String?

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    func send(_ method: String, _ path: String, json: [String: Any]? = nil) async throws -> Data {
        // Paths may carry a query (`api/v1/tasks?date=…`), so they are resolved, not appended.
        guard let url = URL(string: path, relativeTo: base.appendingPathComponent("/")) else {
            throw Failure(description: "\(path) is not a valid request path.")
        }
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        if let json {
            request.httpBody = try JSONSerialization.data(withJSONObject: json)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, response): (Data, URLResponse)
        do {
            (data, response) = try await URLSession.shared.data(for: request)
        } catch {
            throw Failure(
                description:
                    "Could not reach Daybook at \(base.absoluteString). Is it running? (start it with: daybook serve)"
            )
        }
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
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
