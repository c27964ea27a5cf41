import DaybookCore
import Foundation

/// How a Daybook server is started.
public struct AppConfiguration: Sendable {
    public var host: String
    public var port: Int
    /// Where the database and files live; `nil` keeps everything in memory (tests).
    public var dataFolder: URL?
    /// The server's own time zone: the first guess for a new owner.
    public var serverTimeZone: TimeZone
    /// The https address people reach this server at through a TLS proxy (Caddy, `tailscale serve`), when there
    /// is one: `https://box.tailnet.ts.net`. With one, everything needs a login, cookies are `Secure` and links
    /// that leave the page (pairing, feeds, widgets) are made with it.
    public var publicURL: PublicURL?
    /// Peers whose `X-Forwarded-For` / `Forwarded` is believed: the proxies in front of this server.
    public var trustedProxies: TrustedProxies

    public init(
        host: String = "127.0.0.1", port: Int = 8080, dataFolder: URL?, serverTimeZone: TimeZone = .current,
        publicURL: PublicURL? = nil, trustedProxies: TrustedProxies = .loopback
    ) {
        self.host = host
        self.port = port
        self.dataFolder = dataFolder
        self.serverTimeZone = serverTimeZone
        self.publicURL = publicURL
        self.trustedProxies = trustedProxies
    }

    /// The default data folder: `$XDG_DATA_HOME/daybook`, else `~/.local/share/daybook`.
    public static func defaultDataFolder(environment: [String: String]) -> URL {
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg).appendingPathComponent("daybook")
        }
        let home =
            environment["HOME"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser
        return home.appendingPathComponent(".local/share/daybook")
    }

    /// Where people open Daybook: the public URL when there is one, else the address this server listens on.
    package var pageOrigin: String {
        if let publicURL { return publicURL.text }
        let name = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return "http://\(name):\(port)"
    }

    /// Whether the server listens only on this machine.
    public var isLoopback: Bool { Self.isLoopback(host: host) }

    /// Whether pages need a login and the API a token: whenever the server can be reached from other machines,
    /// by its own address or through a proxy at a public URL. A proxy's peer can send any `Host`, so neither the
    /// name asked for nor the address a request comes from lets anything in on its own.
    public var requiresLogin: Bool { !isLoopback || publicURL != nil }

    /// Whether the host check guards this server: on loopback against DNS rebinding, and behind a proxy against
    /// names it was not given.
    package var checksHost: Bool { isLoopback || publicURL != nil }

    /// Whether a request for `name` (without its port) is one this server answers.
    package func answers(hostName name: String) -> Bool {
        Self.isLoopback(host: name) || publicURL.map { $0.host == name.lowercased() } ?? false
    }

    /// Whether `host` names this computer exactly: `localhost`, `::1` (bracketed or not) or an IPv4 address in
    /// 127.0.0.0/8 written as four decimal numbers. `127.evil.example`, `localhost.evil.example`, `0x7f.1` and
    /// `2130706433` are other names, which a web page's owner could point at 127.0.0.1.
    public static func isLoopback(host: String) -> Bool {
        let bare = host.lowercased()
        if bare == "localhost" || bare == "::1" || bare == "[::1]" { return true }
        let parts = bare.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "127" else { return false }
        return parts.allSatisfy { part in
            (1...3).contains(part.count) && part.allSatisfy { $0.isASCII && $0.isNumber } && Int(part)! <= 255
        }
    }

    /// Where this process listens, as a URL.
    public var displayURL: String {
        let shown = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return "http://\(shown):\(port)"
    }
}

/// A public https address with a host and no path, as `--public-url` takes it.
public struct PublicURL: Sendable, Equatable, CustomStringConvertible {
    /// `https://box.tailnet.ts.net` or `https://daybook.home.arpa:8443`, with no trailing slash.
    public let text: String
    /// The host name in lower case, without brackets or port.
    public let host: String

    public enum Problem: Error, Equatable, CustomStringConvertible {
        case notHTTPS(String)
        case noHost(String)
        case hasPath(String)

        public var description: String {
            switch self {
            case .notHTTPS(let given):
                "The public URL must start with https:// (a phone's browser installs Daybook only over HTTPS): \(given)"
            case .noHost(let given): "The public URL names no host: \(given). Give it as https://NAME[:PORT]."
            case .hasPath(let given):
                "The public URL must be only https://NAME[:PORT], with no path, query or fragment: \(given). "
                    + "Serve Daybook at the root of its own name."
            }
        }
    }

    /// The public URL given as `--public-url` (`option`), else `DAYBOOK_PUBLIC_URL`; `nil` when neither is set.
    public static func configured(option: String?, environment: [String: String]) throws(Problem) -> PublicURL? {
        guard let text = option ?? environment["DAYBOOK_PUBLIC_URL"], !text.isEmpty else { return nil }
        return try PublicURL(text)
    }

    public init(_ given: String) throws(Problem) {
        let trimmed = given.trimmingCharacters(in: .whitespaces)
        guard let components = URLComponents(string: trimmed), components.scheme?.lowercased() == "https" else {
            throw .notHTTPS(given)
        }
        guard let host = components.host, !host.isEmpty, components.user == nil, components.password == nil else {
            throw .noHost(given)
        }
        guard components.path.isEmpty || components.path == "/", components.query == nil,
            components.fragment == nil
        else { throw .hasPath(given) }
        if let port = components.port, !(1...65535).contains(port) { throw .noHost(given) }
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
        self.host = bare
        let shown = bare.contains(":") ? "[\(bare)]" : bare
        text = "https://\(shown)" + (components.port.map { $0 == 443 ? "" : ":\($0)" } ?? "")
    }

    public var description: String { text }
}
