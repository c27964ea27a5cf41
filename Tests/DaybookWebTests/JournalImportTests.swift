import DaybookCore
import DaybookDataFolder
import DaybookStore
import DaybookTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import ZIPFoundation

@testable import DaybookWeb

/// Day One and jrnl files through the real router, as `daybook import` sends them.
@Suite("Day One and jrnl imports through the API: several journals, one journal, encrypted files, damaged files")
struct JournalImportTests {
    let folder = Fixtures.temporaryFolder()

    func app() async throws -> TestApp {
        try await TestApp.make(settings: Fixtures.settings(), dataFolder: folder)
    }

    /// The Day One export ZIP: two journals, two of the three photos, a video, a PDF and an audio file.
    static func dayOneZIP() throws -> Data {
        var files: [(String, Data)] = [
            (JournalExports.dailyNotesFile, Data(JournalExports.dayOneDailyNotes.utf8)),
            (JournalExports.kyotoFile, Data(JournalExports.dayOneKyoto.utf8)),
        ]
        for path in JournalExports.dayOnePhotoFiles { files.append((path, try TestPictures.make(.jpeg))) }
        for path in JournalExports.dayOneOtherFiles { files.append((path, Data("not a photo".utf8))) }
        return try ImportExportTests.zip(files)
    }

    let seoul = Fixtures.seoul

    func iso(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    /// How jrnl writes an entry's stamp by default, in Seoul (the owner's time zone in `Fixtures.settings()`).
    static let stamp: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = Fixtures.seoul
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter
    }()

    func everyEntry(_ database: AppDatabase) async throws -> [JournalEntry] {
        var entries: [JournalEntry] = []
        for summary in try await database.entries(JournalListQuery(limit: 50)).entries {
            entries.append(try #require(try await database.entry(id: summary.id)))
        }
        return entries.sorted { $0.moment < $1.moment }
    }

    @Test("a Day One export of two journals lands every entry, tagged with its journal; a second import adds nothing")
    func twoJournals() async throws {
        let app = try await app()
        let database = try #require(app.database)
        let file = try Self.dayOneZIP()
        try await app.browse { browser in
            _ = try await browser.get("/")
            let first = try jsonObject(try await ImportExportTests.post(&browser, "/api/v1/import/dayone", file))
            #expect(
                first["created"] as? [String: Int] == [
                    "entries": 4, "photos": 2, "trackers": 0, "values": 0, "moods": 0,
                ])
            let problems = try #require(first["problems"] as? [[String: String]])
            #expect(problems.count == 6)
            #expect(problems.filter { $0["reason"] == "not imported: Daybook keeps photos only" }.count == 3)
            #expect(
                problems.contains {
                    $0["item"]
                        == "교토 여행, entry 1 (K1A0B0C0D0E0F0A1B2C3D4E5F6A7B8C9): photo photos/dd44dd44dd44dd44dd44dd44dd44dd44.jpeg"
                        && $0["reason"] == "the photo is not in the archive"
                })
            let again = try jsonObject(try await ImportExportTests.post(&browser, "/api/v1/import/dayone", file))
            #expect(again["summary"] as? String == "Nothing new: everything in this file was imported before.")
            #expect(again["alreadyImported"] as? Int == 6)
        }
        let entries = try await everyEntry(database)
        #expect(entries.map(\.title) == ["Bastille Day", "朝の散歩", "벚꽃", ""])
        #expect(
            entries.map(\.tags) == [
                ["Daily Notes", "travel", "France"], ["Daily Notes"], ["교토 여행", "봄", "Kyoto"], ["교토 여행"],
            ])
        #expect(entries.map(\.timeZone) == ["Europe/Paris", "Asia/Tokyo", "Asia/Seoul", "Asia/Seoul"])
        #expect(entries.map(\.day.description) == ["2024-07-14", "2024-07-16", "2025-04-01", "2025-04-02"])
        #expect(entries.map(\.isStarred) == [true, false, false, false])
        #expect(entries.map { $0.place?.country } == ["FR", nil, "JP", nil])
        #expect(entries[0].body.contains("(video not imported)") && !entries[0].body.contains("dayone-moment"))
        #expect(entries[1].body.hasSuffix("(PDF not imported)"))
        #expect(entries[2].body == "철학의 길을 걸었다. 🌸\n\n(photo missing from the export)")
        let covers = entries.compactMap(\.coverPhotoID)
        #expect(covers.count == 2)
        for (entry, cover) in zip(entries.prefix(2), covers) {
            #expect(entry.body.contains("![](/photos/\(cover))"))
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("photos/\(cover)").path))
        }
    }

    @Test("?journal= imports only that journal (named as typed, composed or not); an unknown one lists the journals")
    func oneJournal() async throws {
        let app = try await app()
        let database = try #require(app.database)
        let file = try Self.dayOneZIP()
        try await app.browse { browser in
            _ = try await browser.get("/")
            let unknown = try await ImportExportTests.post(
                &browser, "/api/v1/import/dayone?journal=\(URLText.component("Work"))", file)
            #expect(unknown.status == .badRequest)
            let error = try #require(try jsonObject(unknown)["error"] as? [String: Any])
            #expect(error["code"] as? String == "unknownJournal")
            #expect(
                error["message"] as? String
                    == "Nothing was imported: the export has no journal named “Work”. Its journals: “Daily Notes”, “교토 여행”."
            )
            let kyoto = try jsonObject(
                try await ImportExportTests.post(
                    &browser, "/api/v1/import/dayone?journal=\(URLText.component("교토 여행"))", file))
            #expect((kyoto["created"] as? [String: Int])?["entries"] == 2)
            #expect((kyoto["created"] as? [String: Int])?["photos"] == 0)
            #expect((kyoto["problems"] as? [Any])?.count == 1)
        }
        let entries = try await everyEntry(database)
        #expect(entries.map(\.title) == ["벚꽃", ""])
        #expect(entries.allSatisfy { $0.tags.first == "교토 여행" })
    }

    @Test("an encrypted jrnl journal is refused in the owner's language and nothing is written; a plain one comes in")
    func jrnl() async throws {
        let app = try await app()
        let database = try #require(app.database)
        try await app.browse { browser in
            _ = try await browser.get("/")
            for file in [JournalExports.jrnlFernet, JournalExports.jrnlAES] {
                let refused = try await ImportExportTests.post(&browser, "/api/v1/import/jrnl", file)
                #expect(refused.status == .unprocessableContent)
                let error = try #require(try jsonObject(refused)["error"] as? [String: Any])
                #expect(error["code"] as? String == "importEncrypted")
                #expect(
                    error["message"] as? String
                        == "Nothing was imported: this jrnl journal is encrypted: decrypt it with `jrnl --decrypt` first."
                )
            }
            let text = try jsonObject(
                try await ImportExportTests.post(
                    &browser, "/api/v1/import/jrnl?fileName=journal.txt", JournalExports.jrnlDefault))
            #expect((text["created"] as? [String: Int])?["entries"] == 4)
            #expect(
                text["problems"] as? [[String: String]] == [
                    [
                        "item": "journal.txt, line 8", "reason": "its date “2024-02-30 10:00” is not a date",
                        "kind": "entries",
                    ]
                ])
            let json = try jsonObject(
                try await ImportExportTests.post(&browser, "/api/v1/import/jrnl", JournalExports.jrnlJSON))
            #expect((json["created"] as? [String: Int])?["entries"] == 2)
        }
        #expect(try await everyEntry(database).count == 6)
    }

    @Test(
        "a long plain-text journal: every entry counted, a bad byte at its end refuses it whole, a dry run writes nothing, twins both come in, again adds nothing"
    )
    func longTextJournal() async throws {
        let app = try await app()
        let database = try #require(app.database)
        var lines: [String] = []
        for day in 0..<1_500 {
            let date = Calendar.gregorian(in: seoul).date(byAdding: .day, value: day, to: iso("2020-01-01T09:00:00Z"))!
            let stamp = Self.stamp.string(from: date)
            lines.append("[\(stamp)] Walk number \(day + 1). @walk\nThe river was \(day % 2 == 0 ? "high" : "low").\n")
        }
        // The same entry twice, as jrnl keeps it when it was written twice, and a date that does not exist.
        lines.append("[2024-06-01 10:00] Written twice.\n")
        lines.append("[2024-06-01 10:00] Written twice.\n")
        lines.append("[2024-02-30 10:00] No such day.\n")
        let journal = Data(lines.joined(separator: "\n").utf8)
        var bytes = journal
        bytes[bytes.count - 3] = 0xC3
        let damaged = bytes
        try await app.browse { browser in
            _ = try await browser.get("/")
            let refused = try await ImportExportTests.post(&browser, "/api/v1/import/jrnl", damaged)
            #expect(refused.status == .unprocessableContent)
            #expect(
                try jsonObject(refused)["error"].flatMap { ($0 as? [String: Any])?["message"] as? String }
                    == "Nothing was imported: The file cannot be read: it is not UTF-8 text.")
            let dry = try jsonObject(
                try await ImportExportTests.post(
                    &browser, "/api/v1/import/jrnl?dryRun=true&fileName=walks.txt", journal))
            #expect((dry["created"] as? [String: Int])?["entries"] == 1_502)
            #expect(try await database.entries(JournalListQuery(limit: 5)).entries.isEmpty)
            let first = try jsonObject(
                try await ImportExportTests.post(&browser, "/api/v1/import/jrnl?fileName=walks.txt", journal))
            let counts = try #require((first["counts"] as? [String: [String: Int]])?["entries"])
            #expect(counts["read"] == 1_503 && counts["imported"] == 1_502 && counts["problems"] == 1)
            #expect(
                first["problems"] as? [[String: String]] == [
                    [
                        "item": "walks.txt, line 4505", "reason": "its date “2024-02-30 10:00” is not a date",
                        "kind": "entries",
                    ]
                ])
            let again = try jsonObject(
                try await ImportExportTests.post(&browser, "/api/v1/import/jrnl?fileName=walks.txt", journal))
            #expect(again["summary"] as? String == "Nothing new: everything in this file was imported before.")
            #expect(again["alreadyImported"] as? Int == 1_502)
            // Every entry's words are found.
            let search = try jsonObject(try await browser.get("/api/v1/search?q=1234"))
            #expect(
                (search["results"] as? [[String: Any]])?.compactMap { $0["title"] as? String } == [
                    "Walk number 1234. @walk"
                ])
        }
        let twins = try await database.entries(JournalListQuery(limit: 5)).entries
        #expect(twins.prefix(2).map(\.title) == ["Written twice.", "Written twice."])
    }

    @Test("truncated and byte-mangled versions of every fixture: an ImportBatch.Problem or problems, never a crash")
    func damagedFiles() throws {
        let work = Fixtures.temporaryFolder()
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let localizer = Fixtures.localizer()
        var state: UInt64 = 42
        func random(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(max(bound, 1)))
        }
        let fixtures: [(ImportSource, Data)] = [
            (.dayone, try Self.dayOneZIP()), (.jrnl, JournalExports.jrnlDefault), (.jrnl, JournalExports.jrnlJSON),
            (.jrnl, JournalExports.jrnlFernet),
            (
                .dayone,
                try ImportExportTests.zip([
                    (JournalExports.dailyNotesFile, Data(JournalExports.dayOneDailyNotes.utf8))
                ])
            ),
        ]
        var outcomes = (failures: 0, read: 0)
        for (source, original) in fixtures {
            var variants: [Data] = (0..<40).map { _ in original.prefix(random(original.count)) }
            for _ in 0..<60 {
                var mangled = original
                for _ in 0...random(8) { mangled[random(mangled.count)] = UInt8(random(256)) }
                variants.append(mangled)
            }
            for variant in variants {
                let file = work.appendingPathComponent("upload")
                try variant.write(to: file)
                // A plain-text journal is read by the route a line at a time: it must read as the whole file does.
                let streamed = source == .jrnl ? Self.streamed(file) : nil
                do {
                    let (batch, _) = try ImportService.read(file, as: source, localizer: localizer, photosInto: nil)
                    #expect(batch.entries.allSatisfy { !$0.title.isEmpty || !$0.body.isEmpty })
                    if case .success(let read?) = streamed {
                        #expect(read.entries == batch.entries && read.problems == batch.problems)
                    }
                    outcomes.read += 1
                } catch let failure as ImportBatch.Problem {
                    if case .failure(let refused) = streamed { #expect(refused == failure) }
                    if case .success(let read?) = streamed { Issue.record("read a line at a time: \(read.entries)") }
                    outcomes.failures += 1
                } catch {
                    Issue.record("\(source): \(error) is not an ImportBatch.Problem")
                }
            }
        }
        #expect(outcomes.failures + outcomes.read == 500)
        #expect(outcomes.failures > 0 && outcomes.read > 0)
    }

    /// The journal read from its file as the route reads a plain-text one, 64 bytes at a time; nil when it is
    /// read whole (JSON, encrypted).
    static func streamed(_ file: URL) -> Result<ImportBatch?, ImportBatch.Problem> {
        do {
            guard let journal = try JrnlTextFile.open(file, name: "journal", timeZone: Fixtures.seoul, pieces: 64)
            else { return .success(nil) }
            return .success(try journal.collected())
        } catch let failure as ImportBatch.Problem {
            return .failure(failure)
        } catch {
            Issue.record("\(error) is not an ImportBatch.Problem")
            return .success(nil)
        }
    }
}
