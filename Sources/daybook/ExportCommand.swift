import ArgumentParser
import DaybookDataFolder
import DaybookStore
import Foundation

struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export everything as a ZIP, or focus sessions or daily logs as CSV from a running Daybook.",
        discussion: """
            daybook export --to daybook.zip      everything: JSON, Markdown entries, photos, CSV, tasks.ics
                                                 (read from the data folder; Daybook may be running)
            daybook export sessions --csv > sessions.csv
            """)
    @OptionGroup var server: ServerOptions
    @OptionGroup var data: DataFolderOption
    @Argument(help: "sessions or logs (CSV from the running server).") var what: Kind?
    @Flag(help: "CSV (the only format, and the default).") var csv = false
    @Option(name: .shortAndLong, help: "Write to this file instead of standard output.") var output: String?
    @Option(help: "Write everything to this ZIP file.") var to: String?
    @Flag(name: .shortAndLong, help: "Print nothing but errors.") var quiet = false

    func validate() throws {
        guard (what == nil) != (to == nil) else {
            throw ValidationError("Give either --to FILE.zip (everything) or sessions / logs (CSV).")
        }
    }

    enum Kind: String, ExpressibleByArgument {
        case sessions, logs
    }

    func run() async throws {
        guard let what else { return try await exportEverything() }
        let data = try await perform { try await server.client().send("GET", "api/v1/export/\(what.rawValue).csv") }
        if let output {
            try data.write(to: URL(fileURLWithPath: output), options: [.atomic])
            FileHandle.standardError.write(Data("Wrote \(data.count) bytes to \(output).\n".utf8))
        } else {
            FileHandle.standardOutput.write(data)
        }
    }

    private func exportEverything() async throws {
        guard let to else { return }
        let destination = URL(fileURLWithPath: (to as NSString).expandingTildeInPath)
        let database = try AppDatabase.open(folder: data.url)
        guard let settings = try await database.loadSettings() else {
            throw failure("There is nothing to export in \(data.url.path) yet.")
        }
        let started = Date()
        let bar = ProgressBar(label: "Exporting", quiet: quiet)
        let written: ExportService.Written
        do {
            written = try await ExportService(dataFolder: data.url).write(
                from: database, settings: settings, to: destination, now: started
            ) { bar.update(Int64($0), of: Int64($1)) }
            bar.finish()
        } catch {
            bar.finish()
            throw failure("The export was not written: \(error)")
        }
        if !quiet {
            let seconds = String(format: "%.1f", Date().timeIntervalSince(started))
            print(
                "Exported \(written.entries) entries and \(written.photos) photos to \(written.file.path) (\(ProgressBar.megabytes(written.size)), \(seconds) s)."
            )
        }
    }
}
