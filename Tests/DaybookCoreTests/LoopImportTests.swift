import DaybookCore
import DaybookTestSupport
import Foundation
import Testing

/// Loop Habit Tracker's CSV export in each of its forms, and its backup's rows, read into Daybook's terms.
@Suite("Loop Habit Tracker: every day of every habit is imported or named as a problem")
struct LoopImportTests {
    static func values(_ batch: ImportBatch) -> [String: [String: Double]] {
        var values: [String: [String: Double]] = [:]
        for value in batch.values { values[value.trackerSourceID, default: [:]][value.day.description] = value.value }
        return values
    }

    static func folders(_ texts: [String: String]) -> [String: Data] { texts.mapValues { Data($0.utf8) } }

    @Test("the current export: words for marks, amounts × 1000, habits matched by their column, not their name")
    func currentExport() throws {
        // Given the export as Loop writes it, and as a spreadsheet saves it again (BOM, CRLF)
        for resave in [false, true] {
            let habits = resave ? LoopFixtures.resaved(LoopFixtures.habits) : LoopFixtures.habits
            let checks = resave ? LoopFixtures.resaved(LoopFixtures.checkmarks) : LoopFixtures.checkmarks
            // When it is read
            let batch = try LoopImport.parse(
                habits: Data(habits.utf8), checkmarks: Data(checks.utf8),
                folders: Self.folders(LoopFixtures.folders))
            // Then each habit is a tracker with what Loop knew of it
            #expect(batch.trackers.map(\.name) == ["명상", "早起き 🌅", "Run", "Run", "Cigarettes"])
            #expect(batch.trackers.map(\.kind) == [.boolean, .boolean, .number, .boolean, .number])
            #expect(batch.trackers.map(\.color) == ["#ff8f00", "#00897b", "#1976d2", "#d32f2f", "#303030"])
            #expect(batch.trackers.map(\.isArchived) == [false, false, false, true, false])
            #expect(batch.trackers.map(\.unit) == [nil, nil, .custom("km"), nil, nil])
            #expect(
                batch.trackers.map(\.target) == [nil, nil, TrackerTarget(.atLeast, 5), nil, TrackerTarget(.atMost, 0)])
            #expect(
                batch.trackers.map(\.frequency) == [
                    .daily, try TrackerFrequency(times: 3, days: 7), .daily,
                    try TrackerFrequency(times: 2, days: 7), .daily,
                ])
            #expect(
                batch.trackers.map(\.note) == [
                    "오늘 명상했나요?", "6時前に起きた, 本当に?\n\nBefore work.\nNo phone in bed.", "How far did you run?",
                    "Did you run?", nil,
                ])
            // And every done day and every amount comes in, YES_AUTO, NO and UNKNOWN days stay empty
            #expect(batch.values.count == 12)
            #expect(Self.values(batch) == LoopFixtures.values)
            // And the skipped days and the notes on days are problems, one each
            let problems = batch.problems.map { "\($0.item): \($0.reason)" }
            #expect(problems.count == 7, "\(problems)")
            #expect(problems.contains("“명상”: 1 skipped day (2025-02-03) stays empty: Daybook has no skipped day"))
            #expect(
                problems.contains("“Run” (habit 4): 1 skipped day (2025-02-04) stays empty: Daybook has no skipped day")
            )
            #expect(
                problems.contains(
                    "“명상”, 2025-02-05: the day's note is not imported (a tracker day has no note): “20분, \"깊게\"”"))
            #expect(problems.contains { $0.hasPrefix("“早起き 🌅”, 2025-02-02:") && $0.hasSuffix("“旅行中\n(京都)”") })
            #expect(problems.contains { $0.hasPrefix("“Run” (habit 3), 2025-02-03:") })
        }
    }

    @Test("the habit folders alone give the same trackers, values and problems as the Checkmarks.csv beside them")
    func foldersOnly() throws {
        let batch = try LoopImport.parse(
            habits: Data(LoopFixtures.habits.utf8), checkmarks: nil, folders: Self.folders(LoopFixtures.folders))
        #expect(batch.trackers.count == 5)
        #expect(batch.values.count == 12)
        #expect(Self.values(batch) == LoopFixtures.values)
        #expect(batch.problems.count == 7)
        #expect(batch.problems.filter { $0.reason.contains("skipped day") }.count == 3)
    }

    @Test("an export of older versions: numbers for marks, no Type column; bad lines are problems with their line")
    func oldNumericExport() throws {
        let batch = try LoopImport.parse(
            habits: Data(LoopFixtures.oldHabits.utf8), checkmarks: Data(LoopFixtures.oldCheckmarks.utf8),
            folders: Self.folders(LoopFixtures.oldFolders))
        #expect(batch.trackers.map(\.name) == ["Meditate", "Wake up early", "Pages read"])
        // The pages habit holds amounts, so it is a number tracker
        #expect(batch.trackers.map(\.kind) == [.boolean, .boolean, .number])
        #expect(
            batch.trackers.map(\.frequency) == [
                .daily, try TrackerFrequency(times: 2, days: 3), .daily,
            ])
        #expect(batch.trackers[1].note == "Did you wake up before 6am?")
        #expect(batch.values.count == 7)
        #expect(Self.values(batch) == LoopFixtures.oldValues)
        let problems = batch.problems.map { "\($0.item): \($0.reason)" }
        #expect(
            problems == [
                "Checkmarks.csv line 7: “yesterday” is not a date (YYYY-MM-DD); the line is not imported",
                "Checkmarks.csv line 8: the line has 2 values for 3 habits; it is not imported",
                "“Meditate”: 1 skipped day (2015-01-21) stays empty: Daybook has no skipped day",
            ])
    }

    @Test("an export of one habit has one column, found by its name; unknown values and repeated days are problems")
    func oneHabitAndBadCells() throws {
        let checks = "Date,Run,\n2025-02-05,MAYBE,\n2025-02-04,YES_MANUAL,\n2025-02-04,YES_MANUAL,\n"
        let batch = try LoopImport.parse(habits: Data(LoopFixtures.habits.utf8), checkmarks: Data(checks.utf8))
        #expect(batch.trackers.count == 5)
        // "Run" is the first habit of that name: the numerical one
        #expect(batch.values == [.init(trackerSourceID: "003:Run", day: DayKey(string: "2025-02-04")!, value: 0.002)])
        #expect(
            batch.problems.map { "\($0.item): \($0.reason)" } == [
                "Checkmarks.csv line 2: “MAYBE” is not a value Loop writes (“Run” (habit 3))",
                "Checkmarks.csv line 4: 2025-02-04 is given again (first at Checkmarks.csv line 3); the first is kept",
            ])
    }

    @Test("lines are counted as the file has them: a quoted field may span lines; a line cut short is a problem")
    func linesAndCuts() throws {
        let records = try DelimitedText.records(
            in: LoopFixtures.resaved(LoopFixtures.habits), separator: ",", file: "Habits.csv")
        #expect(records.map(\.line) == [1, 2, 3, 5, 6, 7])
        // A line break inside a field reads as LF, whatever the file's lines end with
        #expect(records[2].fields[4] == "Before work.\nNo phone in bed.")
        let cut = String(LoopFixtures.checkmarks.dropLast(20))
        let batch = try LoopImport.parse(habits: Data(LoopFixtures.habits.utf8), checkmarks: Data(cut.utf8))
        #expect(
            batch.problems.first
                == ImportProblem(
                    item: "Checkmarks.csv line 6", reason: "the line has 3 values for 5 habits; it is not imported",
                    kind: .values, key: "import.problem.lineValues", arguments: ["3", "5"]))
        #expect(batch.values.count == 11)
    }

    @Test("every truncation of the export's text is read or refused, never a crash")
    func everyTruncation() throws {
        for (habits, checks) in [
            (LoopFixtures.habits, LoopFixtures.checkmarks), (LoopFixtures.oldHabits, LoopFixtures.oldCheckmarks),
        ] {
            for cut in 0...habits.count {
                _ = try? LoopImport.parse(habits: Data(habits.prefix(cut).utf8), checkmarks: Data(checks.utf8))
            }
            for cut in 0...checks.count {
                do {
                    let batch = try LoopImport.parse(
                        habits: Data(habits.utf8), checkmarks: Data(checks.prefix(cut).utf8))
                    #expect(batch.values.count <= 12)
                } catch {
                    #expect(error is ImportBatch.Problem)
                }
            }
        }
    }

    @Test("files that are not Loop's are refused with a reason")
    func refused() {
        #expect(throws: ImportBatch.Problem.unreadable("Habits.csv has no Name column")) {
            try LoopImport.parse(habits: Data("Nope\n1\n".utf8), checkmarks: Data("Date,\n".utf8))
        }
        #expect(throws: ImportBatch.Problem.unreadable("Checkmarks.csv does not start with a Date column")) {
            try LoopImport.parse(habits: Data(LoopFixtures.habits.utf8), checkmarks: Data("Day,Run\n".utf8))
        }
        #expect(throws: ImportBatch.Problem.unreadable("Habits.csv line 3: a quoted field never ends")) {
            try LoopImport.parse(habits: Data(LoopFixtures.habits.prefix(211).utf8), checkmarks: nil)
        }
        #expect(throws: ImportBatch.Problem.unreadable("Habits.csv is not UTF-8 text")) {
            try LoopImport.parse(habits: Data([0x50, 0xFF, 0xFE]), checkmarks: nil)
        }
    }

    @Test("a backup's rows: colours by schema version, a row is done before values, notes and skips are problems")
    func backupRows() throws {
        // Given a backup of schema 13: ARGB colours, no value column (a row means done), a duplicate row
        let old = LoopBackup(
            version: 13,
            habits: [
                .init(
                    id: 1, position: 0, name: "물 마시기", description: "하루 8잔?", frequencyNumerator: 1,
                    frequencyDenominator: 1, color: -2_937_041, archived: 0),
                .init(id: 2, position: 1, name: "Stretch 🧘", color: -16_742_021, archived: 1),
            ],
            repetitions: [
                .init(id: 1, habit: 1, timestamp: 1_422_144_000_000),
                .init(id: 2, habit: 1, timestamp: 1_422_057_600_000),
                .init(id: 3, habit: 1, timestamp: 1_422_057_600_000),
                .init(id: 4, habit: 2, timestamp: 1_422_144_000_000),
                .init(id: 5, habit: 9, timestamp: 1_422_144_000_000),
            ])
        let batch = try LoopImport.parse(old)
        #expect(batch.trackers.map(\.sourceID) == ["id:1", "id:2"])
        #expect(batch.trackers.map(\.color) == ["#d32f2f", "#00897b"])
        #expect(batch.trackers[0].note == "하루 8잔?" && batch.trackers[1].isArchived)
        #expect(Self.values(batch) == ["id:1": ["2015-01-25": 1, "2015-01-24": 1], "id:2": ["2015-01-25": 1]])
        #expect(
            batch.problems.map { "\($0.item): \($0.reason)" } == [
                "Repetitions row 3: 2015-01-24 is given again (first in row 2); the first is kept",
                "Repetitions: 1 rows belong to no habit and are not imported",
            ])
        // And the old thirteen colours of schemas 14–20 map to the twenty of today
        #expect(
            (0..<13).map { LoopRulesProbe.color($0, version: 15) } == [
                "#d32f2f", "#e64a19", "#f9a825", "#afb42b", "#388e3c", "#00897b", "#00acc1", "#039be5", "#5e35b1",
                "#8e24aa", "#d81b60", "#303030", "#aaaaaa",
            ])
        #expect(throws: ImportBatch.Problem.unknownVersion("Loop database 26")) {
            try LoopImport.parse(LoopBackup(version: 26, habits: [], repetitions: []))
        }
    }
}

/// Reads a colour through a one-habit backup, as an import would.
enum LoopRulesProbe {
    static func color(_ stored: Int, version: Int) -> String? {
        let backup = LoopBackup(version: version, habits: [.init(id: 1, name: "x", color: stored)], repetitions: [])
        return try? LoopImport.parse(backup).trackers.first?.color
    }
}
