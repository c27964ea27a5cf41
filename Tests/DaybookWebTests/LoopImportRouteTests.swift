import DaybookCore
import DaybookDataFolder
import DaybookStore
import DaybookTestSupport
import Foundation
import GRDB
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import DaybookWeb

/// Loop Habit Tracker's files as the server receives them: the CSV export's ZIP (current and older), its habit
/// folders alone (as `daybook import loop FOLDER` packs them), and the SQLite backup of old and new schemas.
@Suite("Loop Habit Tracker imports: the ZIP, the folders and the backup, through the API, never dropping a day")
struct LoopImportRouteTests {
    let folder = Fixtures.temporaryFolder()

    // MARK: Files as Loop writes them

    static func scores(_ days: [String]) -> Data {
        Data(("Date,Score\n" + days.map { "\($0),0.1234\n" }.joined()).utf8)
    }

    /// The current export: `Habits.csv`, `Checkmarks.csv`, `Scores.csv` and a folder per habit.
    static func currentZip(summary: Bool = true) throws -> Data {
        var files: [(String, Data)] = [("Habits.csv", Data(LoopFixtures.habits.utf8))]
        for (name, text) in LoopFixtures.folders.sorted(by: { $0.key < $1.key }) {
            files.append(("\(name)/Checkmarks.csv", Data(text.utf8)))
            files.append(("\(name)/Scores.csv", scores(["2025-02-05"])))
        }
        if summary {
            files.append(("Checkmarks.csv", Data(LoopFixtures.checkmarks.utf8)))
            files.append(("Scores.csv", scores(["2025-02-05"])))
        }
        return try ImportExportTests.zip(files)
    }

    static func oldZip() throws -> Data {
        var files: [(String, Data)] = [
            ("Loop Habits CSV 2015-01-25/Habits.csv", Data(LoopFixtures.oldHabits.utf8)),
            ("Loop Habits CSV 2015-01-25/Checkmarks.csv", Data(LoopFixtures.oldCheckmarks.utf8)),
        ]
        for (name, text) in LoopFixtures.oldFolders {
            files.append(("Loop Habits CSV 2015-01-25/\(name)/Checkmarks.csv", Data(text.utf8)))
        }
        return try ImportExportTests.zip(files)
    }

    /// A Loop database made with the tables of a schema version (written from Loop's migrations).
    static func database(version: Int, _ sql: String) throws -> Data {
        let file = Fixtures.temporaryFolder().appendingPathComponent("Loop.db")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let queue = try DatabaseQueue(path: file.path)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: sql)
            try db.execute(sql: "PRAGMA user_version = \(version)")
        }
        try queue.close()
        return try Data(contentsOf: file)
    }

    static let day = 86_400_000
    /// 2015-01-25 and 2025-02-01 at UTC midnight, in milliseconds.
    static let jan25 = 1_422_144_000_000
    static let feb1 = 1_738_368_000_000

    /// Schema 13: ARGB colours, the question kept as the description, no type, no value (a row means done).
    static func oldBackup() throws -> Data {
        try database(
            version: 13,
            """
            CREATE TABLE Habits (id INTEGER PRIMARY KEY AUTOINCREMENT, archived INTEGER, color INTEGER,
              description TEXT, freq_den INTEGER, freq_num INTEGER, highlight INTEGER, name TEXT, position INTEGER,
              reminder_hour INTEGER, reminder_min INTEGER, reminder_days INTEGER NOT NULL DEFAULT 127);
            CREATE TABLE Checkmarks (id INTEGER PRIMARY KEY AUTOINCREMENT, habit INTEGER REFERENCES habits(id),
              timestamp INTEGER, value INTEGER);
            CREATE TABLE Repetitions (id INTEGER PRIMARY KEY AUTOINCREMENT, habit INTEGER REFERENCES habits(id),
              timestamp INTEGER);
            CREATE INDEX idx_repetitions_habit_timestamp ON Repetitions(habit, timestamp);
            INSERT INTO Habits (id, archived, color, description, freq_den, freq_num, highlight, name, position)
              VALUES (1, 0, -2937041, '하루 8잔?', 1, 1, 0, '물 마시기', 0),
                     (2, 1, -16742021, '', 7, 3, 0, 'Stretch 🧘', 1);
            INSERT INTO Repetitions (habit, timestamp) VALUES
              (1, \(jan25)), (1, \(jan25 - day)), (1, \(jan25 - day)), (2, \(jan25 - 3 * day));
            """)
    }

    /// Schema 25, the newest: types, targets, units, questions, uuids, values and notes.
    static func newestBackup() throws -> Data {
        try database(
            version: 25,
            """
            CREATE TABLE Habits (id INTEGER PRIMARY KEY AUTOINCREMENT, archived INTEGER, color INTEGER,
              description TEXT, freq_den INTEGER, freq_num INTEGER, highlight INTEGER, name TEXT, position INTEGER,
              reminder_hour INTEGER, reminder_min INTEGER, reminder_days INTEGER NOT NULL DEFAULT 127,
              type INTEGER NOT NULL DEFAULT 0, target_type INTEGER NOT NULL DEFAULT 0,
              target_value REAL NOT NULL DEFAULT 0, unit TEXT NOT NULL DEFAULT "", question TEXT, uuid TEXT);
            CREATE TABLE Repetitions (id INTEGER PRIMARY KEY AUTOINCREMENT, habit INTEGER NOT NULL REFERENCES habits(id),
              timestamp INTEGER NOT NULL, value INTEGER NOT NULL, notes TEXT);
            CREATE UNIQUE INDEX idx_repetitions_habit_timestamp ON Repetitions(habit, timestamp);
            CREATE TABLE Events (id INTEGER PRIMARY KEY AUTOINCREMENT, timestamp INTEGER, message TEXT, server_id INTEGER);
            INSERT INTO Habits (id, archived, color, description, freq_den, freq_num, highlight, name, position,
                type, target_type, target_value, unit, question, uuid)
              VALUES (1, 0, 13, '寝る前に', 1, 1, 0, '読書 📚', 0, 1, 0, 20.0, 'pages', '何ページ読んだ?', 'a1'),
                     (2, 0, 3, '', 7, 3, 0, '명상', 1, 0, 0, 0, '', '명상했나요?', 'b2'),
                     (3, 1, 19, '', 1, 1, 0, '명상', 2, 0, 0, 0, '', '', 'c3');
            INSERT INTO Repetitions (habit, timestamp, value, notes) VALUES
              (1, \(feb1), 25000, 'ch. 3–5'), (1, \(feb1 + day), 0, ''), (1, \(feb1 + 2 * day), -1, '休み'),
              (1, \(feb1 + 3 * day), 3, NULL),
              (2, \(feb1), 2, NULL), (2, \(feb1 + day), 1, NULL), (2, \(feb1 + 2 * day), 0, '바빴음'),
              (2, \(feb1 + 3 * day), 2, ''),
              (3, \(feb1), 2, NULL), (3, \(feb1 + day), 3, NULL);
            """)
    }

    func read(_ data: Data) throws -> ImportBatch {
        let file = folder.appendingPathComponent("upload-\(data.count)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try data.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let localizer = Localizer(language: .english, timeZone: Fixtures.seoul, catalog: .bundled)
        return try ImportService.read(file, as: .loop, localizer: localizer, photosInto: nil).0
    }

    static func values(_ batch: ImportBatch) -> [String: [String: Double]] {
        var values: [String: [String: Double]] = [:]
        for value in batch.values { values[value.trackerSourceID, default: [:]][value.day.description] = value.value }
        return values
    }

    // MARK: Each form

    @Test("the current ZIP, its folders alone and an older ZIP inside a folder each give every value")
    func zips() throws {
        let current = try read(try Self.currentZip())
        #expect(current.trackers.count == 5 && current.values.count == 12 && current.problems.count == 7)
        #expect(Self.values(current) == LoopFixtures.values)
        let folders = try read(try Self.currentZip(summary: false))
        #expect(Self.values(folders) == LoopFixtures.values && folders.problems.count == 7)
        let old = try read(try Self.oldZip())
        #expect(old.trackers.map(\.kind) == [.boolean, .boolean, .number])
        #expect(Self.values(old) == LoopFixtures.oldValues && old.problems.count == 3)
    }

    @Test("a backup of schema 13: ARGB colours, a row means done, the description is the question")
    func oldBackup() throws {
        let batch = try read(try Self.oldBackup())
        #expect(batch.trackers.map(\.name) == ["물 마시기", "Stretch 🧘"])
        #expect(batch.trackers.map(\.kind) == [.boolean, .boolean])
        #expect(batch.trackers.map(\.color) == ["#d32f2f", "#00897b"])
        #expect(batch.trackers.map(\.isArchived) == [false, true])
        #expect(batch.trackers.map(\.note) == ["하루 8잔?", nil])
        #expect(batch.trackers.map(\.frequency) == [.daily, try TrackerFrequency(times: 3, days: 7)])
        #expect(batch.values.count == 3)
        #expect(
            Self.values(batch) == ["id:1": ["2015-01-25": 1, "2015-01-24": 1], "id:2": ["2015-01-22": 1]])
        #expect(
            batch.problems.map { "\($0.item): \($0.reason)" } == [
                "Repetitions row 3: 2015-01-24 is given again (first in row 2); the first is kept"
            ])
    }

    @Test("a backup of schema 25: palette colours, numbers with unit and target, values, notes and skips")
    func newestBackup() throws {
        let batch = try read(try Self.newestBackup())
        #expect(batch.trackers.map(\.name) == ["読書 📚", "명상", "명상"])
        #expect(batch.trackers.map(\.sourceID) == ["uuid:a1", "uuid:b2", "uuid:c3"])
        #expect(batch.trackers.map(\.kind) == [.number, .boolean, .boolean])
        #expect(batch.trackers.map(\.color) == ["#5e35b1", "#ff8f00", "#aaaaaa"])
        #expect(batch.trackers.map(\.unit) == [.custom("pages"), nil, nil])
        #expect(batch.trackers.map(\.target) == [TrackerTarget(.atLeast, 20), nil, nil])
        #expect(batch.trackers.map(\.isArchived) == [false, false, true])
        #expect(batch.trackers.map(\.note) == ["何ページ読んだ?\n\n寝る前に", "명상했나요?", nil])
        #expect(batch.trackers[1].frequency == (try TrackerFrequency(times: 3, days: 7)))
        #expect(batch.values.count == 5)
        #expect(
            Self.values(batch) == [
                "uuid:a1": ["2025-02-01": 25, "2025-02-02": 0], "uuid:b2": ["2025-02-01": 1, "2025-02-04": 1],
                "uuid:c3": ["2025-02-01": 1],
            ])
        let problems = batch.problems.map { "\($0.item): \($0.reason)" }
        #expect(problems.count == 5, "\(problems)")
        #expect(
            problems.contains(
                "“読書 📚”, 2025-02-01: the day's note is not imported (a tracker day has no note): “ch. 3–5”"))
        #expect(problems.contains { $0.hasPrefix("“読書 📚”, 2025-02-03:") && $0.hasSuffix("“休み”") })
        #expect(problems.contains { $0.hasPrefix("“명상” (habit 2), 2025-02-03:") && $0.hasSuffix("“바빴음”") })
        #expect(problems.contains("“読書 📚”: 1 skipped day (2025-02-04) stays empty: Daybook has no skipped day"))
        #expect(problems.contains("“명상” (habit 3): 1 skipped day (2025-02-02) stays empty: Daybook has no skipped day"))
    }

    @Test("an SQLite file that is not Loop's, a newer schema and a damaged backup are refused with a reason")
    func refusedDatabases() throws {
        let other = try Self.database(version: 1, "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT);")
        #expect(
            throws: ImportBatch.Problem.unreadable(
                "it is not a Loop Habit Tracker backup (no Habits and Repetitions tables)")
        ) { try read(other) }
        let newer = try Self.database(
            version: 26, "CREATE TABLE Habits (id INTEGER, name TEXT); CREATE TABLE Repetitions (id INTEGER);")
        #expect(throws: ImportBatch.Problem.unknownVersion("Loop database 26")) { try read(newer) }
        var damaged = try Self.newestBackup()
        damaged.replaceSubrange(100..<4096, with: Data(repeating: 0xA5, count: 3996))
        #expect(throws: ImportBatch.Problem.self) { try read(damaged) }
    }

    // MARK: Through the API

    @Test("a current export through the API: every tick, colour, unit, target and archived state in; nothing twice")
    func throughTheAPI() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings(), dataFolder: folder)
        let database = try #require(app.database)
        let zip = try Self.currentZip()
        try await app.browse { browser in
            _ = try await browser.get("/")
            let first = try jsonObject(try await ImportExportTests.post(&browser, "/api/v1/import/loop", zip))
            #expect(first["summary"] as? String == "Imported 5 trackers, 12 tracker values.")
            let problems = try #require(first["problems"] as? [[String: String]])
            // 3 habits with a skipped day, 4 notes, and the second "Run" renamed
            #expect(problems.count == 8)
            #expect(problems.contains { $0["item"] == "Run" && $0["reason"]?.contains("“Run (2)”") == true })
            let again = try jsonObject(try await ImportExportTests.post(&browser, "/api/v1/import/loop", zip))
            #expect(again["summary"] as? String == "Nothing new: everything in this file was imported before.")
        }
        let trackers = try await database.trackers()
        #expect(trackers.map(\.name).sorted() == ["Cigarettes", "Run", "Run (2)", "早起き 🌅", "명상"])
        let byName = Dictionary(uniqueKeysWithValues: trackers.map { ($0.name, $0) })
        #expect(byName["Run"]?.kind == .number && byName["Run"]?.target == TrackerTarget(.atLeast, 5))
        #expect(byName["Run"]?.unit == .custom("km") && byName["Run"]?.color == "#1976d2")
        #expect(byName["Run (2)"]?.kind == .boolean && byName["Run (2)"]?.isArchived == true)
        #expect(byName["Cigarettes"]?.target == TrackerTarget(.atMost, 0))
        // How often each habit is meant, and its question, as the tracker's own
        #expect(byName["早起き 🌅"]?.frequency == (try TrackerFrequency(times: 3, days: 7)))
        #expect(byName["Run (2)"]?.frequency == (try TrackerFrequency(times: 2, days: 7)))
        #expect(byName["명상"]?.frequency == .daily && byName["명상"]?.note == "오늘 명상했나요?")
        var stored: [String: [String: Double]] = [:]
        for tracker in trackers {
            let values = try await database.trackerValues(
                trackerID: tracker.id, from: DayKey(string: "2025-01-01")!, through: DayKey(string: "2025-12-31")!)
            stored[tracker.name] = Dictionary(uniqueKeysWithValues: values.map { ($0.key.description, $0.value) })
        }
        #expect(
            stored == [
                "명상": LoopFixtures.values["001:명상"]!, "早起き 🌅": LoopFixtures.values["002:早起き 🌅"]!,
                "Run": LoopFixtures.values["003:Run"]!, "Run (2)": LoopFixtures.values["004:Run"]!,
                "Cigarettes": LoopFixtures.values["005:Cigarettes"]!,
            ])
    }

    @Test("a backup through the API comes in once; a damaged file is refused and writes nothing")
    func backupThroughTheAPI() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings(), dataFolder: folder)
        let database = try #require(app.database)
        let backup = try Self.newestBackup()
        let zip = try Self.currentZip()
        let truncated = zip.prefix(zip.count * 2 / 3)
        try await app.browse { browser in
            _ = try await browser.get("/")
            let broken = try await ImportExportTests.post(&browser, "/api/v1/import/loop", truncated)
            #expect(broken.status == .unprocessableContent)
            #expect(try await database.trackers().isEmpty)
            let first = try jsonObject(try await ImportExportTests.post(&browser, "/api/v1/import/loop", backup))
            #expect(first["summary"] as? String == "Imported 3 trackers, 5 tracker values.")
            let again = try jsonObject(try await ImportExportTests.post(&browser, "/api/v1/import/loop", backup))
            #expect(again["summary"] as? String == "Nothing new: everything in this file was imported before.")
        }
        #expect(Set(try await database.trackers().map(\.name)) == ["명상", "명상 (2)", "読書 📚"])
    }

    @Test("each problem is said in the owner's language: skipped days, notes on days, a tracker renamed")
    func problemsInKorean() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings(language: .korean), dataFolder: folder)
        let backup = try Self.newestBackup()
        try await app.browse { browser in
            _ = try await browser.get("/")
            let report = try jsonObject(
                try await ImportExportTests.post(&browser, "/api/v1/import/loop?dryRun=true", backup))
            let problems = try #require(report["problems"] as? [[String: String]]).map {
                "\($0["item"] ?? ""): \($0["reason"] ?? "")"
            }
            #expect(problems.count == 6, "\(problems)")
            #expect(problems.contains("명상: 같은 이름의 트래커가 있어 “명상 (2)”(으)로 가져옵니다"))
            #expect(problems.contains("“読書 📚”: 건너뛴 날 1일(2025-02-04)은 비워 둡니다. Daybook에는 건너뛴 날이 없습니다"))
            #expect(
                problems.contains(
                    "“読書 📚”, 2025-02-01: 그날의 메모는 가져오지 않습니다(트래커의 하루에는 메모가 없습니다): “ch. 3–5”"))
        }
    }

    // MARK: Damaged files

    @Test("truncated and byte-mangled copies of every form give a refusal or a problem list, never a crash")
    func damagedCopies() throws {
        var generator = SeededGenerator(seed: 20_250_201)
        let forms = [
            ("current zip", try Self.currentZip()), ("folders zip", try Self.currentZip(summary: false)),
            ("old zip", try Self.oldZip()), ("old backup", try Self.oldBackup()),
            ("newest backup", try Self.newestBackup()),
        ]
        var refused = 0
        var read = 0
        for (name, original) in forms {
            var copies: [Data] = []
            for cut in stride(from: 0, to: original.count, by: max(1, original.count / 12)) {
                copies.append(original.prefix(cut))
            }
            for _ in 0..<24 {
                var copy = original
                for _ in 0..<Int.random(in: 1...8, using: &generator) {
                    copy[Int.random(in: 0..<copy.count, using: &generator)] = UInt8.random(
                        in: 0...255, using: &generator)
                }
                copies.append(copy)
            }
            for copy in copies {
                do {
                    let batch = try self.read(copy)
                    read += 1
                    #expect(batch.values.count <= 12, "\(name)")
                } catch is ImportBatch.Problem {
                    refused += 1
                } catch {
                    Issue.record("\(name): \(error) is not an ImportBatch.Problem")
                }
            }
        }
        #expect(refused > 0 && read > 0)
    }
}
