import ArgumentParser
import DaybookCore
import DaybookDataFolder
import DaybookFeatures
import DaybookStore
import Foundation

/// `daybook token create|list|revoke`: API tokens made on the server's machine, in its data folder, as Settings →
/// API tokens makes them; also while the server runs.
struct TokenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token",
        abstract: "Create, list and revoke API tokens in the data folder (on the server's machine).",
        subcommands: [Create.self, List.self, Revoke.self])

    /// The access rules over the data folder's database, with messages in English (the terminal's words).
    static func access(_ data: DataFolderOption) throws -> AccessInteractor {
        AccessInteractor(
            store: try AppDatabase.open(folder: data.url), secrets: SystemSecretMaker(),
            hasher: ScryptPassphraseHasher(), clock: SystemClock(), events: EventBus())
    }

    /// Says why on standard error; the command then ends with status 1.
    static func refusal(_ problem: Access.Problem) -> ExitCode {
        let localizer = Localizer(language: .english, timeZone: .current, catalog: .bundled)
        FileHandle.standardError.write(Data((AccessPresenter.message(for: problem, localizer: localizer) + "\n").utf8))
        return ExitCode.failure
    }

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create a token; it is printed once, alone on the last line.")

        @Option(help: "What it may reach: \(TokenScope.allCases.map(\.rawValue).joined(separator: ", ")).")
        var scope: String

        @Option(help: "Its name in Settings → API tokens (default: the scope).")
        var name: String?

        @Option(help: "How long it works: never (the default), 30d or 1y.")
        var lifetime: String = "never"

        @OptionGroup var data: DataFolderOption

        func run() async throws {
            guard let scope = TokenScope(rawValue: scope.lowercased()) else {
                throw ValidationError(
                    "The scope is one of \(TokenScope.allCases.map(\.rawValue).joined(separator: ", ")), not \(scope).")
            }
            let lifetimes: [String: Access.TokenLifetime] = ["never": .never, "30d": .month, "1y": .year]
            guard let lifetime = lifetimes[lifetime.lowercased()] else {
                throw ValidationError("The lifetime is never, 30d or 1y, not \(lifetime).")
            }
            do {
                let created = try await TokenCommand.access(data).createToken(
                    name: name ?? scope.rawValue, scope: scope, lifetime: lifetime)
                let expires = created.token.expiresAt.map { "expires \($0.formatted(.iso8601))" } ?? "never expires"
                print(
                    "Created \"\(created.token.name)\" (id \(created.token.id), scope \(scope.rawValue), \(expires)).")
                print("It is shown this once; only its digest is kept. The token:")
                print(created.secret)
            } catch let problem as Access.Problem {
                throw TokenCommand.refusal(problem)
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the tokens (never their secrets).")

        @OptionGroup var data: DataFolderOption

        func run() async throws {
            let tokens = try await TokenCommand.access(data).tokens()
            guard !tokens.isEmpty else {
                print("No API tokens.")
                return
            }
            let rows =
                [["ID", "NAME", "SCOPE", "CREATED", "LAST USED", "EXPIRES"]]
                + tokens.map { token in
                    [
                        token.id, token.name, token.scope.rawValue, Self.day(token.createdAt),
                        token.lastUsedAt.map(Self.day) ?? "never", token.expiresAt.map(Self.day) ?? "never",
                    ]
                }
            let widths = (0..<6).map { column in rows.map { $0[column].count }.max() ?? 0 }
            for row in rows {
                print(
                    zip(row, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }
                        .joined(separator: "  ").trimmingCharacters(in: .whitespaces))
            }
        }

        static func day(_ date: Date) -> String {
            date.formatted(.iso8601.year().month().day())
        }
    }

    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Revoke a token by its id (see `daybook token list`); it stops working at once.")

        @Argument(help: "The token's id.")
        var id: String

        @OptionGroup var data: DataFolderOption

        func run() async throws {
            do {
                try await TokenCommand.access(data).revokeToken(id: id)
                print("Revoked \(id).")
            } catch let problem as Access.Problem {
                throw TokenCommand.refusal(problem)
            }
        }
    }
}
