import DaybookCore
import DaybookTestSupport
import Foundation
import Testing

/// Daylio's backup and CSV export read into Daybook's terms, from files written by hand after Daylio's format.
@Suite("Daylio: backups old and new, and the CSV export with its mood names")
struct DaylioImportTests {
    let seoul = Fixtures.seoul

    func iso(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    @Test("an old backup: moods by their default group, plain-text notes, activities as plain tags, wall-clock dates")
    func oldBackup() throws {
        let batch = try DaylioImport.parse(Data(DaylioFixtures.oldBackup.utf8))
        #expect(batch.problems.isEmpty && batch.photos.isEmpty && batch.unmappedMoods.isEmpty)
        #expect(
            batch.logs == [
                .init(sourceID: "2", day: DayKey(string: "2016-05-18")!, mood: 4, moment: iso("2016-05-18T23:54:00Z")),
                .init(sourceID: "1", day: DayKey(string: "2016-05-17")!, mood: 1, moment: iso("2016-05-17T08:05:00Z")),
            ])
        #expect(batch.entries.count == 1)
        let entry = try #require(batch.entries.first)
        #expect(entry.sourceID == "2" && entry.title == "" && entry.tags == ["가족"])
        #expect(entry.body == "오늘은 가족과 저녁을 먹었다.\nとても楽しかった 🎉")
        #expect(entry.moment == iso("2016-05-18T23:54:00Z") && entry.timeZone.secondsFromGMT() == 0)
    }

    @Test("a new backup: custom moods by group, Group/activity tags, titles, HTML as Markdown, photos by checksum")
    func newBackup() throws {
        let batch = try DaylioImport.parse(
            Data(DaylioFixtures.newBackup.utf8), archivePaths: ["backup.daylio", DaylioFixtures.photoPath])
        // Every day entry's mood, with its time: so-so (meh) 3, ecstatic (rad) 5, bad 2.
        #expect(
            batch.logs == [
                .init(
                    sourceID: "3", day: DayKey(string: "2025-01-03")!, mood: 3, moment: iso("2025-01-03T08:15:00+09:00")
                ),
                .init(
                    sourceID: "2", day: DayKey(string: "2025-01-02")!, mood: 5, moment: iso("2025-01-02T21:30:00+09:00")
                ),
                .init(
                    sourceID: "1", day: DayKey(string: "2025-01-02")!, mood: 2, moment: iso("2025-01-02T09:00:00+09:00")
                ),
            ])
        #expect(batch.entries.map(\.sourceID) == ["2", "1"])
        let dinner = batch.entries[0]
        #expect(dinner.title == "저녁 🍜")
        #expect(dinner.body == DaylioFixtures.dinnerBody(photo: "photo:\(DaylioFixtures.photoChecksum)"))
        #expect(dinner.tags == ["Social/friends", "취미/독서"])
        #expect(dinner.moment == iso("2025-01-02T21:30:00+09:00") && dinner.timeZone.secondsFromGMT() == 32400)
        let run = batch.entries[1]
        #expect(run.title == "" && run.body == "Morning run" && run.tags == ["walk park"])
        #expect(batch.photos == [.init(sourceID: DaylioFixtures.photoChecksum, path: DaylioFixtures.photoPath)])
        #expect(
            batch.problems.map { [$0.item, $0.reason, $0.kind?.rawValue ?? "-", $0.key ?? "-"] + $0.arguments } == [
                [
                    "backup.daylio, day entry 2 (2025-01-02)",
                    "it holds a recording (asset 101); Daybook keeps photos only", "other", "import.problem.recording",
                    "101",
                ],
                [
                    "backup.daylio, day entry 1 (2025-01-02)", "its photo 0000missing is not in the archive", "photos",
                    "import.problem.assetMissing", "0000missing",
                ],
            ])
    }

    @Test("a backup that is not one, or of a version to come, is refused whole")
    func refusedBackups() {
        #expect(throws: ImportBatch.Problem.unreadable("it is not a Daylio backup (no dayEntries)")) {
            try DaylioImport.parse(Data(#"{"entries": []}"#.utf8))
        }
        #expect(throws: ImportBatch.Problem.unknownVersion("99")) {
            try DaylioImport.parse(Data(#"{"version": 99, "dayEntries": []}"#.utf8))
        }
    }

    @Test("Daylio's simple HTML becomes Markdown: breaks, paragraphs, emphasis, lists, entities")
    func noteMarkdown() {
        #expect(DaylioNote.markdown(fromHTML: "a<br>b<br/>c") == "a\nb\nc")
        #expect(DaylioNote.markdown(fromHTML: "<p>one</p><p>two</p>") == "one\n\ntwo")
        #expect(DaylioNote.markdown(fromHTML: "<b>x</b> <i>y</i> <s>z</s>") == "**x** *y* ~~z~~")
        #expect(
            DaylioNote.markdown(fromHTML: "<ol><li>first</li><li>second</li></ol>end") == "1. first\n2. second\n\nend")
        #expect(DaylioNote.markdown(fromHTML: "&lt;3 &amp; &#39;q&#39; &#x1F600;&nbsp;") == "<3 & 'q' 😀")
        #expect(DaylioNote.markdown(fromHTML: "plain\ntext & more") == "plain\ntext & more")
    }

    @Test("the CSV: BOM, CRLF, quoted notes over lines; default names map, custom ones are problems by line")
    func commaCSV() throws {
        let batch = try DaylioCSVImport.parse(Data(DaylioFixtures.commaCSV.utf8), timeZone: seoul)
        #expect(batch.logs.map(\.mood) == [5, 2])
        #expect(batch.logs.map(\.day.description) == ["2025-01-02", "2025-01-02"])
        #expect(batch.logs.map(\.moment) == [iso("2025-01-02T21:30:00+09:00"), iso("2025-01-02T09:00:00+09:00")])
        #expect(batch.entries.count == 3)
        let dinner = batch.entries[0]
        #expect(dinner.title == "저녁 🍜" && dinner.tags == ["friends", "독서"])
        #expect(dinner.body == "Long dinner, talk\n友達と話した \"楽しい\"")
        #expect(batch.entries[1].body == "Morning run" && batch.entries[1].tags == ["walk"])
        #expect(
            batch.entries[2].body == "New year, new 🎉" && batch.entries[2].moment == iso("2025-01-01T23:59:00+09:00"))
        #expect(batch.unmappedMoods == [.init(name: "ecstatic", count: 1), .init(name: "so-so", count: 1)])
        #expect(
            batch.problems.map(\.item) == [
                "daylio_export.csv line 2", "daylio_export.csv line 6", "daylio_export.csv line 7",
                "daylio_export.csv line 7",
            ])
        #expect(batch.problems.map(\.kind) == [.moods, .moods, .moods, .entries])
        #expect(batch.problems[0].reason.contains("the mood “so-so” has no Daybook level"))
        #expect(batch.problems[2].reason == "its date and time (2025-13-01 10:00) cannot be read")
        // The same file gives the same ids, so a second import finds them.
        let again = try DaylioCSVImport.parse(Data(DaylioFixtures.commaCSV.utf8), timeZone: seoul)
        #expect(again.entries.map(\.sourceID) == batch.entries.map(\.sourceID))
        #expect(Set(batch.logs.map(\.sourceID)).count == 2)
    }

    @Test("the CSV with a mapping for its own mood names: every row's mood comes in")
    func mappedCSV() throws {
        let batch = try DaylioCSVImport.parse(
            Data(DaylioFixtures.commaCSV.utf8), timeZone: seoul, moodLevels: ["Ecstatic": 5, "so-so": 3])
        #expect(batch.logs.map(\.mood) == [3, 5, 2, 5])
        #expect(batch.unmappedMoods.isEmpty)
        #expect(batch.problems.map(\.item) == ["daylio_export.csv line 7", "daylio_export.csv line 7"])
        #expect(DaylioCSVImport.moodMapping("so-so=3")?.name == "so-so")
        #expect(DaylioCSVImport.moodMapping("so-so=3")?.level == 3)
        #expect(DaylioCSVImport.moodMapping("Half:Life:2")?.name == "half:life")
        #expect(DaylioCSVImport.moodMapping("ecstatic=6") == nil && DaylioCSVImport.moodMapping("=3") == nil)
    }

    @Test("an older CSV with tabs, no titles, 12-hour times and a Korean mood name; the oldest with year and day")
    func tabCSV() throws {
        let batch = try DaylioCSVImport.parse(Data(DaylioFixtures.tabCSV.utf8), timeZone: seoul)
        #expect(batch.problems.isEmpty)
        #expect(batch.logs.map(\.mood) == [3, 4, 5])
        #expect(
            batch.logs.map(\.moment) == [
                iso("2024-03-02T21:40:00+09:00"), iso("2024-03-01T00:05:00+09:00"), iso("2024-02-29T07:00:00+09:00"),
            ])
        #expect(batch.entries.map(\.body) == ["Quiet evening\twith tea", "First note"])
        #expect(batch.entries[0].tags == ["reading", "tea"] && batch.entries[0].title == "")
        let oldest = try DaylioCSVImport.parse(
            Data(
                "year,date,weekday,time,mood,activities,note\n2018,18 May,Friday,11:54 pm,good,clean | cook,Party\n"
                    .utf8),
            timeZone: seoul)
        #expect(oldest.entries.map(\.moment) == [iso("2018-05-18T23:54:00+09:00")])
        #expect(oldest.entries[0].tags == ["clean", "cook"] && oldest.logs.map(\.mood) == [4])
        #expect(throws: ImportBatch.Problem.self) {
            try DaylioCSVImport.parse(Data("Date,Meditate\n2025-01-01,2\n".utf8), timeZone: seoul)
        }
        #expect(throws: ImportBatch.Problem.unreadable("daylio_export.csv line 2: a quoted field never ends")) {
            try DaylioCSVImport.parse(
                Data("full_date,time,mood,note\n2025-01-01,10:00,rad,\"open\n".utf8), timeZone: seoul)
        }
    }

    @Test("cut short or with bytes changed, a Daylio file is refused or read with problems, never more")
    func mangled() {
        var generator = SeededGenerator(seed: 7)
        let files = [
            Data(DaylioFixtures.commaCSV.utf8), Data(DaylioFixtures.tabCSV.utf8), Data(DaylioFixtures.newBackup.utf8),
            Data(DaylioFixtures.oldBackup.utf8),
        ]
        var outcomes = (refused: 0, read: 0)
        for (index, file) in files.enumerated() {
            for round in 0..<60 {
                var bytes = [UInt8](file)
                if round % 2 == 0 {
                    bytes = Array(bytes.prefix(Int(generator.next() % UInt64(bytes.count))))
                } else {
                    for _ in 0..<(1 + generator.next() % 6) {
                        bytes[Int(generator.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: generator.next())
                    }
                }
                do {
                    let batch =
                        index < 2
                        ? try DaylioCSVImport.parse(Data(bytes), timeZone: seoul)
                        : try DaylioImport.parse(Data(bytes))
                    outcomes.read += 1
                    #expect(batch.logs.allSatisfy { (1...5).contains($0.mood) })
                } catch is ImportBatch.Problem {
                    outcomes.refused += 1
                } catch {
                    Issue.record("\(error) is not an ImportBatch.Problem")
                }
            }
        }
        #expect(outcomes.refused + outcomes.read == 240 && outcomes.refused > 0 && outcomes.read > 0)
    }
}
