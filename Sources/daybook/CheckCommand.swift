import ArgumentParser
import DaybookArchive
import DaybookCore
import DaybookDataFolder
import DaybookStore
import Foundation

/// `daybook check [--repair]`: is everything in the data folder whole? Exits 0 only when it is.
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract:
            "Check the database, the search index, every photo and the newest backup; exit 0 only when all is well.",
        discussion:
            "--repair rebuilds what can be rebuilt (the search index) and moves photo files that no photo names to lost+found/; it lists what it cannot mend."
    )
    @OptionGroup var data: DataFolderOption
    @Flag(help: "Rebuild what can be rebuilt, and list what cannot.") var repair = false
    @Option(
        name: .customLong("identity"),
        help: "An age identity file that opens the newest backup, when it was made with --recipient; repeatable.")
    var identityFiles: [String] = []
    @OptionGroup var passphrase: BackupCommand.PassphraseOptions

    func run() async throws {
        guard FileManager.default.fileExists(atPath: data.url.appendingPathComponent(AppDatabase.fileName).path) else {
            throw ValidationError("There is no Daybook database in \(data.url.path).")
        }
        var identities: [AgeIdentity] = []
        for path in identityFiles {
            guard let text = try? String(contentsOfFile: (path as NSString).expandingTildeInPath, encoding: .utf8)
            else { throw ValidationError("Cannot read the identity file \(path).") }
            do { identities += try AgeIdentity.parseFile(text) } catch { throw ValidationError("\(path): \(error)") }
        }
        if let text = try passphrase.given() { identities.append(.passphrase(text)) }
        let database: AppDatabase
        do { database = try AppDatabase.open(folder: data.url) } catch {
            throw failure("The database cannot be opened: \(DiskFull.cause(of: error) ?? error)")
        }
        let check = DataCheck(dataFolder: data.url)
        let started = Date()
        let report = await check.run(database, repair: repair, identities: identities, now: started)
        let seconds = String(format: "%.1f", Date().timeIntervalSince(started))
        try? check.keep(report)
        for finding in report.findings {
            let mark =
                switch finding.outcome {
                case .ok: "ok      "
                case .repaired: "repaired"
                case .problem: "PROBLEM "
                case .skipped: "skipped "
                }
            print("\(mark) \(Self.names[finding.part] ?? finding.part.rawValue)")
            for detail in finding.details { print("         \(detail)") }
        }
        // A large journal's check takes seconds: say how many, so the next one can be planned.
        print("Checked in \(seconds) s.")
        guard report.isClean else {
            throw failure(
                repair
                    ? "Problems are left that --repair cannot mend (listed above)."
                    : "Problems found (listed above); daybook check --repair rebuilds what can be rebuilt.")
        }
        print("All is well.")
    }

    static let names: [CheckReport.Part: String] = [
        .database: "database (PRAGMA integrity_check)", .foreignKeys: "links between rows (PRAGMA foreign_key_check)",
        .searchIndex: "search index against the entries", .photos: "photo files against their rows",
        .backup: "newest backup, opened with its key",
    ]
}
