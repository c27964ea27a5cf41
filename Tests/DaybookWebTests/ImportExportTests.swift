import DaybookCore
import DaybookDataFolder
import DaybookDemo
import DaybookStore
import DaybookTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import ZIPFoundation

@testable import DaybookWeb

@Suite("Imports through the API, the full export, and the calendar feed")
struct ImportExportTests {
    let folder = Fixtures.temporaryFolder()

    func app(host: String = "127.0.0.1") async throws -> TestApp {
        try await TestApp.make(host: host, settings: Fixtures.settings(), dataFolder: folder)
    }

    /// A ZIP made in memory from files by name.
    /// A Day One export of one entry in Paris ("Seine") showing one photo, `photo`.
    static func dayOneWithAPhoto(_ photo: Data) throws -> Data {
        try zip([
            (
                "Journal.json",
                Data(
                    #"{"entries": [{"uuid": "E", "creationDate": "2024-07-14T03:20:00Z", "timeZone": "Europe/Paris", "text": "Seine ![](dayone-moment://P)", "photos": [{"identifier": "P", "md5": "ab", "type": "jpeg"}]}]}"#
                        .utf8)
            ),
            ("photos/ab.jpeg", photo),
        ])
    }

    static func zip(_ files: [(String, Data)]) throws -> Data {
        let archive = try Archive(accessMode: .create)
        for (name, data) in files {
            try archive.addEntry(
                with: name, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate
            ) { position, size in data.subdata(in: Int(position)..<Int(position) + size) }
        }
        return try #require(archive.data)
    }

    static func post(_ browser: inout Browser, _ path: String, _ data: Data) async throws -> TestResponse {
        try await browser.send(
            path, method: .post, headers: [.contentType: "application/octet-stream", .origin: "http://localhost"],
            body: ByteBuffer(bytes: data))
    }

    @Test("a Day One export brings entries with their photo, place and weather, once; a dry run writes nothing")
    func dayOne() async throws {
        let app = try await app()
        let database = try #require(app.database)
        let json = """
            {"metadata": {"version": "1.0"}, "entries": [
              {"uuid": "E1", "creationDate": "2024-07-14T03:20:00Z", "timeZone": "Europe/Paris",
               "text": "# Bastille Day\\n\\nFireworks.\\n\\n![](dayone-moment://P1)", "tags": ["travel"], "starred": true,
               "location": {"latitude": 48.8566, "longitude": 2.3522, "placeName": "Pont Neuf", "countryCode": "FR"},
               "weather": {"temperatureCelsius": 24.5, "weatherCode": "clear-night"},
               "photos": [{"identifier": "P1", "md5": "0123abcd", "type": "jpeg"}]}
            ]}
            """
        let file = try Self.zip([
            ("Journal.json", Data(json.utf8)), ("photos/0123abcd.jpeg", try TestPictures.make(.jpeg)),
        ])
        try await app.browse { browser in
            _ = try await browser.get("/")
            let dry = try jsonObject(try await Self.post(&browser, "/api/v1/import/dayone?dryRun=true", file))
            #expect(dry["summary"] as? String == "Would import 1 entry, 1 photo (nothing was written).")
            #expect(try await database.entries(JournalListQuery(limit: 10)).entries.isEmpty)
            let done = try jsonObject(try await Self.post(&browser, "/api/v1/import/dayone", file))
            #expect((done["created"] as? [String: Int])?["entries"] == 1)
            #expect((done["created"] as? [String: Int])?["photos"] == 1)
            let again = try jsonObject(try await Self.post(&browser, "/api/v1/import/dayone", file))
            #expect(again["summary"] as? String == "Nothing new: everything in this file was imported before.")
        }
        let entries = try await database.entries(JournalListQuery(limit: 10)).entries
        #expect(entries.count == 1)
        let entry = try #require(try await database.entry(id: entries[0].id))
        #expect(entry.title == "Bastille Day" && entry.isStarred && entry.tags == ["travel"])
        #expect(entry.place?.name == "Pont Neuf" && entry.place?.country == "FR")
        let cover = try #require(entry.coverPhotoID)
        #expect(entry.body.contains("![](/photos/\(cover))"))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("photos/\(cover)").path))
        let weather = try await database.weather(at: WeatherKey(entry.place!.coordinate, at: entry.moment))
        #expect(weather?.temperature == 24.5)
    }

    @Test("a jrnl file, a Loop export and a Daylio backup come in; each a second time adds nothing")
    func othersAndIdempotence() async throws {
        let app = try await app()
        let database = try #require(app.database)
        let jrnl = Data("[2025-01-06 09:30] Standup. Talked about the release. @work\n".utf8)
        let loop = try Self.zip([
            ("Habits.csv", Data("Position,Name,Type,Unit\n001,Meditate,YES_NO,\n002,Run,NUMERICAL,km\n".utf8)),
            ("Checkmarks.csv", Data("Date,Meditate,Run\n2025-02-03,2,5300\n2025-02-02,0,0\n".utf8)),
        ])
        let daylioJSON =
            #"{"customMoods":[{"id":1,"mood_group_id":1}],"tags":[],"dayEntries":[{"id":9,"datetime":1735747200000,"timeZoneOffset":32400000,"mood":1,"note":""}]}"#
        let daylio = try Self.zip([("backup.daylio", Data(Data(daylioJSON.utf8).base64EncodedString().utf8))])
        try await app.browse { browser in
            _ = try await browser.get("/")
            for (source, file, summary) in [
                ("jrnl", jrnl, "Imported 1 entry."), ("loop", loop, "Imported 2 trackers, 2 tracker values."),
                ("daylio", daylio, "Imported 1 mood."),
            ] {
                let first = try jsonObject(try await Self.post(&browser, "/api/v1/import/\(source)", file))
                #expect(first["summary"] as? String == summary, "\(source)")
                let second = try jsonObject(try await Self.post(&browser, "/api/v1/import/\(source)", file))
                #expect(second["summary"] as? String == "Nothing new: everything in this file was imported before.")
            }
        }
        let trackers = try await database.trackers()
        #expect(trackers.map(\.name).sorted() == ["Meditate", "Run"])
        #expect(try await database.dailyLog(on: DayKey(string: "2025-01-02")!)?.mood == 5)
    }

    @Test("broken, bombed and wrongly named archives are refused with a reason and import nothing")
    func hostileFiles() async throws {
        let app = try await app()
        let database = try #require(app.database)
        let bomb = try Self.zip([("Journal.json", Data(count: ImportService.largestText + 1))])
        let climbing = try Self.zip([
            ("../../escaped.json", Data(#"{"entries": []}"#.utf8)),
            (
                "Journal.json",
                Data(
                    #"{"entries": [{"uuid": "X", "creationDate": "2024-01-01T00:00:00Z", "text": "hi", "photos": [{"identifier": "P", "md5": "../../../etc/passwd", "type": "x"}], "timeZone": "UTC"}]}"#
                        .utf8)
            ),
        ])
        try await app.browse { browser in
            _ = try await browser.get("/")
            let notZip = try await Self.post(&browser, "/api/v1/import/dayone", Data("hello".utf8))
            #expect(notZip.status == .unprocessableContent)
            #expect(notZip.text.contains("not a ZIP archive"))
            let bombed = try await Self.post(&browser, "/api/v1/import/dayone", bomb)
            #expect(bombed.status == .contentTooLarge)
            let unknown = try await Self.post(&browser, "/api/v1/import/evernote", Data("x".utf8))
            #expect(unknown.status == .badRequest)
            #expect(unknown.text.contains(#""fields":{"source""#))
            let named = try jsonObject(try await Self.post(&browser, "/api/v1/import/dayone", climbing))
            // The entry comes in; the photo its JSON pointed outside the archive is a problem, not a file read.
            #expect((named["created"] as? [String: Int])?["entries"] == 1)
            #expect((named["problems"] as? [[String: String]])?.first?["reason"] == "the photo is not in the archive")
            let form = try await browser.send(
                "/api/v1/import/jrnl", method: .post,
                headers: [.contentType: "text/plain", .origin: "http://localhost"],
                body: ByteBuffer(string: "[2025-01-06 09:30] x"))
            #expect(form.status == .unsupportedMediaType)
        }
        #expect(try await database.entries(JournalListQuery(limit: 10)).entries.count == 1)
        #expect(
            !FileManager.default.fileExists(
                atPath: folder.deletingLastPathComponent().appendingPathComponent("escaped.json").path))
    }

    @Test("the export ZIP holds the JSON, Markdown with front matter, photos, CSV and tasks.ics, and no secrets")
    func export() async throws {
        let app = try await app()
        let database = try #require(app.database)
        try await database.saveBackupPlan(BackupPlan(passphrase: "never exported"))
        try await database.saveTask(
            PlannedTask(
                id: "standup", title: "Standup, daily", day: DayKey(string: "2026-11-02")!,
                start: TimeOfDay(minutes: 540),
                durationMinutes: 15, repeatRule: .weekdays))
        try await app.browse { browser in
            _ = try await browser.get("/")
            let jrnl = Data("[2025-01-06 09:30] Standup. Talked about the release. @work\n".utf8)
            _ = try await Self.post(&browser, "/api/v1/import/jrnl", jrnl)
            let response = try await browser.get("/settings/export.zip")
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/zip")
            let archive = try Archive(data: Data(buffer: response.body), accessMode: .read)
            func text(_ path: String) throws -> String {
                var data = Data()
                _ = try archive.extract(try #require(archive["daybook-export/" + path])) { data.append($0) }
                return String(decoding: data, as: UTF8.self)
            }
            let json = try #require(
                try JSONSerialization.jsonObject(with: Data(try text("daybook.json").utf8)) as? [String: Any])
            #expect(json["format"] as? String == "daybook-export" && json["version"] as? Int == 1)
            let tables = try #require(json["tables"] as? [String: [[String: Any]]])
            #expect(tables["journalEntry"]?.count == 1 && tables["task"]?.count == 1)
            #expect(!(try text("daybook.json")).contains("never exported"))
            let markdown = try #require(
                archive.first { $0.path.hasPrefix("daybook-export/entries/2025/2025-01-06-0930-") })
            let entry = try text(String(markdown.path.dropFirst("daybook-export/".count)))
            #expect(entry.hasPrefix("---\nid: "))
            #expect(entry.contains("date: 2025-01-06T09:30:00+09:00") && entry.contains("tags: [\"work\"]"))
            #expect(try text("csv/focus-sessions.csv").hasPrefix("startedAt,endedAt"))
            let calendar = try text("tasks.ics")
            #expect(calendar.contains("RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"))
            #expect(calendar.contains("SUMMARY:Standup\\, daily"))
        }
    }

    @Test("the calendar feed: blocks in the owner's zone with their rules; a calendar token reads it and nothing else")
    func feed() async throws {
        let app = try await app(host: "0.0.0.0")
        let database = try #require(app.database)
        let access = app.services.accessInteractor(database)
        try await access.setPassphrase("correct horse battery")
        let token = try await access.createToken(name: "Phone calendar", scope: .calendar).secret
        try await database.saveTask(
            PlannedTask(
                id: "walk", title: "Walk", day: DayKey(string: "2026-11-02")!, start: TimeOfDay(minutes: 1_050),
                durationMinutes: 30, repeatRule: .daily))
        try await database.detachOccurrence(of: "walk", on: DayKey(string: "2026-11-05")!, replacement: nil)
        try await database.saveTask(PlannedTask(id: "anytime", title: "Call mum", day: DayKey(string: "2026-11-21")!))
        try await app.browse { browser in
            let feed = try await browser.get("/feeds/tasks.ics?token=\(token)")
            #expect(feed.status == .ok)
            #expect(feed.headers[.contentType] == "text/calendar; charset=utf-8")
            #expect(feed.text.contains("DTSTART;TZID=Asia/Seoul:20261102T173000\r\nDURATION:PT30M"))
            #expect(feed.text.contains("RRULE:FREQ=DAILY"))
            #expect(feed.text.contains("EXDATE;TZID=Asia/Seoul:20261105T173000"))
            #expect(feed.text.contains("BEGIN:VTIMEZONE\r\nTZID:Asia/Seoul"))
            #expect(!feed.text.contains("Call mum"))
            #expect(
                try await browser.get("/api/v1/tasks", headers: [.authorization: "Bearer \(token)"]).status
                    == .forbidden)
            #expect(try await browser.get("/feeds/tasks.ics").status != .ok)
        }
    }

    @Test("Daybook's own export imports into an empty Daybook: entries with photos and places, trackers, values, moods")
    func ownFormatRoundTrip() async throws {
        // Given a Daybook with a year of use and an entry with a photo and a place
        let source = try await app()
        let sourceDatabase = try #require(source.database)
        _ = try await sourceDatabase.fillDemo(
            years: 1, seed: 3, timeZone: Fixtures.seoul, today: DayKey(string: "2026-11-20")!)
        let dayOne = try Self.zip([
            (
                "Journal.json",
                Data(
                    #"{"entries": [{"uuid": "E", "creationDate": "2024-07-14T03:20:00Z", "timeZone": "Europe/Paris", "text": "Seine ![](dayone-moment://P)", "location": {"latitude": 48.85, "longitude": 2.35, "placeName": "Paris"}, "photos": [{"identifier": "P", "md5": "ab", "type": "jpeg"}]}]}"#
                        .utf8)
            ),
            ("photos/ab.jpeg", try TestPictures.make(.jpeg)),
        ])
        let exported = Locked(Data())
        try await source.browse { browser in
            _ = try await browser.get("/")
            _ = try await Self.post(&browser, "/api/v1/import/dayone", dayOne)
            let zip = Data(buffer: try await browser.get("/settings/export.zip").body)
            exported.withLock { $0 = zip }
        }
        // When it is imported into an empty Daybook
        let target = try await TestApp.make(settings: Fixtures.settings(), dataFolder: Fixtures.temporaryFolder())
        let targetDatabase = try #require(target.database)
        let export = exported.withLock { $0 }
        try await target.browse { browser in
            _ = try await browser.get("/")
            let first = try jsonObject(try await Self.post(&browser, "/api/v1/import/daybook", export))
            #expect((first["problems"] as? [Any])?.isEmpty == true)
            let again = try jsonObject(try await Self.post(&browser, "/api/v1/import/daybook", export))
            #expect(again["summary"] as? String == "Nothing new: everything in this file was imported before.")
        }
        // Then its entries, photos, places, trackers, values and moods are there
        func everything(_ database: AppDatabase) async throws -> [String] {
            var lines: [String] = []
            var cursor: JournalCursor?
            repeat {
                let page = try await database.entries(JournalListQuery(limit: 200, after: cursor))
                for summary in page.entries {
                    let entry = try #require(try await database.entry(id: summary.id))
                    let body = entry.body.replacingOccurrences(
                        of: #"/photos/[0-9a-f-]{36}"#, with: "/photos/ID", options: .regularExpression)
                    lines.append(
                        "\(entry.moment) \(entry.timeZone) \(entry.title) \(body) \(entry.tags) \(entry.isStarred) \(entry.place?.name ?? "-") \(entry.coverPhotoID != nil)"
                    )
                }
                cursor = page.next
            } while cursor != nil
            let trackers = try await database.trackers()
            lines += trackers.map { "tracker \($0.name) \($0.kind) \(String(describing: $0.unit))" }
            for tracker in trackers {
                let values = try await database.trackerValues(
                    trackerID: tracker.id, from: DayKey(string: "2020-01-01")!, through: DayKey(string: "2027-01-01")!)
                lines.append(
                    "values \(tracker.name) \(values.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" })")
            }
            lines += try await database.allDailyLogs().compactMap { log in log.mood.map { "mood \(log.day) \($0)" } }
            return lines.sorted()
        }
        let before = try await everything(sourceDatabase)
        #expect(before.count > 500)
        #expect(try await everything(targetDatabase) == before)
    }
}
