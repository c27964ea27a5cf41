import ArgumentParser
import DaybookCore
import Foundation

/// `daybook import dayone|jrnl|loop|daylio|daybook FILE [--journal NAME] [--dry-run]`: another app's export into a
/// running Daybook.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import from Day One, jrnl, Loop Habit Tracker or Daylio into a running Daybook.",
        discussion: """
            dayone  the ZIP of Day One's JSON export: every journal in it (--journal NAME: only that one), each
                    entry tagged with its journal's name when there are several; photos, places, weather
            jrnl    jrnl's JSON export (jrnl --export json) or its plain-text journal file (decrypted)
            loop    the ZIP of Loop Habit Tracker's CSV export (habits become trackers)
            daylio  a Daylio backup (.daylio): moods, notes and activities
            daybook Daybook's own export (daybook export --to FILE.zip): entries, photos, trackers, moods
            Importing the same file again adds nothing. Example: daybook import jrnl ~/journal.txt --dry-run
            """)
    @OptionGroup var server: ServerOptions
    @Argument(help: "dayone, jrnl, loop, daylio or daybook.") var source: Source
    @Argument(help: "The exported file.") var file: String
    @Option(help: "Day One: import only the journal of this name.") var journal: String?
    @Flag(help: "Print what would be imported, and write nothing.") var dryRun = false
    @Option(help: "plain or json.") var format: OutputFormat = .plain

    enum Source: String, ExpressibleByArgument, CaseIterable {
        case dayone, jrnl, loop, daylio, daybook
    }

    func run() async throws {
        let url = URL(fileURLWithPath: (file as NSString).expandingTildeInPath)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue else {
            throw failure("\(file): no such file.")
        }
        var query = ["fileName=\(URLText.component(url.lastPathComponent))"]
        if let journal { query.append("journal=\(URLText.component(journal))") }
        if dryRun { query.append("dryRun=true") }
        let path = "api/v1/import/\(source.rawValue)?" + query.joined(separator: "&")
        let client = try server.client()
        let data = try await perform { try await client.upload(path, file: url, seconds: 1800) }
        if format == .json {
            print(String(decoding: data, as: UTF8.self))
            return
        }
        let report = try JournalCommand.object(data)
        print(report["summary"] as? String ?? "")
        for problem in report["problems"] as? [[String: Any]] ?? [] {
            print("  – \(problem["item"] as? String ?? ""): \(problem["reason"] as? String ?? "")")
        }
    }
}
