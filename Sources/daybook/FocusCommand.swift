import ArgumentParser
import DaybookCore
import Foundation

struct FocusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "focus", abstract: "Control the focus timer of a running Daybook.",
        subcommands: [Start.self, Pause.self, Resume.self, Stop.self, Extend.self, Sound.self, Status.self])

    struct Start: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "start", abstract: "Start focusing (a countdown unless --stopwatch).")
        @OptionGroup var server: ServerOptions
        @Option(help: "The task id to focus on.") var task: String?
        @Option(help: "Minutes to count down (1–240; default from settings).") var minutes: Int?
        @Option(help: "rain, birdsong, waves, brown-noise, fireplace or none.") var sound: String?
        @Flag(help: "Count up with no end.") var stopwatch = false

        func run() async throws {
            var body: [String: Any] = [:]
            if let task { body["taskID"] = task }
            if let minutes { body["minutes"] = minutes }
            if let sound { body["sound"] = sound }
            if stopwatch { body["stopwatch"] = true }
            try await FocusCommand.act(server, "start", body)
        }
    }

    struct Pause: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "pause", abstract: "Pause the running timer.")
        @OptionGroup var server: ServerOptions
        func run() async throws { try await FocusCommand.act(server, "pause") }
    }

    struct Resume: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "resume", abstract: "Resume a paused timer.")
        @OptionGroup var server: ServerOptions
        func run() async throws { try await FocusCommand.act(server, "resume") }
    }

    struct Stop: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "stop", abstract: "Stop and record the session.")
        @OptionGroup var server: ServerOptions
        func run() async throws { try await FocusCommand.act(server, "stop") }
    }

    struct Extend: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "extend", abstract: "Add minutes to a countdown.")
        @OptionGroup var server: ServerOptions
        @Argument(help: "Minutes to add (1–120).") var minutes = 5
        func run() async throws { try await FocusCommand.act(server, "extend", ["minutes": minutes]) }
    }

    struct Sound: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "sound",
            abstract: "Play another sound in the session under way; open pages crossfade to it.")
        @OptionGroup var server: ServerOptions
        @Argument(help: "rain, birdsong, waves, brown-noise, fireplace or none.") var name: String
        func run() async throws { try await FocusCommand.act(server, "sound", ["sound": name]) }
    }

    struct Status: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "status", abstract: "Print the timer, for people or status bars.")
        @OptionGroup var server: ServerOptions
        @Option(help: "plain, json or waybar.") var format = Status.defaultFormat

        static let defaultFormat = StatusFormat.plain

        func run() async throws {
            try await Self.status(server.client(), format: format)
        }

        static let path = "api/v1/focus"

        static func status(_ client: APIClient, format: StatusFormat) async throws {
            let data = try await perform { try await client.send("GET", path) }
            print(try FocusCommand.render(data, format: format))
        }
    }

    enum StatusFormat: String, ExpressibleByArgument, CaseIterable {
        case plain, json, waybar
    }

    static func act(_ server: ServerOptions, _ action: String, _ body: [String: Any] = [:]) async throws {
        let data = try await Pause().perform {
            try await server.client().send("POST", "api/v1/focus/\(action)", json: body)
        }
        print(try render(data, format: .plain))
    }

    /// One line: "Focusing · Write chapter · 18:42", or JSON for scripts and Waybar.
    ///
    /// Read and written without Foundation's JSON, whose first use costs more than the rest of the command: a
    /// status bar runs this every second.
    static func render(_ data: Data, format: StatusFormat) throws -> String {
        let object = try JSONReader.read(data)
        let status = object["statusLabel"]?.string ?? ""
        let title = object["title"]?.string ?? ""
        let display = object["display"]?.string ?? ""
        let phase = object["phase"]?.string ?? "idle"
        switch format {
        case .json:
            return String(decoding: data, as: UTF8.self)
        case .plain:
            return phase == "idle" ? status : "\(status) · \(title) · \(display)"
        case .waybar:
            let text = phase == "idle" ? "" : "\(display) \(title)"
            let percentage = Int(min(max(object["progress"]?.number ?? 0, 0), 1) * 100)
            return
                "{\"class\":\(JSONText.quoted(phase)),\"percentage\":\(percentage),\"text\":\(JSONText.quoted(text)),"
                + "\"tooltip\":\(JSONText.quoted("\(status) · \(title)"))}"
        }
    }
}
