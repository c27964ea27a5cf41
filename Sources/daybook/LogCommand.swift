import ArgumentParser
import Foundation

struct LogCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "log", abstract: "Show or note a day's sleep, mood and reflection on a running Daybook.",
        discussion:
            "Without --sleep, --mood, --note or --edit it prints the log. Example: daybook log --sleep 4 --mood 3")
    @OptionGroup var server: ServerOptions
    @Option(help: "Day, YYYY-MM-DD (default today).") var date: String?
    @Option(help: "How you slept, 1 (very poorly) to 5 (very well); 0 clears it.") var sleep: Int?
    @Option(help: "Mood of the day, 1 (very low) to 5 (great); 0 clears it.") var mood: Int?
    @Option(help: "The reflection (Markdown); replaces the one noted.") var note: String?
    @Flag(help: "Write the reflection in $EDITOR.") var edit = false

    func validate() throws {
        if note != nil, edit { throw ValidationError("Use either --note or --edit, not both.") }
    }

    func run() async throws {
        let path = "api/v1/logs/\(date ?? "today")"
        let client = try server.client()
        var body: [String: Any] = [:]
        if let sleep { body["sleepQuality"] = sleep == 0 ? NSNull() : sleep }
        if let mood { body["mood"] = mood == 0 ? NSNull() : mood }
        if let note { body["reflection"] = note }
        if edit {
            let current = try JSONSerialization.jsonObject(
                with: try await perform { try await client.send("GET", path) })
            body["reflection"] = try Self.edited((current as? [String: Any])?["reflection"] as? String ?? "")
        }
        let data = try await perform {
            body.isEmpty ? try await client.send("GET", path) : try await client.send("PATCH", path, json: body)
        }
        let log = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
        print(log["dateLabel"] as? String ?? "")
        print("  \(log["tasksLine"] as? String ?? "")")
        print("  \(log["focusLine"] as? String ?? "")")
        for key in ["sleep", "mood"] {
            let field = log[key] as? [String: Any] ?? [:]
            let chosen = (field["options"] as? [[String: Any]] ?? []).first { $0["isSelected"] as? Bool == true }
            print("  \(field["legend"] as? String ?? key) \(chosen?["label"] as? String ?? "")")
        }
        let reflection = log["reflection"] as? String ?? ""
        if !reflection.isEmpty { print("\n" + reflection) }
    }

    /// Opens `text` in `$VISUAL`/`$EDITOR` (else vi) and returns what was saved.
    static func edited(_ text: String) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("daybook-log-\(getpid()).md")
        // Ends with a newline, as text files do, so an editor (or a script) appends on a line of its own.
        try Data((text.isEmpty || text.hasSuffix("\n") ? text : text + "\n").utf8).write(to: file, options: [.atomic])
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        defer { try? FileManager.default.removeItem(at: file) }
        let environment = ProcessInfo.processInfo.environment
        let editor = environment["VISUAL"] ?? environment["EDITOR"] ?? "vi"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "\(editor) \"$1\"", "daybook-editor", file.path]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ValidationError("The editor exited with status \(process.terminationStatus); nothing was saved.")
        }
        return String(decoding: try Data(contentsOf: file), as: UTF8.self)
    }
}
