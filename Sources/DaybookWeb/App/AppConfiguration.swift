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
    /// The HTTPS address a TLS proxy serves this Daybook at, for phones: pairing links lead there.
    public var publicURL: URL?

    public init(host: String = "127.0.0.1", port: Int = 8080, dataFolder: URL?, serverTimeZone: TimeZone = .current) {
        self.host = host
        self.port = port
        self.dataFolder = dataFolder
        self.serverTimeZone = serverTimeZone
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

    /// Whether the server is reachable only from this machine. Anything else needs a passphrase.
    public var isLoopback: Bool { Self.isLoopback(host: host) }

    public static func isLoopback(host: String) -> Bool {
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
        return bare == "localhost" || bare == "::1" || bare.hasPrefix("127.")
    }

    /// A URL people can open.
    public var displayURL: String {
        let shown = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return "http://\(shown):\(port)"
    }
}
