import DaybookCore
import DaybookDataFolder
import DaybookStore
import DaybookTestSupport
import Foundation
import Testing
import ZIPFoundation

@testable import DaybookWeb

@Suite("The export ZIP, file by file")
struct ExportArchiveTests {
    let folder = Fixtures.temporaryFolder()

    @Test("entries and a photo download as a ZIP that reads back with every file's name and bytes, in order")
    func namesAndBytes() async throws {
        // Given a Daybook with an entry from Day One with its photo, and three entries from jrnl
        let app = try await TestApp.make(settings: Fixtures.settings(), dataFolder: folder)
        let database = try #require(app.database)
        let dayOne = try ImportExportTests.dayOneWithAPhoto(try TestPictures.make(.jpeg))
        let jrnl = Data(
            """
            [2025-01-06 09:30] Standup. Talked about the release. @work
            [2025-01-07 21:10] 오늘은 맑음. 산책을 했다.
            [2025-03-01 07:00] Spring. The first walk without a coat.

            """.utf8)
        // When the owner downloads the export from Settings
        let download = Locked(Data())
        try await app.browse { browser in
            _ = try await browser.get("/")
            _ = try await ImportExportTests.post(&browser, "/api/v1/import/dayone", dayOne)
            _ = try await ImportExportTests.post(&browser, "/api/v1/import/jrnl", jrnl)
            let response = try await browser.get("/settings/export.zip")
            #expect(response.status == .ok)
            download.withLock { $0 = Data(buffer: response.body) }
        }
        // Then ZIPFoundation reads every file back (each checked against its CRC-32)
        let archive = try Archive(data: download.withLock { $0 }, accessMode: .read)
        var files: [String: Data] = [:]
        for entry in archive {
            var data = Data()
            _ = try archive.extract(entry) { data.append($0) }
            files[String(entry.path.dropFirst("daybook-export/".count))] = data
        }
        // And the names are the layout the README describes, in order
        let tables = folder.appendingPathComponent("export-check.tables")
        let contents = try await database.exportContents(tablesInto: tables)
        #expect(contents.entries.count == 4 && contents.photos.count == 1)
        let photo = try #require(contents.photos.first)
        let photoName = photo.id + ".jpg"
        let entryPaths = contents.entries.map(ExportDocument.entryPath)
        #expect(
            archive.map { String($0.path.dropFirst("daybook-export/".count)) }
                == ["README.md", "daybook.json"] + entryPaths + [
                    "photos/" + photoName, "csv/focus-sessions.csv", "csv/daily-logs.csv", "csv/tracker-values.csv",
                    "tasks.ics",
                ])
        // And each file holds what Daybook has: the README, every entry's Markdown, the photo's own bytes
        #expect(files["README.md"] == Data(ExportDocument.readme.utf8))
        for (entry, path) in zip(contents.entries, entryPaths) {
            let markdown = ExportDocument.markdown(entry, photoNames: [photo.id: photoName])
            #expect(files[path] == Data(markdown.utf8), "\(path)")
        }
        #expect(files.values.contains { String(decoding: $0, as: UTF8.self).contains("오늘은 맑음") })
        #expect(
            files["photos/" + photoName] == (try Data(contentsOf: folder.appendingPathComponent("photos/\(photo.id)"))))
        let exported = try #require(files["daybook.json"])
        let json = try #require(try JSONSerialization.jsonObject(with: exported) as? [String: Any])
        #expect((json["tables"] as? [String: [Any]])?["journalEntry"]?.count == 4)
        #expect(String(decoding: try #require(files["tasks.ics"]), as: UTF8.self).hasPrefix("BEGIN:VCALENDAR"))
    }
}
