import DaybookCore
import Foundation
import Testing

/// Each importer on a small file written by hand from the app's documented format (Day One and jrnl have suites
/// of their own).
@Suite("Importers: jrnl's JSON, Loop Habit Tracker and Daylio files read into Daybook's terms")
struct ImportParserTests {
    let seoul = TimeZone(identifier: "Asia/Seoul")!

    func iso(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    @Test("jrnl's JSON export; an entry with a broken date is a problem and the rest come in")
    func jrnlJSON() throws {
        let json = """
            {"tags": {"@work": 1}, "entries": [
              {"title": "Standup.", "body": "Talked about the release.", "date": "2025-01-06", "time": "09:30",
               "tags": ["@work"], "starred": true},
              {"title": "Broken", "body": "", "date": "06/01/2025", "time": "10:00", "tags": [], "starred": false}
            ]}
            """
        let batch = try JrnlImport.parse(Data(json.utf8), timeZone: seoul)
        #expect(batch.entries.count == 1 && batch.problems.count == 1)
        #expect(batch.entries[0].tags == ["work"] && batch.entries[0].starred)
        #expect(batch.problems[0].reason.contains("YYYY-MM-DD"))
        #expect(throws: ImportBatch.Problem.self) {
            try JrnlImport.parse(Data(#"{"other": []}"#.utf8), timeZone: seoul)
        }
    }

    @Test("Loop: yes/no habits become yes/no trackers, numeric ones numbers with their unit (values ÷ 1000)")
    func loop() throws {
        let habits = """
            Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,Target Type,Target Value,Archived?
            001,Meditate,YES_NO,Did you meditate?,,1,1,#FF8F00,,,,false
            002,Run,NUMERICAL,How far?,,1,1,#00897B,km,AT_LEAST,5,false
            """
        let checks = "Date,Meditate,Run\n2025-02-03,2,5300\n2025-02-02,0,-1\n2025-02-01,1,0\nyesterday,2,1000\n"
        let batch = try LoopImport.parse(habits: Data(habits.utf8), checkmarks: Data(checks.utf8))
        #expect(batch.trackers.map(\.kind) == [.boolean, .number])
        #expect(batch.trackers[1].unit == .custom("km") && batch.trackers[0].unit == nil)
        let day = DayKey(string: "2025-02-03")!
        #expect(
            batch.values == [
                .init(trackerSourceID: batch.trackers[0].sourceID, day: day, value: 1),
                .init(trackerSourceID: batch.trackers[1].sourceID, day: day, value: 5.3),
            ])
        #expect(batch.problems.count == 1)
        #expect(throws: ImportBatch.Problem.self) {
            try LoopImport.parse(habits: Data("Nope\n".utf8), checkmarks: Data(checks.utf8))
        }
    }

    @Test("Daylio: the day's last mood goes to the Daily Log (rad → great), notes become entries tagged by activity")
    func daylio() throws {
        let json = """
            {"version": 15,
             "customMoods": [{"id": 1, "mood_group_id": 1}, {"id": 2, "mood_group_id": 2}, {"id": 5, "mood_group_id": 5}],
             "tags": [{"id": 7, "name": "friends"}, {"id": 8, "name": "reading"}],
             "dayEntries": [
               {"id": 100, "datetime": 1735747200000, "timeZoneOffset": 32400000, "mood": 5, "note": "", "tags": []},
               {"id": 101, "datetime": 1735754400000, "timeZoneOffset": 32400000, "mood": 1,
                "note_title": "Dinner", "note": "Long dinner &amp; talk<br>Home late", "tags": [7, 8]}
             ]}
            """
        let batch = try DaylioImport.parse(Data(json.utf8))
        // Every entry's mood, with its time: the import makes the day's latest (rad → 5) the Daily Log's.
        #expect(batch.logs.map(\.mood) == [1, 5] && batch.logs.map(\.sourceID) == ["100", "101"])
        #expect(batch.logs.allSatisfy { $0.day == DayKey(string: "2025-01-02")! })
        #expect(batch.entries.count == 1)
        #expect(batch.entries[0].title == "Dinner" && batch.entries[0].body == "Long dinner & talk\nHome late")
        #expect(batch.entries[0].tags == ["friends", "reading"])
        #expect(batch.entries[0].timeZone.secondsFromGMT() == 32400)
    }
}
