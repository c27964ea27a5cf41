import DaybookCore
import DaybookDemo
import DaybookStore
import Foundation
import GRDB

// Measures the journal on a ten-year demo database: demo generation, search against the raw FTS5 query,
// the list and the calendar, and the size of the index. Run in release:
//     swift run -c release journal-benchmark [folder]

let folder =
    CommandLine.arguments.dropFirst().first.map { URL(fileURLWithPath: $0) }
    ?? FileManager.default.temporaryDirectory.appendingPathComponent("daybook-bench-\(getpid())")
let seoul = TimeZone(identifier: "Asia/Seoul")!
let today = DayKey(string: "2026-11-21")!
let fresh = !FileManager.default.fileExists(atPath: folder.appendingPathComponent(AppDatabase.fileName).path)
let database = try AppDatabase.open(folder: folder)

func milliseconds(since start: ContinuousClock.Instant) -> Double {
    let duration = ContinuousClock.now - start
    return Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}

if fresh {
    let start = ContinuousClock.now
    let summary = try await database.fillDemo(years: 10, seed: 1, timeZone: seoul, today: today)
    print(
        String(
            format: "demo: %d entries, %d days in %.1f s", summary.entries, summary.days,
            milliseconds(since: start) / 1000))
}

/// p50 and p95 of `runs` timings of `body`, after a few warm-up runs.
func measure(_ runs: Int = 200, _ body: () async throws -> Void) async rethrows -> (Double, Double) {
    for _ in 0..<5 { try await body() }
    var times: [Double] = []
    for _ in 0..<runs {
        let start = ContinuousClock.now
        try await body()
        times.append(milliseconds(since: start))
    }
    times.sort()
    return (times[runs / 2], times[runs * 95 / 100])
}

func report(_ name: String, _ timing: (Double, Double), extra: String = "") {
    print(String(format: "%-34@ p50 %7.3f ms  p95 %7.3f ms  %@", name as NSString, timing.0, timing.1, extra))
}

let queries = [
    ("rare term (albatross)", "albatross"), ("common term (morning)", "morning"), ("1-char CJK (学)", "学"),
    ("2-char CJK (학교)", "학교"), ("2-char CJK (東京)", "東京"), ("mixed (Swift 공부)", "Swift 공부"),
]
print("search, top 20 (store: pattern, ranked ids, marks; raw: the FTS5 query alone)")
for (name, text) in queries {
    let query = JournalSearchQuery(text: text, matchesPrefix: false, limit: 20)
    let pattern = AppDatabase.searchPattern(text, prefix: false) ?? ""
    let matches =
        try database.writer.read { db in
            try Int.fetchOne(
                db, sql: "SELECT COUNT(*) FROM journalSearch WHERE journalSearch MATCH ?", arguments: [pattern])
        } ?? 0
    let raw = try await measure {
        _ = try await database.writer.read { db in
            try Int64.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT rowid FROM journalSearch WHERE journalSearch MATCH ?
                        ORDER BY \(AppDatabase.searchScore) LIMIT 20
                        """),
                arguments: [pattern])
        }
    }
    let store = try await measure { _ = try await database.search(query) }
    report("  \(name) raw", raw, extra: "\(matches) matches")
    report("  \(name) store", store, extra: String(format: "%.1f× raw at p50", store.0 / raw.0))
}
let single = try await measure { _ = try await database.search(JournalSearchQuery(text: "morning", limit: 1)) }
report("  common term, 1 hit marked", single)
let typing = try await measure { _ = try await database.search(JournalSearchQuery(text: "mor", matchesPrefix: true)) }
report("  prefix while typing (mor*)", typing)
let typing4 = try await measure { _ = try await database.search(JournalSearchQuery(text: "morn", matchesPrefix: true)) }
report("  prefix while typing (morn*)", typing4)
let filtered = try await measure {
    _ = try await database.search(
        JournalSearchQuery(text: "morning", tag: "travel", days: DayKey(string: "2020-01-01")!...today))
}
report("  common term + tag + days", filtered)

print("list and calendar")
let first = try await measure { _ = try await database.entries(JournalListQuery(limit: 50)) }
report("  journal list, first page of 50", first)
var cursor: JournalCursor?
var query = JournalListQuery(limit: 200)
for _ in 0..<25 {
    cursor = try await database.entries(query).next
    query.after = cursor
}
let deep = try await measure { _ = try await database.entries(JournalListQuery(limit: 50, after: cursor)) }
report("  journal list, page at entry 5000", deep)
let tagged = try await measure { _ = try await database.entries(JournalListQuery(tag: "読書", limit: 50)) }
report("  journal list, one tag", tagged)
let month = try await measure {
    _ = try await database.calendarDays(from: DayKey(string: "2026-10-26")!, through: DayKey(string: "2026-12-06")!)
}
report("  calendar month (6 weeks)", month)
let onThisDay = try await measure { _ = try await database.entriesOnThisDay(today, limit: 10) }
report("  on this day", onThisDay)
let tags = try await measure { _ = try await database.tagCounts() }
report("  tag counts", tags)

let sizes = try database.writer.read { db in
    (
        try Int.fetchOne(
            db,
            sql:
                "SELECT SUM(pgsize) FROM dbstat WHERE name LIKE 'journalSearch%' OR name = 'sqlite_autoindex_journalSearch_config_1'"
        ) ?? 0,
        try Int.fetchOne(
            db,
            sql:
                "SELECT SUM(length(CAST(title AS BLOB)) + length(CAST(plainText AS BLOB)) + length(CAST(tags AS BLOB))) FROM journalEntry"
        ) ?? 0,
        try Int.fetchOne(db, sql: "SELECT SUM(pgsize) FROM dbstat WHERE name LIKE 'journalEntry%'") ?? 0,
        try Int.fetchOne(db, sql: "SELECT SUM(wordCount) FROM journalEntry") ?? 0
    )
}
print(
    String(
        format: "index %.1f MB for %.1f MB of searchable text (%.2f×); entry table and its indexes %.1f MB; %d words",
        Double(sizes.0) / 1e6, Double(sizes.1) / 1e6, Double(sizes.0) / Double(max(sizes.1, 1)),
        Double(sizes.2) / 1e6, sizes.3))
print("database in \(folder.path)")
