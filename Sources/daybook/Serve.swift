import ArgumentParser
import DaybookDataFolder
import DaybookWeb
import Foundation
import Hummingbird
import Logging

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Run the Daybook server (the default).")

    @Option(help: "The address to listen on (env: DAYBOOK_HOST). Anything but loopback needs a passphrase.")
    var host: String?

    @Option(help: "The port to listen on (env: DAYBOOK_PORT).")
    var port: Int?

    @Option(
        help: ArgumentHelp(
            "The https address a TLS proxy (Caddy, tailscale serve) gives this server, like https://box.tailnet.ts.net (env: DAYBOOK_PUBLIC_URL).",
            discussion: "Daybook keeps listening on --host behind the proxy; it then needs a passphrase and a login."))
    var publicURL: String?

    @Option(
        name: .customLong("trusted-proxy"),
        help:
            "A proxy whose X-Forwarded-For is believed, besides this computer: an IP address or an IPv4 network; may be repeated (env: DAYBOOK_TRUSTED_PROXIES, comma-separated)."
    )
    var trustedProxies: [String] = []

    @Option(
        name: .customLong("forwarded-header"),
        help:
            "The one header the trusted proxy writes the client's address into: x-forwarded-for (the default; Caddy, nginx, tailscale serve) or forwarded (env: DAYBOOK_FORWARDED_HEADER)."
    )
    var forwardedHeader: String?

    @OptionGroup var data: DataFolderOption

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let host = host ?? environment["DAYBOOK_HOST"] ?? "127.0.0.1"
        let port = port ?? environment["DAYBOOK_PORT"].map { Int($0) ?? -1 } ?? 8080
        guard (1...65535).contains(port) else {
            throw ValidationError("The port must be a number from 1 to 65535.")
        }
        let publicURL: PublicURL?
        let proxies: TrustedProxies
        do {
            publicURL = try PublicURL.configured(option: self.publicURL, environment: environment)
            let headerName = forwardedHeader ?? environment["DAYBOOK_FORWARDED_HEADER"] ?? "x-forwarded-for"
            guard let header = TrustedProxies.Header(named: headerName) else {
                throw TrustedProxies.Problem.unknownHeader(headerName)
            }
            proxies = try TrustedProxies(
                loopbackAnd: trustedProxies.isEmpty
                    ? (environment["DAYBOOK_TRUSTED_PROXIES"].map { [$0] } ?? []) : trustedProxies,
                header: header)
        } catch let problem as PublicURL.Problem {
            throw ValidationError(problem.description)
        } catch let problem as TrustedProxies.Problem {
            throw ValidationError(problem.description)
        }
        let configuration = AppConfiguration(
            host: host, port: port, dataFolder: data.url, publicURL: publicURL, trustedProxies: proxies)
        var logger = Logger(label: "daybook")
        logger.logLevel = environment["LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .warning

        // One server per data folder; `daybook backup restore` waits for it to stop.
        let lock: DataFolderLock
        do { lock = try DataFolderLock(folder: data.url) } catch {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            throw ExitCode(75)
        }
        defer { withExtendedLifetime(lock) {} }
        let services: AppServices
        do {
            services = try await makeServices(configuration: configuration)
        } catch let error as StartupError {
            FileHandle.standardError.write(Data((error.description + "\n").utf8))
            throw ExitCode(78)
        }
        await services.prepareLocalToken(logger: logger)
        Task { [logger] in
            switch await services.gate.waitUntilSettled() {
            case .failed(let reason):
                FileHandle.standardError.write(Data("The database could not be opened: \(reason)\n".utf8))
            case .notUpgraded(let problem):
                FileHandle.standardError.write(Data("\(problem.description)\n".utf8))
            case .ready: logger.notice("the database is open")
            case .opening: break
            }
        }
        let app = buildApplication(configuration: configuration, services: services, logger: logger) {
            let lines = [
                "Daybook is running at \(configuration.displayURL)"
                    + (configuration.publicURL.map { ", reached at \($0.text) through the proxy" } ?? ""),
                "Data folder: \(configuration.dataFolder?.path ?? "in memory")",
                "Press Ctrl-C to stop.",
            ]
            FileHandle.standardOutput.write(Data((lines.joined(separator: "\n") + "\n").utf8))
        }
        try await app.runService()
        print("Daybook stopped.")
    }
}
