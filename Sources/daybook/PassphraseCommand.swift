import ArgumentParser
import DaybookCore
import DaybookDataFolder
import DaybookFeatures
import DaybookStore
import Foundation

struct PassphraseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "passphrase",
        abstract: "Manage the owner passphrase that locks a server reachable from other machines.",
        subcommands: [Set.self])

    struct Set: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set",
            abstract: "Set the owner passphrase (stored only as an scrypt hash; every login ends).")
        @OptionGroup var data: DataFolderOption
        @Flag(help: "Read the passphrase from standard input instead of asking twice.") var stdin = false

        func run() async throws {
            let passphrase: String
            if stdin {
                passphrase = readLine(strippingNewline: true) ?? ""
            } else {
                let first = String(cString: getpass("New passphrase: "))
                let second = String(cString: getpass("Again: "))
                guard first == second else {
                    FileHandle.standardError.write(Data("The two passphrases differ; nothing changed.\n".utf8))
                    throw ExitCode.failure
                }
                passphrase = first
            }
            let database = try AppDatabase.open(folder: data.url)
            let access = AccessInteractor(
                store: database, secrets: SystemSecretMaker(), hasher: ScryptPassphraseHasher(), clock: SystemClock(),
                events: EventBus())
            do {
                try await access.setPassphrase(passphrase)
            } catch let problem as Access.Problem {
                let localizer = Localizer(language: .english, timeZone: .current, catalog: .bundled)
                FileHandle.standardError.write(
                    Data((AccessPresenter.message(for: problem, localizer: localizer) + "\n").utf8))
                throw ExitCode.failure
            }
            print("Passphrase set for \(data.url.path).")
        }
    }
}
