import DaybookCore
import DaybookStore
import DaybookTestSupport
import Foundation
import GRDB
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import DaybookWeb

/// Daylio files through the import API, and the report that accounts for every item of a file.
@Suite("Daylio imports through the API, and the read / imported / skipped report")
struct DaylioImportTests {
    let folder = Fixtures.temporaryFolder()

    func app() async throws -> TestApp {
        try await TestApp.make(settings: Fixtures.settings(), dataFolder: folder)
    }

    static func backup(_ json: String, photo: Data?) throws -> Data {
        var files = [("backup.daylio", Data(Data(json.utf8).base64EncodedString().utf8))]
        if let photo { files.append((DaylioFixtures.photoPath, photo)) }
        return try ImportExportTests.zip(files)
    }

    /// `[kind: [read, imported, skipped, alreadyImported, problems, unchanged]]`, the kinds the file held.
    static func counts(_ answer: [String: Any]) -> [String: [Int]] {
        var result: [String: [Int]] = [:]
        for (kind, value) in answer["counts"] as? [String: [String: Int]] ?? [:] where value["read"] != 0 {
            result[kind] = ["read", "imported", "skipped", "alreadyImported", "problems", "unchanged"].map {
                value[$0] ?? -1
            }
        }
        return result
    }

    /// The answer's issues against the OpenAPI document's `ImportReport` schema (none when it matches).
    static func schemaIssues(_ response: TestResponse) throws -> [ContractIssue] {
        let url = try #require(WebResources.publicFiles?.appendingPathComponent("openapi.json"))
        let validator = try SchemaValidator(document: try JSONValue.parse(try Data(contentsOf: url)))
        return validator.issues(
            of: try JSONValue.parse(Data(buffer: response.body)),
            against: .object(["$ref": .string("#/components/schemas/ImportReport")]), location: .body, field: "")
    }

    /// Rows of journal entries, photos, daily logs and remembered imported items.
    static func sizes(_ database: AppDatabase) async throws -> [Int] {
        try await database.writer.read { db in
            try ["journalEntry", "photo", "dailyLog", "importedItem"].map {
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \"\($0)\"") ?? 0
            }
        }
    }

    @Test("a backup with photos: every item counted the first time, and the second time all skipped as imported")
    func backupTwice() async throws {
        let app = try await app()
        let database = try #require(app.database)
        let file = try Self.backup(DaylioFixtures.newBackup, photo: try TestPictures.make(.jpeg))
        try await app.browse { browser in
            _ = try await browser.get("/")
            let dryResponse = try await ImportExportTests.post(&browser, "/api/v1/import/daylio?dryRun=true", file)
            let dry = try jsonObject(dryResponse)
            #expect(try await Self.sizes(database) == [0, 0, 0, 0])
            let firstResponse = try await ImportExportTests.post(&browser, "/api/v1/import/daylio", file)
            let first = try jsonObject(firstResponse)
            // The answers are what the API's document says they are.
            #expect(try Self.schemaIssues(dryResponse).isEmpty && Self.schemaIssues(firstResponse).isEmpty)
            // Given a file of 3 day entries (2 with notes), 2 photos (1 missing) and a voice note:
            let expected: [String: [Int]] = [
                "entries": [2, 2, 0, 0, 0, 0], "photos": [2, 1, 1, 0, 1, 0],
                // Two moods on 2 January: the 21:30 one is the day's, the 9:00 one is replaced by it.
                "moods": [3, 2, 1, 0, 0, 1], "other": [1, 0, 1, 0, 1, 0],
            ]
            #expect(Self.counts(dry) == expected)
            #expect(Self.counts(first) == expected)
            #expect(first["summary"] as? String == "Imported 2 entries, 1 photo, 2 moods.")
            let table = try #require(first["table"] as? [String: Any])
            #expect(table["headings"] as? [String] == ["Items", "Read", "Imported", "Skipped"])
            let tableRows = try #require(table["rows"] as? [[String: Any]])
            #expect(tableRows.map { $0["label"] as? String } == ["Entries", "Photos", "Moods", "Other items"])
            #expect(
                tableRows[2]["skippedDetail"] as? String == "0 imported before, 0 with a problem, 1 already covered")
            let problems = try #require(first["problems"] as? [[String: String]])
            #expect(problems.map { $0["kind"] } == ["other", "photos"])
            #expect(
                problems.map { $0["item"] } == [
                    "backup.daylio, day entry 2 (2025-01-02)", "backup.daylio, day entry 1 (2025-01-02)",
                ])

            let second = try jsonObject(try await ImportExportTests.post(&browser, "/api/v1/import/daylio", file))
            #expect(
                Self.counts(second) == [
                    "entries": [2, 0, 2, 2, 0, 0], "photos": [2, 0, 2, 1, 1, 0], "moods": [3, 0, 3, 3, 0, 0],
                    "other": [1, 0, 1, 0, 1, 0],
                ])
            #expect(second["summary"] as? String == "Nothing new: everything in this file was imported before.")
        }
        // 2 entries, 1 photo, 2 days' moods, and the 5 items remembered for a second import.
        #expect(try await Self.sizes(database) == [2, 1, 2, 5])
        #expect(try await database.dailyLog(on: DayKey(string: "2025-01-02")!)?.mood == 5)
        #expect(try await database.dailyLog(on: DayKey(string: "2025-01-03")!)?.mood == 3)
        let summaries = try await database.entries(JournalListQuery(limit: 10)).entries
        let dinner = try #require(try await database.entry(id: summaries[0].id))
        let photo = try #require(dinner.coverPhotoID)
        #expect(dinner.title == "저녁 🍜" && dinner.tags == ["Social/friends", "취미/독서"])
        #expect(dinner.body == DaylioFixtures.dinnerBody(photo: "/photos/\(photo)"))
        #expect(dinner.timeZone == TimeZone(secondsFromGMT: 32400)!.identifier)
        let run = try #require(try await database.entry(id: summaries[1].id))
        #expect(run.body == "Morning run" && run.tags == ["walk park"] && run.coverPhotoID == nil)
    }

    @Test("the CSV: a dry run names the moods without a level; with a mapping they come in; again, nothing new")
    func csvWithMapping() async throws {
        let app = try await app()
        let database = try #require(app.database)
        let file = Data(DaylioFixtures.commaCSV.utf8)
        try await app.browse { browser in
            _ = try await browser.get("/")
            let dryResponse = try await ImportExportTests.post(&browser, "/api/v1/import/daylio?dryRun=true", file)
            #expect(try Self.schemaIssues(dryResponse).isEmpty)
            let dry = try jsonObject(dryResponse)
            // 6 rows: 5 with a date, two of them on 2 January (the later wins), 2 with moods of their own names.
            #expect(Self.counts(dry) == ["entries": [4, 3, 1, 0, 1, 0], "moods": [5, 1, 4, 0, 3, 1]])
            let unmapped = try #require(dry["unmappedMoods"] as? [[String: Any]])
            #expect(unmapped.map { $0["name"] as? String } == ["ecstatic", "so-so"])
            #expect(unmapped.map { $0["label"] as? String } == ["“ecstatic” – 1 row", "“so-so” – 1 row"])
            #expect((dry["unmappedHint"] as? String)?.contains("--mood \"NAME=LEVEL\"") == true)
            #expect(try await Self.sizes(database) == [0, 0, 0, 0])

            let refused = try await ImportExportTests.post(&browser, "/api/v1/import/daylio?mood=ecstatic:9", file)
            #expect(refused.status == .badRequest)
            let later = try await ImportExportTests.post(
                &browser, "/api/v1/import/daylio?mood=ecstatic:5&mood=so-so", file)
            #expect(later.status == .badRequest)
            #expect(try await Self.sizes(database) == [0, 0, 0, 0])

            let path = "/api/v1/import/daylio?mood=ecstatic%3A5&mood=so-so%3D3"
            let first = try jsonObject(try await ImportExportTests.post(&browser, path, file))
            #expect(Self.counts(first) == ["entries": [4, 3, 1, 0, 1, 0], "moods": [5, 3, 2, 0, 1, 1]])
            #expect((first["unmappedMoods"] as? [Any])?.isEmpty == true && first["unmappedHint"] == nil)
            let second = try jsonObject(try await ImportExportTests.post(&browser, path, file))
            #expect(Self.counts(second) == ["entries": [4, 0, 4, 3, 1, 0], "moods": [5, 0, 5, 4, 1, 0]])
        }
        #expect(try await Self.sizes(database) == [3, 0, 3, 6])
        #expect(try await database.dailyLog(on: DayKey(string: "2025-01-01")!)?.mood == 5)
        #expect(try await database.dailyLog(on: DayKey(string: "2025-01-02")!)?.mood == 5)
        #expect(try await database.dailyLog(on: DayKey(string: "2025-01-03")!)?.mood == 3)
    }

    @Test("an entry Daybook cannot hold is a problem named by its CSV line, and the rest of the file comes in")
    func tooLongNamesItsLine() async throws {
        let app = try await app()
        let database = try #require(app.database)
        let long = String(repeating: "가", count: JournalEntry.Limits.bodyBytes / 3 + 1)
        let file = Data(
            ("full_date,date,weekday,time,mood,activities,note_title,note\n"
                + "2025-01-02,January 2,Thursday,21:30,good,,,\(long)\n"
                + "2025-01-01,January 1,Wednesday,08:00,awful,,,Short\n").utf8)
        try await app.browse { browser in
            _ = try await browser.get("/")
            let answer = try jsonObject(try await ImportExportTests.post(&browser, "/api/v1/import/daylio", file))
            #expect(Self.counts(answer) == ["entries": [2, 1, 1, 0, 1, 0], "moods": [2, 2, 0, 0, 0, 0]])
            let problems = try #require(answer["problems"] as? [[String: String]])
            #expect(problems.map { $0["item"] } == ["daylio_export.csv line 2"])
            #expect(problems.map { $0["reason"] } == ["it is longer than an entry can be"])
        }
        #expect(try await Self.sizes(database) == [1, 0, 2, 3])
    }

    @Test("every importer's report adds up: read = imported + skipped, for Loop's trackers and values too")
    func loopAddsUp() async throws {
        let app = try await app()
        let loop = try ImportExportTests.zip([
            ("Habits.csv", Data("Position,Name,Type,Unit\n001,Meditate,YES_NO,\n002,Run,NUMERICAL,km\n".utf8)),
            ("Checkmarks.csv", Data("Date,Meditate,Run\n2025-02-03,2,5300\n2025-02-02,0,0\n".utf8)),
        ])
        try await app.browse { browser in
            _ = try await browser.get("/")
            for round in 0..<2 {
                let answer = try jsonObject(try await ImportExportTests.post(&browser, "/api/v1/import/loop", loop))
                let counts = Self.counts(answer)
                for (kind, value) in counts { #expect(value[0] == value[1] + value[2], "\(kind)") }
                #expect(counts["trackers"] == (round == 0 ? [2, 2, 0, 0, 0, 0] : [2, 0, 2, 2, 0, 0]))
                #expect(counts["values"]?[0] == counts["values"].map { $0[1] + $0[2] })
            }
        }
    }

    @Test("a Daylio file cut short or with bytes changed is refused whole or read with problems; never a 500")
    func mangledFiles() async throws {
        let app = try await app()
        let database = try #require(app.database)
        let backup = try Self.backup(DaylioFixtures.newBackup, photo: try TestPictures.make(.jpeg))
        let csv = Data(DaylioFixtures.commaCSV.utf8)
        var generator = SeededGenerator(seed: 11)
        var files: [Data] = []
        for round in 0..<24 {
            var bytes = [UInt8](round % 3 == 0 ? csv : backup)
            if round % 2 == 0 {
                bytes = Array(bytes.prefix(Int(generator.next() % UInt64(bytes.count))))
            } else {
                for _ in 0..<(1 + generator.next() % 4) {
                    bytes[Int(generator.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: generator.next())
                }
            }
            files.append(Data(bytes))
        }
        let mangled = files
        try await app.browse { browser in
            _ = try await browser.get("/")
            for (round, bytes) in mangled.enumerated() {
                let before = try await Self.sizes(database)
                let response = try await ImportExportTests.post(
                    &browser, "/api/v1/import/daylio?dryRun=\(round % 4 == 1)", bytes)
                #expect([.ok, .unprocessableContent, .contentTooLarge].contains(response.status), "round \(round)")
                if response.status != .ok || round % 4 == 1 {
                    #expect(try await Self.sizes(database) == before)
                } else {
                    for (kind, value) in Self.counts(try jsonObject(response)) {
                        #expect(value[0] == value[1] + value[2], "round \(round) \(kind)")
                    }
                }
            }
        }
    }
}
