import ArgumentParser
import Foundation

/// `daybook status`: the current block and the focus timer, one line for a desktop status bar.
struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Print the current block and timer for a status bar (waybar, polybar, i3blocks).",
        discussion: """
            Formats:
              plain     one line: ▶ Deep work 12:34 · 1 h 20 min today
              json      everything, as JSON
              waybar    {"text", "tooltip", "class", "percentage"} for a custom module with "return-type": "json"
              polybar   one line for a custom/script module
              i3blocks  full text, short text and colour lines
            When Daybook cannot be reached, the bar formats print an empty status instead of failing.
            """)
    @OptionGroup var server: ServerOptions
    @Option(help: "plain, json, waybar, polybar or i3blocks.") var format: Format = .plain

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case plain, json, waybar, polybar, i3blocks
    }

    struct Status {
        var state: String
        var stateLabel: String
        var task: String?
        var clock: String
        var progress: Double
        var block: String?
        var blockTime: String?
        var blockWhen: String?
        var focus: String
        var focusLabel: String

        /// "▶ Deep work 12:34" while focusing; else the block due now or next, and today's focus.
        var line: String {
            switch state {
            case "running": "▶ \(task ?? stateLabel) \(clock) · \(focus)"
            case "paused": "⏸ \(task ?? stateLabel) \(clock) · \(focus)"
            default:
                [block.map { "\($0) \(blockTime ?? "")" }, "\(focusLabel) \(focus)"].compactMap { $0 }
                    .joined(separator: " · ")
            }
        }

        var short: String {
            state == "running" || state == "paused" ? clock : focus
        }

        var tooltip: String {
            var lines = ["\(stateLabel)\(task.map { ": \($0)" } ?? "")"]
            if let block { lines.append("\(block) \(blockTime ?? "") · \(blockWhen ?? "")") }
            lines.append("\(focusLabel) \(focus)")
            return lines.joined(separator: "\n")
        }
    }

    func run() async throws {
        let status: Status
        do {
            status = try await load()
        } catch let failure as APIClient.Failure {
            // A status bar shows nothing rather than an error when Daybook is not running.
            switch format {
            case .waybar: print(#"{"text": "", "tooltip": "Daybook is not running", "class": "offline"}"#)
            case .polybar, .i3blocks: print("")
            case .plain, .json:
                FileHandle.standardError.write(Data((failure.description + "\n").utf8))
                throw ExitCode.failure
            }
            return
        }
        switch format {
        case .plain, .polybar: print(status.line)
        case .i3blocks:
            print(status.line)
            print(status.short)
            if status.state == "running" { print("#4fb3a9") }
        case .waybar:
            print(
                try Self.json([
                    "text": status.line, "tooltip": status.tooltip, "class": status.state,
                    "percentage": Int((status.progress * 100).rounded()),
                ]))
        case .json:
            var object: [String: Any] = [
                "state": status.state, "clock": status.clock, "progress": status.progress, "focus": status.focus,
                "text": status.line,
            ]
            if let task = status.task { object["task"] = task }
            if let block = status.block {
                object["block"] = ["title": block, "time": status.blockTime ?? "", "when": status.blockWhen ?? ""]
            }
            print(try Self.json(object))
        }
    }

    private func load() async throws -> Status {
        let client = try server.client()
        async let timerData = client.send("GET", "api/v1/widgets/rectangular")
        async let dayData = client.send("GET", "api/v1/widgets/small")
        let timer = try Self.firstContent(try await timerData)
        let day = try Self.firstContent(try await dayData)
        let clock = timer["timer"] as? [String: Any] ?? [:]
        let block = day["block"] as? [String: Any]
        return Status(
            state: clock["state"] as? String ?? "idle", stateLabel: clock["stateLabel"] as? String ?? "",
            task: timer["task"] as? String, clock: clock["clock"] as? String ?? "",
            progress: clock["progress"] as? Double ?? 0, block: block?["title"] as? String,
            blockTime: block?["time"] as? String, blockWhen: block?["when"] as? String,
            focus: day["focus"] as? String ?? "", focusLabel: day["focusLabel"] as? String ?? "")
    }

    /// The content of a widget timeline's first entry: the state now.
    static func firstContent(_ data: Data) throws -> [String: Any] {
        let timeline = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let entries = timeline?["entries"] as? [[String: Any]] ?? []
        return entries.first?["content"] as? [String: Any] ?? [:]
    }

    static func json(_ object: [String: Any]) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }
}
