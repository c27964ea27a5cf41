import ArgumentParser
import DaybookCore
import DaybookDemo
import DaybookFeatures
import DaybookStore
import Foundation

struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo", abstract: "Fill a data folder with realistic, deterministic demo data.")
    @OptionGroup var data: DataFolderOption
    @Option(help: "Years of history to make (1–20).") var years = 1
    @Option(help: "The random seed: the same seed makes the same data.") var seed: UInt64 = 1
    @Option(help: "Photos to add as entries' covers (default 50 a year).") var photos: Int?

    func validate() throws {
        guard (1...20).contains(years) else { throw ValidationError("--years must be from 1 to 20.") }
        if let photos, !(0...2000).contains(photos) { throw ValidationError("--photos must be from 0 to 2000.") }
    }

    func run() async throws {
        let database = try AppDatabase.open(folder: data.url)
        let started = Date()
        let summary = try await database.fillDemo(years: years, seed: seed, timeZone: .current)
        let covers = try await DemoPhotos(database: database, dataFolder: data.url)
            .write(count: photos ?? 50 * years, seed: seed)
        let plan = "\(summary.days) days, \(summary.tasks) tasks, \(summary.completions) completions"
        let focus = "\(summary.sessions) focus sessions, \(summary.logs) daily logs"
        let journal = "\(summary.entries) journal entries, \(covers) photos, \(summary.trackerValues) tracker values"
        let seconds = String(format: "%.1f", Date().timeIntervalSince(started))
        print("Demo data written to \(data.url.path): \(plan), \(focus), \(journal) (\(seconds) s).")
    }
}
