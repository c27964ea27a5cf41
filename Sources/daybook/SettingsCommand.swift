import ArgumentParser
import DaybookCore
import Foundation

struct SettingsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings", abstract: "Show or change settings on a running Daybook.",
        subcommands: [Show.self, Set.self])

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Print the current settings.")
        @OptionGroup var server: ServerOptions
        @Flag(help: "Print the full JSON view model.") var json = false

        func run() async throws {
            let data = try await perform { try await server.client().send("GET", "api/v1/settings") }
            if json {
                print(String(decoding: data, as: UTF8.self))
                return
            }
            let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
            let values = object?["values"] as? [String: Any] ?? [:]
            let width = values.keys.map(\.count).max() ?? 0
            for key in SettingsChange.fieldNames {
                guard let value = values[key] else { continue }
                print(key.padding(toLength: width, withPad: " ", startingAt: 0) + "  \(value)")
            }
        }
    }

    struct Set: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set",
            abstract: "Change one setting.",
            discussion: "Keys: \(SettingsChange.fieldNames.joined(separator: ", ")).")
        @OptionGroup var server: ServerOptions
        @Argument(help: "The setting to change.") var key: String
        @Argument(help: "The new value.") var value: String

        func validate() throws {
            guard SettingsChange.fieldNames.contains(key) else {
                throw ValidationError(
                    "\(key) is not a setting. Known: \(SettingsChange.fieldNames.joined(separator: ", ")).")
            }
        }

        func run() async throws {
            _ = try await perform { try await server.client().send("PATCH", "api/v1/settings", json: [key: value]) }
            print("\(key) is now \(value).")
        }
    }
}

/// How client commands print what they got: for people, or the API's JSON as it came.
enum OutputFormat: String, ExpressibleByArgument {
    case plain, json
}

extension AsyncParsableCommand {
    /// Runs a client call, turning its failure into a plain message and exit code 1.
    func perform(_ call: () async throws -> Data) async throws -> Data {
        try await Self.perform(call)
    }

    /// Runs a client call, turning its failure into a plain message and exit code 1.
    static func perform(_ call: () async throws -> Data) async throws -> Data {
        do {
            return try await call()
        } catch let problem as APIClient.Failure {
            throw failure(problem.description)
        }
    }
}
