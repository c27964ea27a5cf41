import ArgumentParser
import DaybookCore
import Foundation
import ZIPFoundation

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
            loop    Loop Habit Tracker: its CSV export (the ZIP, or the folder it unpacks to) or its backup
                    (.db). Habits become trackers with their colour, unit, target, frequency, question and
                    archived state; every done day and amount comes in; skipped days and notes on days are listed.
            daylio  a Daylio backup (.daylio): moods, notes and activities
            daybook Daybook's own export (daybook export --to FILE.zip): entries, photos, trackers, moods
            Importing the same file again adds nothing. Example: daybook import loop ~/Downloads/loop-export --dry-run
            """)
    @OptionGroup var server: ServerOptions
    @Argument(help: "dayone, jrnl, loop, daylio or daybook.") var source: Source
    @Argument(help: "The exported file (for loop, also an unpacked export folder).") var file: String
    @Option(help: "Day One: import only the journal of this name.") var journal: String?
    @Flag(help: "Print what would be imported, and write nothing.") var dryRun = false
    @Option(help: "plain or json.") var format: OutputFormat = .plain

    enum Source: String, ExpressibleByArgument, CaseIterable {
        case dayone, jrnl, loop, daylio, daybook
    }

    func run() async throws {
        let url = URL(fileURLWithPath: (file as NSString).expandingTildeInPath)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
            throw failure("\(file): no such file.")
        }
        let upload = isFolder.boolValue ? try packed(folder: url) : url
        defer { if upload != url { try? FileManager.default.removeItem(at: upload) } }
        var query = ["fileName=\(URLText.component(url.lastPathComponent))"]
        if let journal { query.append("journal=\(URLText.component(journal))") }
        if dryRun { query.append("dryRun=true") }
        let path = "api/v1/import/\(source.rawValue)?" + query.joined(separator: "&")
        let client = try server.client()
        let data = try await perform { try await client.upload(path, file: upload, seconds: 1800) }
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

    /// An unpacked Loop export, packed into a ZIP as Loop writes it, for the upload.
    private func packed(folder: URL) throws -> URL {
        guard source == .loop else { throw failure("\(file) is a folder; \(source.rawValue) imports a file.") }
        guard FileManager.default.fileExists(atPath: folder.appendingPathComponent("Habits.csv").path) else {
            throw failure("\(file) has no Habits.csv: it is not an unpacked Loop Habit Tracker export.")
        }
        let zip = FileManager.default.temporaryDirectory.appendingPathComponent("daybook-loop-\(UUID().uuidString).zip")
        do {
            try FileManager.default.zipItem(at: folder, to: zip, shouldKeepParent: false)
        } catch {
            try? FileManager.default.removeItem(at: zip)
            throw failure("\(file) could not be packed for the upload: \(error.localizedDescription)")
        }
        return zip
    }
}
