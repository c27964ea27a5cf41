import DaybookCore
import Foundation
import Testing

/// Each importer on a small file written by hand from the app's documented format.
@Suite("Importers: Day One, jrnl, Loop Habit Tracker and Daylio files read into Daybook's terms")
struct ImportParserTests {
    let seoul = TimeZone(identifier: "Asia/Seoul")!

    func iso(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    @Test("jrnl's text file: the first sentence is the title, @words are tags, a * stars, the time is local")
    func jrnlText() throws {
        let text = """
            [2024-03-01 08:15] Morning walk by the river. The water was high. @walk
            Saw two herons by the @river.

            [2024-03-02 09:40 PM] *Finished the book! @reading
            [not a date] stays in the body
            """
        let batch = try JrnlImport.parse(Data(text.utf8), timeZone: seoul)
        #expect(batch.problems.isEmpty)
        #expect(batch.entries.count == 2)
        let walk = batch.entries[0]
        #expect(walk.title == "Morning walk by the river.")
        #expect(walk.body == "The water was high. @walk\nSaw two herons by the @river.")
        #expect(walk.tags == ["walk", "river"])
        #expect(walk.moment == iso("2024-03-01T08:15:00+09:00") && !walk.starred)
        let book = batch.entries[1]
        #expect(book.starred && book.title == "Finished the book!" && book.tags == ["reading"])
        #expect(book.moment == iso("2024-03-02T21:40:00+09:00"))
        #expect(book.body == "@reading\n[not a date] stays in the body")
        // The same text gives the same ids: a second import finds them.
        #expect(
            try JrnlImport.parse(Data(text.utf8), timeZone: seoul).entries.map(\.sourceID)
                == batch.entries.map(\.sourceID))
    }

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
        #expect(throws: ImportFailure.self) { try JrnlImport.parse(Data(#"{"other": []}"#.utf8), timeZone: seoul) }
    }

    @Test("Loop: yes/no habits become yes/no trackers, numeric ones numbers with their unit (values ÷ 1000)")
    func loop() throws {
        let habits = [
            [
                "Position", "Name", "Type", "Question", "Description", "FrequencyNumerator", "FrequencyDenominator",
                "Color", "Unit", "Target Type", "Target Value", "Archived?",
            ],
            ["001", "Meditate", "YES_NO", "Did you meditate?", "", "1", "1", "#FF8F00", "", "", "", "false"],
            ["002", "Run", "NUMERICAL", "How far?", "", "1", "1", "#00897B", "km", "AT_LEAST", "5", "false"],
        ]
        let checks = [
            ["Date", "Meditate", "Run"], ["2025-02-03", "2", "5300"], ["2025-02-02", "0", "-1"],
            ["2025-02-01", "1", "0"], ["yesterday", "2", "1000"],
        ]
        let batch = try LoopImport.parse(habits: habits, checks: checks)
        #expect(batch.trackers.map(\.kind) == [.boolean, .number])
        #expect(batch.trackers[1].unit == .custom("km") && batch.trackers[0].unit == nil)
        let day = DayKey(string: "2025-02-03")!
        #expect(
            batch.values == [
                .init(trackerSourceID: batch.trackers[0].sourceID, day: day, value: 1),
                .init(trackerSourceID: batch.trackers[1].sourceID, day: day, value: 5.3),
            ])
        #expect(batch.problems.count == 1)
        #expect(throws: ImportFailure.self) { try LoopImport.parse(habits: [["Nope"]], checks: checks) }
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

    @Test("Day One: text, time zone, tags, star, place, weather, and photos named by their md5 in the archive")
    func dayOne() throws {
        let json = """
            {"metadata": {"version": "1.0"}, "entries": [
              {"uuid": "A1B2", "creationDate": "2024-07-14T03:20:00Z", "timeZone": "Europe/Paris",
               "text": "# Bastille Day\\n\\nFireworks over the river.\\n\\n![](dayone-moment://P1)",
               "tags": ["travel", "France"], "starred": true,
               "location": {"latitude": 48.8566, "longitude": 2.3522, "placeName": "Pont Neuf", "localityName": "Paris",
                            "country": "France"},
               "weather": {"temperatureCelsius": 24.5, "conditionsDescription": "Partly Cloudy", "weatherCode": "partly-cloudy-night"},
               "photos": [{"identifier": "P1", "md5": "0123abcd", "type": "jpeg"}]},
              {"uuid": "C3", "text": "no date"}
            ]}
            """
        let batch = try DayOneImport.parse(Data(json.utf8))
        #expect(batch.entries.count == 1 && batch.problems.count == 1)
        let entry = batch.entries[0]
        #expect(entry.title == "Bastille Day" && entry.starred && entry.tags == ["travel", "France"])
        #expect(entry.body == "Fireworks over the river.\n\n![](photo:P1)")
        #expect(entry.timeZone.identifier == "Europe/Paris")
        #expect(entry.place?.name == "Pont Neuf" && entry.place?.coordinate.latitude == 48.8566)
        #expect(entry.weather?.condition == .partlyCloudy && entry.weather?.temperature == 24.5)
        #expect(batch.photos == [.init(sourceID: "P1", path: "photos/0123abcd.jpeg")])
        #expect(throws: ImportFailure.unknownVersion("2.0")) {
            try DayOneImport.parse(Data(#"{"metadata": {"version": "2.0"}, "entries": []}"#.utf8))
        }
    }
}
