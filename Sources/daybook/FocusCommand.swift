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
        @Option(help: "plain, json or waybar.") var format: StatusFormat = .plain

        func run() async throws {
            let data = try await perform { try await server.client().send("GET", "api/v1/focus") }
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

    /// What `GET /api/v1/focus` says that a status line shows.
    struct Answer: Decodable {
        var phase: String?
        var statusLabel: String?
        var title: String?
        var display: String?
        var progress: Double?
    }

    /// One line: "Focusing · Write chapter · 18:42", or JSON for scripts and Waybar.
    static func render(_ data: Data, format: StatusFormat) throws -> String {
        if format == .json { return String(decoding: data, as: UTF8.self) }
        let answer = try JSONDecoder().decode(Answer.self, from: data)
        let (phase, status) = (answer.phase ?? "idle", answer.statusLabel ?? "")
        let (title, display) = (answer.title ?? "", answer.display ?? "")
        if format == .plain {
            return phase == "idle" ? status : "\(status) · \(title) · \(display)"
        }
        return try StatusCommand.json([
            "class": phase, "percentage": Int(min(max(answer.progress ?? 0, 0), 1) * 100),
            "text": phase == "idle" ? "" : "\(display) \(title)", "tooltip": "\(status) · \(title)",
        ])
    }
}
