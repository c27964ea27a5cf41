import DaybookStore
import DaybookTestSupport
import Foundation
import GRDB

// Times the upgrade of a database every earlier version could have left: for each migration, a database file at
// that point holding 10,000 entries of its time (once there was a journal) and 300 days of tracker values, blocks
// and focus, then opened by this version, which migrates it to the latest and builds what it derives. Run in
// release:
//     swift run -c release migration-benchmark [entries]

let entries = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 10_000
let days = 300
let root = FileManager.default.temporaryDirectory.appendingPathComponent("daybook-migrations-\(getpid())")
try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: root) }

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

print("\(entries) entries and \(days) days of trackers, blocks and focus, each point → latest")
var longest: (point: String, seconds: Double)?
for (index, point) in SchemaHistory.earlierPoints.enumerated() {
    let path = root.appendingPathComponent("point-\(index).sqlite").path
    let earlier = try SchemaHistory.databaseFile(at: point, path: path)
    let fillStart = ContinuousClock.now
    try earlier.write { db in _ = try SchemaHistory.fill(db, entries: entries, days: days) }
    let filled = seconds(ContinuousClock.now - fillStart)
    try earlier.close()
    let start = ContinuousClock.now
    let database = try AppDatabase(DatabasePool(path: path, configuration: AppDatabase.makeConfiguration()))
    let elapsed = seconds(ContinuousClock.now - start)
    let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    _ = database
    print(
        String(
            format: "%@ → latest: %.2f s   (filled in %.2f s, %.1f MB)", point, elapsed, filled,
            Double(size) / 1_000_000))
    if elapsed > longest?.seconds ?? -1 { longest = (point, elapsed) }
}
if let longest { print(String(format: "longest: %@ → latest, %.2f s", longest.point, longest.seconds)) }
