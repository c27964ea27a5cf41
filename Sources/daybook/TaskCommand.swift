import ArgumentParser
import DaybookCore
import Foundation

struct TaskCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "task", abstract: "Plan the day on a running Daybook.",
        subcommands: [Add.self, List.self, Done.self, Remove.self])

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Add a task: a time block with --at, else an anytime task.",
            discussion: "Example: daybook task add \"Write chapter 3\" --at 09:00 --for 90m --repeat weekdays")
        @OptionGroup var server: ServerOptions
        @Argument(help: "The title.") var title: String
        @Option(help: "Start time, HH:mm.") var at: String?
        @Option(name: .customLong("for"), help: "Length: 90, 90m, 1h30m or 1.5h.") var length: String?
        @Option(help: "Day, YYYY-MM-DD (default today).") var date: String?
        @Option(help: "daily, weekdays or weekly:mon,wed,fri.") var `repeat`: String?
        @Option(help: "A colour name (teal, blue, purple, rose, orange, amber, green, slate) or #rrggbb.") var color:
            String?

        func run() async throws {
            var body: [String: Any] = ["title": title]
            if let at { body["start"] = at }
            // The API takes whole minutes; "90m", "1h30m" and "1.5h" are read here.
            if let length { body["duration"] = DurationText.minutes(from: length).map { $0 as Any } ?? length }
            if let date { body["date"] = date }
            if let `repeat` { body["repeat"] = `repeat`.lowercased() }
            if let color { body["color"] = color.lowercased() }
            let data = try await perform { try await server.client().send("POST", "api/v1/tasks", json: body) }
            let row = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
            print("Added \(row["id"] as? String ?? "?"): \(TaskCommand.line(row))")
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List a day's tasks.")
        @OptionGroup var server: ServerOptions
        @Option(help: "Day, YYYY-MM-DD (default today).") var date: String?
        @Flag(help: "Print the JSON view model.") var json = false

        func run() async throws {
            let path = "api/v1/tasks" + (date.map { "?date=\($0)" } ?? "")
            let data = try await perform { try await server.client().send("GET", path) }
            if json {
                print(String(decoding: data, as: UTF8.self))
                return
            }
            let day = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
            print(day["dateLabel"] as? String ?? "")
            let rows = (day["blocks"] as? [[String: Any]] ?? []) + (day["anytime"] as? [[String: Any]] ?? [])
            for row in rows { print("  \(row["id"] as? String ?? "")  \(TaskCommand.line(row))") }
        }
    }

    struct Done: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "done", abstract: "Mark a task done (for a repeating task, today's).")
        @OptionGroup var server: ServerOptions
        @Argument(help: "The task id.") var id: String
        @Option(help: "Day, YYYY-MM-DD (default today).") var date: String?
        @Flag(help: "Mark it not done again.") var undo = false

        func run() async throws {
            var body: [String: Any] = ["done": !undo]
            if let date { body["date"] = date }
            _ = try await perform { try await server.client().send("POST", "api/v1/tasks/\(id)/done", json: body) }
            print(undo ? "Marked \(id) not done." : "Marked \(id) done.")
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "rm", abstract: "Delete a task.")
        @OptionGroup var server: ServerOptions
        @Argument(help: "The task id.") var id: String

        func run() async throws {
            _ = try await perform { try await server.client().send("DELETE", "api/v1/tasks/\(id)") }
            print("Deleted \(id).")
        }
    }

    /// "09:00–10:30  Write chapter 3  ✓"
    static func line(_ row: [String: Any]) -> String {
        let time = row["timeLabel"] as? String ?? "anytime"
        let done = row["isDone"] as? Bool == true ? "  ✓" : ""
        let repeats = (row["repeatRule"] as? String).map { "  (\($0))" } ?? ""
        return
            "\(time.padding(toLength: 11, withPad: " ", startingAt: 0))  \(row["title"] as? String ?? "")\(repeats)\(done)"
    }
}
