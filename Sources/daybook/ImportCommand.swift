import ArgumentParser
import DaybookCore
import Foundation
import ZIPFoundation

/// `daybook import dayone|jrnl|loop|daylio|daybook|markdown FILE [--journal NAME] [--dry-run]`: another app's export
/// (or a folder of daily notes) into a running Daybook.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract:
            "Import from Day One, jrnl, Loop Habit Tracker, Daylio or a folder of daily notes into a running Daybook.",
        discussion: """
            dayone  the ZIP of Day One's JSON export: every journal in it (--journal NAME: only that one), each
                    entry tagged with its journal's name when there are several; photos, places, weather
            jrnl    jrnl's JSON export (jrnl --export json) or its plain-text journal file (decrypted)
            loop    Loop Habit Tracker: its CSV export (the ZIP, or the folder it unpacks to) or its backup
                    (.db). Habits become trackers with their colour, unit, target, frequency, question and
                    archived state; every done day and amount comes in; skipped days and notes on days are listed.
            daylio  a Daylio backup (.daylio) or its CSV export: moods, notes, activities and a backup's photos;
                    --mood "NAME=LEVEL" gives a CSV's own mood names a level (5 great … 1 very low)
            daybook Daybook's own export (daybook export --to FILE.zip): entries, photos, trackers, moods
            markdown a folder of daily notes (sent as a tar stream of its notes and images) or a ZIP of it: jrnl
                    folder journals (YYYY/MM/DD.txt), Obsidian
                    daily notes (YYYY-MM-DD.md, front matter date: and tags:), Logseq journals
                    (journals/YYYY_MM_DD.md, tags::). One entry per dated note (per jrnl entry); #tags and
                    front-matter tags become tags, [[links]] read as text, embedded images from the folder become
                    the entry's photos. Undated notes are listed, never guessed. Limits: 50,000 notes and images,
                    16 MB a note, 25 MB a photo, 1 GB in all; links are never followed.
            Importing the same file again adds nothing. The report counts each kind of item: read = imported +
            skipped. Example: daybook import loop ~/Downloads/loop-export --dry-run
            """)
    @OptionGroup var server: ServerOptions
    @Argument(help: "dayone, jrnl, loop, daylio, daybook or markdown.") var source: Source
    @Argument(help: "The exported file (for loop, also an unpacked export folder; for markdown, the notes folder).")
    var file: String
    @Option(help: "Day One: import only the journal of this name.") var journal: String?
    @Flag(help: "Print what would be imported, and write nothing.") var dryRun = false
    @Option(
        name: .customLong("mood"),
        help: ArgumentHelp(
            "A level for one of a Daylio CSV's mood names, NAME=LEVEL (5 great … 1 very low); repeat for each.",
            valueName: "NAME=LEVEL"))
    var moods: [String] = []
    @Option(help: "plain or json.") var format: OutputFormat = .plain

    enum Source: String, ExpressibleByArgument, CaseIterable {
        case dayone, jrnl, loop, daylio, daybook, markdown
    }

    func run() async throws {
        let url = URL(fileURLWithPath: (file as NSString).expandingTildeInPath)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
            throw failure("\(file): no such file.")
        }
        var query = ["fileName=\(URLText.component(url.lastPathComponent))"]
        if let journal { query.append("journal=\(URLText.component(journal))") }
        if dryRun { query.append("dryRun=true") }
        for mood in moods {
            guard let mapping = DaylioCSVImport.moodMapping(mood) else {
                throw failure("--mood \(mood): give NAME=LEVEL, the level from 5 (great) to 1 (very low).")
            }
            query.append("mood=" + URLText.component("\(mapping.name):\(mapping.level)"))
        }
        let path = "api/v1/import/\(source.rawValue)?" + query.joined(separator: "&")
        let client = try server.client()
        let data: Data
        if isFolder.boolValue && source == .markdown {
            data = try await sendNotes(folder: url, to: path, client: client)
        } else {
            let upload = isFolder.boolValue ? try packed(folder: url) : url
            defer { if upload != url { try? FileManager.default.removeItem(at: upload) } }
            data = try await perform { try await client.upload(path, file: upload, seconds: 1800) }
        }
        if format == .json {
            print(String(decoding: data, as: UTF8.self))
            return
        }
        print(Self.plain(try JournalCommand.object(data)))
    }

    /// The report as the terminal shows it: the summary, the table of counts, every problem, and the mood names
    /// that need a level.
    static func plain(_ report: [String: Any]) -> String {
        var lines = [report["summary"] as? String ?? ""]
        let table = report["table"] as? [String: Any] ?? [:]
        let headings = table["headings"] as? [String] ?? []
        let rows = table["rows"] as? [[String: Any]] ?? []
        if headings.count == 4, !rows.isEmpty {
            let cells =
                [headings]
                + rows.map { row in
                    [row["label"] as? String ?? ""] + ["read", "imported", "skipped"].map { "\(row[$0] as? Int ?? 0)" }
                }
            let widths = (0..<4).map { column in cells.map { $0[column].count }.max() ?? 0 }
            lines.append("")
            for (index, cell) in cells.enumerated() {
                var line = cell[0].padding(toLength: widths[0], withPad: " ", startingAt: 0)
                for column in 1..<4 {
                    line += "  " + String(repeating: " ", count: widths[column] - cell[column].count) + cell[column]
                }
                if index > 0, let detail = rows[index - 1]["skippedDetail"] as? String { line += "  (\(detail))" }
                lines.append(line)
            }
        }
        let problems = report["problems"] as? [[String: Any]] ?? []
        if !problems.isEmpty { lines.append("") }
        for problem in problems {
            lines.append("  – \(problem["item"] as? String ?? ""): \(problem["reason"] as? String ?? "")")
        }
        if let hint = report["unmappedHint"] as? String {
            lines += ["", hint]
            for mood in report["unmappedMoods"] as? [[String: Any]] ?? [] {
                lines.append("  \(mood["label"] as? String ?? "")")
            }
        }
        return lines.joined(separator: "\n")
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

    /// A folder of daily notes, sent as a tar stream of its notes and images written as the upload goes.
    private func sendNotes(folder: URL, to path: String, client: APIClient) async throws -> Data {
        let tar: NotesFolderTar
        do {
            tar = try NotesFolderTar(folder)
        } catch let refusal as NotesFolderTar.Refusal {
            throw failure("Nothing was imported: \(file): \(refusal.message).")
        }
        for path in tar.leftOut {
            FileHandle.standardError.write(
                Data("\(path): left out, its path is too long to be sent (more than 255 bytes)\n".utf8))
        }
        // A file that cannot be read while it is sent ends the upload; its reason, not the broken connection, is
        // what the terminal says.
        let stopped = Locked<String?>(nil)
        do {
            return try await client.upload(path, length: tar.length, type: "application/x-tar", seconds: 1800) {
                do { return try tar.next() } catch {
                    let reason = (error as? NotesFolderTar.Refusal)?.message ?? error.localizedDescription
                    stopped.withLock { $0 = reason }
                    throw error
                }
            }
        } catch let problem as APIClient.Failure {
            if let reason = stopped.withLock({ $0 }) {
                throw failure("Nothing was imported: \(file) could not be sent: \(reason).")
            }
            throw failure(problem.description)
        }
    }
}
