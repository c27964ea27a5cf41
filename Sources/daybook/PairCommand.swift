import ArgumentParser
import DaybookCore
import DaybookDataFolder
import DaybookFeatures
import DaybookMedia
import DaybookStore
import Foundation

struct PairCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pair",
        abstract: "Print a one-time link (and its QR code) that signs a phone in to this server.",
        discussion: """
            Run it on the server's machine. The link works once, within 10 minutes, and leads to the public HTTPS \
            address a TLS proxy serves Daybook at: --public-url, else DAYBOOK_PUBLIC_URL, else the address the \
            server noted in the data folder's `public-url` file.
            """)
    @OptionGroup var data: DataFolderOption
    @Option(
        help: "The public HTTPS address of this Daybook, e.g. https://box.tailnet.ts.net (env: DAYBOOK_PUBLIC_URL).")
    var publicURL: String?

    func run() async throws {
        let folder = data.url
        let base = try PublicAddress.resolve(
            option: publicURL, environment: ProcessInfo.processInfo.environment, dataFolder: folder)
        let database = try AppDatabase.open(folder: folder)
        guard try await database.passphraseHash() != nil else {
            throw ValidationError("Set an owner passphrase first: daybook passphrase set --data-dir \(folder.path)")
        }
        let pairing = try await DevicesInteractor(
            store: database, secrets: SystemSecretMaker(), clock: SystemClock(), events: EventBus()
        )
        .startPairing()
        let link = pairing.link(publicURL: base)
        print(PublicAddress.report(link: link, qr: try QRCode(link)))
    }
}

/// Where `daybook pair` sends the phone, and what it prints.
enum PublicAddress {
    /// The first public address given: the option, the environment, the file the server wrote in the data folder.
    ///
    /// - Throws: `ValidationError` when none is given or the one given is not an `https://` address.
    static func resolve(option: String?, environment: [String: String], dataFolder: URL) throws -> URL {
        let address: PublicURL
        do {
            guard
                let given = try PublicURL.configured(option: option, environment: environment)
                    ?? LocalToken.publicURL(folder: dataFolder).map({ try PublicURL($0) })
            else {
                throw ValidationError(
                    "No public address is known: pass --public-url https://… (the address a TLS proxy serves Daybook at)."
                )
            }
            address = given
        } catch let problem as PublicURL.Problem {
            throw ValidationError(problem.description)
        }
        guard let url = URL(string: address.text) else {
            throw ValidationError(PublicURL.Problem.noHost(address.text).description)
        }
        return url
    }

    /// The link, its QR code, and how long it works.
    static func report(link: String, qr: QRCode) -> String {
        """
        Open this link on the phone (scan the code with its camera). It works once, within 10 minutes:

        \(link)

        \(qr.terminalBlock())

        """
    }
}
