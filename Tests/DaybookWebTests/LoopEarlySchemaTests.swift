import DaybookCore
import DaybookDataFolder
import DaybookStore
import DaybookTestSupport
import Foundation
import GRDB
import Testing

@testable import DaybookWeb

/// Loop Habit Tracker backups made by Loop's first versions: before Loop kept its own migration files, the
/// ActiveAndroid ORM made the tables, naming the key column `Id`; the scripts that later added columns never renamed
/// it, so every person who has used Loop since then has a file with `Id`. The tables here are written from the
/// `CREATE TABLE` text such files carry (schema 2 from Loop's first models, 7 after `7.sql`, 12 as in Loop's own test
/// database), filled with generated rows.
@Suite("Loop backups of every age: ActiveAndroid's `Id`, schemas before and after Loop's migration files")
struct LoopEarlySchemaTests {
    let folder = Fixtures.temporaryFolder()
    static let day: Int64 = 86_400_000

    /// Schema 2 (Loop 1.0, November 2014): the ORM's tables for Loop's first `Habit` and `Repetition` models.
    static let schema2 = """
        CREATE TABLE android_metadata (locale TEXT);
        CREATE TABLE Habits (Id INTEGER PRIMARY KEY AUTOINCREMENT, color INTEGER, description TEXT,
          freq_den INTEGER, freq_num INTEGER, name TEXT, position INTEGER);
        CREATE TABLE Repetitions (Id INTEGER PRIMARY KEY AUTOINCREMENT,
          habit INTEGER REFERENCES Habits(Id) ON DELETE NO ACTION ON UPDATE NO ACTION, timestamp INTEGER);
        CREATE TABLE Score (Id INTEGER PRIMARY KEY AUTOINCREMENT,
          habit INTEGER REFERENCES Habits(Id) ON DELETE NO ACTION ON UPDATE NO ACTION, score INTEGER,
          timestamp INTEGER);
        """

    /// Schema 7: `5.sql`, `6.sql` and `7.sql` added the reminder, highlight and archived columns, in lower case.
    static let schema7 = """
        CREATE TABLE android_metadata (locale TEXT);
        CREATE TABLE Habits (Id INTEGER PRIMARY KEY AUTOINCREMENT, color INTEGER, description TEXT,
          freq_den INTEGER, freq_num INTEGER, name TEXT, position INTEGER, reminder_hour integer,
          reminder_min integer, highlight integer not null default 0, archived integer not null default 0);
        CREATE TABLE Repetitions (Id INTEGER PRIMARY KEY AUTOINCREMENT,
          habit INTEGER REFERENCES Habits(Id) ON DELETE NO ACTION ON UPDATE NO ACTION, timestamp INTEGER);
        """

    /// Schema 12, as in the test database Loop keeps (`uhabits-core/assets/test/loop.db`).
    static let schema12 = """
        CREATE TABLE android_metadata (locale TEXT);
        CREATE TABLE Streak (Id INTEGER PRIMARY KEY AUTOINCREMENT, end INTEGER, habit INTEGER REFERENCES Habits(Id)
          ON DELETE NO ACTION ON UPDATE NO ACTION, length INTEGER, start INTEGER);
        CREATE TABLE Checkmarks (Id INTEGER PRIMARY KEY AUTOINCREMENT, habit INTEGER REFERENCES Habits(Id)
          ON DELETE NO ACTION ON UPDATE NO ACTION, timestamp INTEGER, value INTEGER);
        CREATE TABLE Score (Id INTEGER PRIMARY KEY AUTOINCREMENT, habit INTEGER REFERENCES Habits(Id)
          ON DELETE NO ACTION ON UPDATE NO ACTION, score INTEGER, timestamp INTEGER);
        CREATE TABLE Habits (Id INTEGER PRIMARY KEY AUTOINCREMENT, archived INTEGER, color INTEGER,
          description TEXT, freq_den INTEGER, freq_num INTEGER, highlight INTEGER, name TEXT, position INTEGER,
          reminder_days INTEGER, reminder_hour INTEGER, reminder_min INTEGER);
        CREATE TABLE Repetitions (Id INTEGER PRIMARY KEY AUTOINCREMENT, habit INTEGER REFERENCES Habits(Id)
          ON DELETE NO ACTION ON UPDATE NO ACTION, timestamp INTEGER);
        """

    /// Nine habits as Loop's schema-12 test database has them (three names twice, two ARGB colours, 3 a week,
    /// once in 5 days and daily), and how many days each was done: 164 in all.
    static let nineHabits: [(id: Int, color: Int, description: String, den: Int, num: Int, name: String, done: Int)] =
        [
            (15, -16_742_021, "", 7, 3, "Wake up early", 33),
            (16, -16_742_021, "I want to have beautiful teeth!", 7, 3, "brush teeth", 21),
            (17, -16_742_021, "", 5, 1, "Sleep early", 2),
            (21, -16_742_021, "Ate no animal products", 1, 1, "Vegan", 15),
            (22, -16_742_021, "Practiced my favourite sport", 1, 1, "Sport", 12),
            (23, -16_742_021, "Told someone I love them", 1, 1, "I love you", 13),
            (24, -1_684_967, "Ate no animal products", 1, 1, "Vegan", 43),
            (25, -1_684_967, "Practiced my favourite sport", 1, 1, "Sport", 12),
            (26, -1_684_967, "Told someone I love them", 1, 1, "I love you", 13),
        ]

    /// 2016-01-01 at UTC midnight, in milliseconds.
    static let january2016: Int64 = 1_451_606_400_000

    /// The schema-12 database with the nine habits, each done on that many days from 2016-01-01 on.
    static func schema12Backup() throws -> Data {
        var sql = schema12
        for (position, habit) in nineHabits.enumerated() {
            sql += """
                INSERT INTO Habits (Id, archived, color, description, freq_den, freq_num, highlight, name, position,
                  reminder_days) VALUES (\(habit.id), 0, \(habit.color), '\(habit.description)', \(habit.den),
                  \(habit.num), 0, '\(habit.name)', \(position), 127);
                """
            for index in 0..<habit.done {
                sql +=
                    "INSERT INTO Repetitions (habit, timestamp) VALUES (\(habit.id), \(january2016 + Int64(index) * day));"
            }
        }
        return try LoopImportRouteTests.database(version: 12, sql)
    }

    func read(_ data: Data) throws -> ImportBatch {
        let file = folder.appendingPathComponent("loop-\(data.count).db")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try data.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let localizer = Localizer(language: .english, timeZone: Fixtures.seoul, catalog: .bundled)
        return try ImportService.read(file, as: .loop, localizer: localizer, photosInto: nil).0
    }

    @Test("schema 12 with `Id`: nine habits become nine trackers with their colours and frequencies, 164 days done")
    func schema12() throws {
        let batch = try read(try Self.schema12Backup())
        #expect(
            batch.trackers.map(\.name) == [
                "Wake up early", "brush teeth", "Sleep early", "Vegan", "Sport", "I love you", "Vegan", "Sport",
                "I love you",
            ])
        #expect(
            batch.trackers.map(\.color) == Array(repeating: "#00897b", count: 6) + Array(repeating: "#e64a19", count: 3)
        )
        let threeAWeek = try TrackerFrequency(times: 3, days: 7)
        let everyFiveDays = try TrackerFrequency(times: 1, days: 5)
        #expect(
            batch.trackers.map(\.frequency) == [threeAWeek, threeAWeek, everyFiveDays]
                + Array(repeating: .daily, count: 6))
        #expect(batch.trackers.map(\.note)[1] == "I want to have beautiful teeth!")
        #expect(batch.trackers.allSatisfy { $0.kind == .boolean && !$0.isArchived })
        #expect(batch.values.count == 164 && batch.problems.isEmpty, "\(batch.problems)")
        #expect(batch.values.allSatisfy { $0.value == 1 })
        #expect(batch.values.filter { $0.trackerSourceID == "id:24" }.count == 43)
        #expect(batch.values.first { $0.trackerSourceID == "id:15" }?.day == DayKey(string: "2016-01-01"))
    }

    @Test("schemas 2 and 7, made by the ORM before Loop kept migration files, are read with `Id` as well")
    func ormSchemas() throws {
        let inserts = { (archived: Bool) in
            """
            INSERT INTO Habits (Id, color, description, freq_den, freq_num, name, position\(archived ? ", archived" : ""))
              VALUES (1, -13070788, 'Run 5 km?', 7, 2, 'Run', 0\(archived ? ", 1" : "")),
                     (2, -5592406, NULL, 1, 1, '물 마시기', 1\(archived ? ", 0" : ""));
            INSERT INTO Repetitions (habit, timestamp) VALUES (1, \(Self.january2016 - 300 * Self.day)),
              (2, \(Self.january2016 - 300 * Self.day)), (2, \(Self.january2016 - 299 * Self.day));
            """
        }
        for (version, schema, archived) in [(2, Self.schema2, false), (7, Self.schema7, true)] {
            let batch = try read(try LoopImportRouteTests.database(version: version, schema + inserts(archived)))
            #expect(batch.trackers.map(\.name) == ["Run", "물 마시기"], "schema \(version)")
            #expect(batch.trackers.map(\.color) == ["#388e3c", "#aaaaaa"], "schema \(version)")
            #expect(batch.trackers.map(\.note) == ["Run 5 km?", nil], "schema \(version)")
            #expect(batch.trackers.map(\.isArchived) == [archived, false], "schema \(version)")
            #expect(batch.trackers[0].frequency == (try TrackerFrequency(times: 2, days: 7)))
            #expect(
                LoopImportRouteTests.values(batch) == [
                    "id:1": ["2015-03-07": 1], "id:2": ["2015-03-07": 1, "2015-03-08": 1],
                ], "schema \(version)")
        }
    }

    @Test("table and column names in any case are Loop's: HABITS, Name, TIMESTAMP")
    func anyCase() throws {
        let batch = try read(
            try LoopImportRouteTests.database(
                version: 12,
                """
                CREATE TABLE HABITS (ID INTEGER PRIMARY KEY, NAME TEXT, Freq_Num INTEGER, FREQ_DEN INTEGER,
                  Color INTEGER, Position INTEGER, Archived INTEGER);
                CREATE TABLE repetitions (Id INTEGER PRIMARY KEY, Habit INTEGER, TimeStamp INTEGER);
                INSERT INTO HABITS VALUES (7, 'Read', 1, 1, -2937041, 0, 0);
                INSERT INTO repetitions VALUES (1, 7, \(Self.january2016));
                """))
        #expect(batch.trackers.map(\.name) == ["Read"] && batch.trackers.first?.color == "#d32f2f")
        #expect(LoopImportRouteTests.values(batch) == ["id:7": ["2016-01-01": 1]])
    }

    @Test("the schema-12 backup through the API: nine trackers (the repeated names told apart), 164 values, once")
    func throughTheAPI() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings(), dataFolder: folder)
        let database = try #require(app.database)
        let backup = try Self.schema12Backup()
        try await app.browse { browser in
            _ = try await browser.get("/")
            let first = try jsonObject(try await ImportExportTests.post(&browser, "/api/v1/import/loop", backup))
            #expect(first["summary"] as? String == "Imported 9 trackers, 164 tracker values.")
            let again = try jsonObject(try await ImportExportTests.post(&browser, "/api/v1/import/loop", backup))
            #expect(again["summary"] as? String == "Nothing new: everything in this file was imported before.")
        }
        let trackers = try await database.trackers()
        #expect(
            Set(trackers.map(\.name)) == [
                "Wake up early", "brush teeth", "Sleep early", "Vegan", "Sport", "I love you", "Vegan (2)",
                "Sport (2)", "I love you (2)",
            ])
        var total = 0
        for tracker in trackers {
            total += try await database.trackerValues(
                trackerID: tracker.id, from: DayKey(string: "2016-01-01")!, through: DayKey(string: "2016-12-31")!
            ).count
        }
        #expect(total == 164)
    }
}
