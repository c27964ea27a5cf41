import DaybookArchive
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

/// A folder of daily notes as a ZIP, as the Backups page sends it: an Obsidian vault with its settings, daily notes
/// and attachments, a Logseq graph's journals and backups, a jrnl folder journal; and folders a person should never
/// have to worry about (a link out, `../`, a file that is not UTF-8, a huge file).
@Suite("Folders of daily notes through the API: each dated note once, its photos in place, hostile entries named")
struct NotesFolderImportRouteTests {
    let folder = Fixtures.temporaryFolder()

    static func vault() throws -> Data {
        let photo = try TestPictures.make(.jpeg)
        return try ImportExportTests.zip([
            ("Vault/.obsidian/app.json", Data("{}".utf8)),
            ("Vault/.obsidian/daily-notes.json", Data(#"{"folder": "Daily"}"#.utf8)),
            (
                "Vault/Daily/2024-01-05.md",
                Data("---\ntags: [journal]\n---\nWalked with [[Mina]] #walk\n![[sunrise.jpg]]\n".utf8)
            ),
            ("Vault/Daily/2024-01-06.md", Data("Rain all day. ![[missing.png]]\n".utf8)),
            ("Vault/Attachments/sunrise.jpg", photo),
            ("Vault/Recipes.md", Data("# Recipes\nFlour, water.\n".utf8)),
            (
                "Vault/journals/2024_01_07.md",
                Data("tags:: travel\n\n- Train to Busan\n\t- ![x](../assets/train.png)\n".utf8)
            ),
            ("Vault/assets/train.png", try TestPictures.make(.png)),
            ("Vault/logseq/bak/journals/2024_01_07/2024-01-08T10_00_00.000Z.Desktop.md", Data("- old copy\n".utf8)),
            ("Vault/logseq/config.edn", Data("{:journal/file-name-format \"yyyy_MM_dd\"}".utf8)),
            (
                "Vault/jrnl/2020/08/29.txt",
                Data("[2020-08-29 11:11] Entry the first.\nLorem.\n\n[2020-08-29 21:30] Second. @late\n".utf8)
            ),
        ])
    }

    @Test("a vault with daily notes, a Logseq graph and a jrnl folder: read = imported + skipped, and only once")
    func vault() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings(), dataFolder: folder)
        let database = try #require(app.database)
        let zip = try Self.vault()
        try await app.browse { browser in
            _ = try await browser.get("/")
            let dry = try jsonObject(
                try await ImportExportTests.post(&browser, "/api/v1/import/markdown?dryRun=true", zip))
            #expect(dry["summary"] as? String == "Would import 5 entries, 2 photos (nothing was written).")
            #expect(try await database.entries(JournalListQuery(limit: 10)).entries.isEmpty)
            let first = try jsonObject(try await ImportExportTests.post(&browser, "/api/v1/import/markdown", zip))
            #expect(first["summary"] as? String == "Imported 5 entries, 2 photos.")
            let problems = try #require(first["problems"] as? [[String: String]]).map {
                "\($0["item"] ?? ""): \($0["reason"] ?? "")"
            }
            #expect(
                problems == [
                    "Daily/2024-01-06.md: missing.png: the image is not in the folder; the link stays as written",
                    "Recipes.md: neither its name (YYYY-MM-DD) nor its front matter (date:) gives a day; it is not imported",
                ])
            let rows = try #require((first["table"] as? [String: Any])?["rows"] as? [[String: Any]])
            for row in rows {
                let read = row["read"] as? Int ?? -1
                #expect(read == (row["imported"] as? Int ?? 0) + (row["skipped"] as? Int ?? 0), "\(row)")
            }
            let again = try jsonObject(try await ImportExportTests.post(&browser, "/api/v1/import/markdown", zip))
            #expect(again["summary"] as? String == "Nothing new: everything in this file was imported before.")
        }
        let listed = try await database.entries(JournalListQuery(limit: 10)).entries
        #expect(listed.count == 5)
        var byDay: [String: [JournalEntry]] = [:]
        for item in listed {
            let entry = try #require(try await database.entry(id: item.id))
            byDay[entry.day.description, default: []].append(entry)
        }
        let walk = try #require(byDay["2024-01-05"]?.first)
        let cover = try #require(walk.coverPhotoID)
        #expect(walk.body == "Walked with Mina #walk\n![](/photos/\(cover))")
        #expect(walk.tags == ["journal", "walk"])
        let train = try #require(byDay["2024-01-07"]?.first)
        #expect(train.tags == ["travel"] && train.body.hasPrefix("- Train to Busan\n\t- ![x](/photos/"))
        #expect(byDay["2020-08-29"]?.count == 2)
    }

    /// A ZIP whose directory says the entry named `name` holds `size` bytes.
    static func claiming(_ size: UInt32, for name: String, in zip: Data) -> Data {
        var zip = zip
        let signature = Data([0x50, 0x4B, 0x01, 0x02])
        var from = zip.startIndex
        while let found = zip[from...].firstRange(of: signature) {
            let nameLength = Int(zip[found.lowerBound + 28]) | Int(zip[found.lowerBound + 29]) << 8
            let nameStart = found.lowerBound + 46
            if String(decoding: zip[nameStart..<(nameStart + nameLength)], as: UTF8.self) == name {
                for index in 0..<4 {
                    zip[found.lowerBound + 24 + index] = UInt8(truncatingIfNeeded: size >> (8 * index))
                }
            }
            from = found.upperBound
        }
        return zip
    }

    @Test("a link out of the folder, ../ in a name, a file not in UTF-8 and a 2 GB file are each named; the rest comes")
    func hostile() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings(), dataFolder: folder)
        let database = try #require(app.database)
        let archive = try Archive(accessMode: .create)
        func add(_ name: String, _ data: Data, type: Entry.EntryType = .file) throws {
            try archive.addEntry(with: name, type: type, uncompressedSize: Int64(data.count)) { position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        try add("notes/2024-01-05.md", Data("The one good note.".utf8))
        try add("notes/2024-01-02.md", Data("/etc/passwd".utf8), type: .symlink)
        try add("notes/../../2024-01-01.md", Data("Climbing out.".utf8))
        try add("notes/2024-01-03.md", Data([0x43, 0x61, 0x66, 0xE9, 0x0A]))
        try add("notes/2024-01-04.md", Data("small, but the directory says 2 GB".utf8))
        let zip = Self.claiming(0x8000_0000, for: "notes/2024-01-04.md", in: try #require(archive.data))
        try await app.browse { browser in
            _ = try await browser.get("/")
            let report = try jsonObject(try await ImportExportTests.post(&browser, "/api/v1/import/markdown", zip))
            #expect(report["summary"] as? String == "Imported 1 entry.")
            let problems = try #require(report["problems"] as? [[String: String]]).map {
                "\($0["item"] ?? ""): \($0["reason"] ?? "")"
            }
            #expect(problems.count == 4, "\(problems)")
            #expect(problems.contains("2024-01-02.md: it is a symbolic link, which an import never follows"))
            #expect(problems.contains("notes/../../2024-01-01.md: its path leads out of the folder; it is not read"))
            #expect(problems.contains("2024-01-03.md: it is not UTF-8 text; save it as UTF-8 and import again"))
            #expect(
                problems.contains("2024-01-04.md: it is larger than 16 MB, more than a note can be; it is not read"))
            let rows = try #require((report["table"] as? [String: Any])?["rows"] as? [[String: Any]])
            let entries = try #require(rows.first { $0["kind"] as? String == "entries" })
            #expect(entries["read"] as? Int == 5 && entries["imported"] as? Int == 1 && entries["skipped"] as? Int == 4)
        }
        #expect(try await database.entries(JournalListQuery(limit: 10)).entries.count == 1)
    }

    @Test("the tar stream the command line sends: a link, ../, / and a note too large are named; a long path comes")
    func tarStream() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings(), dataFolder: folder)
        let database = try #require(app.database)
        let day = Date(timeIntervalSince1970: 1_700_000_000)
        let deep = "Daily/" + String(repeating: "a long folder name/", count: 6) + "2024-01-06.md"
        var tar = TarWriter(sink: MemorySink())
        try tar.add(name: "Daily/2024-01-05.md", data: Data("The one good note. #walk".utf8), modified: day)
        try tar.add(name: deep, data: Data("Deep in the vault.".utf8), modified: day)
        try tar.addLink(name: "Daily/2024-01-02.md", target: "/etc/passwd", modified: day)
        try tar.add(name: "../2024-01-01.md", data: Data("Climbing out.".utf8), modified: day)
        try tar.add(name: "/etc/2024-01-03.md", data: Data("From the top.".utf8), modified: day)
        try tar.add(
            name: "Daily/2024-01-04.md", data: Data(count: NotesFolder.Limits.noteBytes + 1), modified: day)
        let body = try tar.finish().data
        try await app.browse { browser in
            _ = try await browser.get("/")
            let cut = try await ImportExportTests.post(&browser, "/api/v1/import/markdown", body.prefix(700))
            #expect(cut.status == .unprocessableContent)
            let report = try jsonObject(try await ImportExportTests.post(&browser, "/api/v1/import/markdown", body))
            #expect(report["summary"] as? String == "Imported 2 entries.")
            let problems = try #require(report["problems"] as? [[String: String]]).map {
                "\($0["item"] ?? ""): \($0["reason"] ?? "")"
            }
            #expect(problems.count == 4, "\(problems)")
            #expect(problems.contains("Daily/2024-01-02.md: it is a symbolic link, which an import never follows"))
            #expect(problems.contains("../2024-01-01.md: its path leads out of the folder; it is not read"))
            #expect(problems.contains("/etc/2024-01-03.md: its path leads out of the folder; it is not read"))
            #expect(
                problems.contains(
                    "Daily/2024-01-04.md: it is larger than 16 MB, more than a note can be; it is not read"))
        }
        #expect(try await database.entries(JournalListQuery(limit: 10)).entries.count == 2)
    }

    @Test(
        "a jrnl folder journal from its own folder (only 2024/ at its top) and from its parent: each entry on its day")
    func jrnlFolderFromItsOwnFolder() async throws {
        let day = Date(timeIntervalSince1970: 1_700_000_000)
        for top in ["", "journal/"] {
            let app = try await TestApp.make(settings: Fixtures.settings(), dataFolder: Fixtures.temporaryFolder())
            let database = try #require(app.database)
            var tar = TarWriter(sink: MemorySink())
            try tar.add(
                name: top + "2024/03/04.txt", data: Data("[2024-03-04 07:10] Early train.\nFog.\n".utf8),
                modified: day)
            try tar.add(
                name: top + "2024/03/05.txt",
                data: Data("[2024-03-05 12:00] Lunch by the river.\n\n[2024-03-05 22:15] Late. @night\n".utf8),
                modified: day)
            let body = try tar.finish().data
            try await app.browse { browser in
                _ = try await browser.get("/")
                let report = try jsonObject(
                    try await ImportExportTests.post(&browser, "/api/v1/import/markdown", body))
                #expect(report["summary"] as? String == "Imported 3 entries.", "from '\(top)'")
                #expect((report["problems"] as? [[String: String]] ?? []).isEmpty, "from '\(top)'")
            }
            let listed = try await database.entries(JournalListQuery(limit: 10)).entries
            var days: [String] = []
            for item in listed { days.append(try #require(try await database.entry(id: item.id)).day.description) }
            #expect(days.sorted() == ["2024-03-04", "2024-03-05", "2024-03-05"], "from '\(top)'")
        }
        #expect(ImportService.commonFolder(["2024/03/04.txt", "2024/03/05.txt"]) == "")
        #expect(ImportService.commonFolder(["Vault/2024-01-05.md", "Vault/a.md"]) == "Vault/")
        #expect(ImportService.commonFolder(["2024/2024-01-05.md"]) == "2024/")
    }

    /// The photos kept in the data folder (their originals).
    func keptPhotos() throws -> [String] {
        let photos = folder.appendingPathComponent("photos")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: photos.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }
    }

    @Test("the command line's stream, its images first: the photos notes show are kept once; others never stay")
    func imagesFirst() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings(), dataFolder: folder)
        let database = try #require(app.database)
        let day = Date(timeIntervalSince1970: 1_700_000_000)
        let photo = try TestPictures.make(.jpeg)
        var tar = TarWriter(sink: MemorySink())
        try tar.add(name: "Attachments/broken.jpg", data: photo.prefix(photo.count / 2), modified: day)
        try tar.add(name: "Attachments/sunrise.jpg", data: photo, modified: day)
        try tar.add(name: "Attachments/unused.png", data: try TestPictures.make(.png), modified: day)
        try tar.add(
            name: "Daily/2024-01-05.md", data: Data("Sunrise. ![[sunrise.jpg]] ![[broken.jpg]]\n".utf8), modified: day)
        try tar.add(name: "Daily/2024-01-06.md", data: Data("Rain. ![[sunrise.jpg]]\n".utf8), modified: day)
        let body = try tar.finish().data
        try await app.browse { browser in
            _ = try await browser.get("/")
            let cut = try await ImportExportTests.post(
                &browser, "/api/v1/import/markdown", body.prefix(body.count - 1500))
            #expect(cut.status == .unprocessableContent)
            #expect(try keptPhotos().isEmpty)
            let dry = try jsonObject(
                try await ImportExportTests.post(&browser, "/api/v1/import/markdown?dryRun=true", body))
            #expect(dry["summary"] as? String == "Would import 2 entries, 2 photos (nothing was written).")
            #expect(try keptPhotos().isEmpty)
            let report = try jsonObject(try await ImportExportTests.post(&browser, "/api/v1/import/markdown", body))
            #expect(report["summary"] as? String == "Imported 2 entries, 1 photo.")
            let problems = try #require(report["problems"] as? [[String: String]])
            #expect(problems.map { $0["item"] } == ["Daily/2024-01-05.md: photo Attachments/broken.jpg"])
            #expect(try keptPhotos().count == 1)
            let again = try jsonObject(try await ImportExportTests.post(&browser, "/api/v1/import/markdown", body))
            #expect(again["summary"] as? String == "Nothing new: everything in this file was imported before.")
        }
        let kept = try keptPhotos()
        #expect(kept.count == 1)
        for item in try await database.entries(JournalListQuery(limit: 10)).entries {
            let entry = try #require(try await database.entry(id: item.id))
            #expect(entry.coverPhotoID == kept.first)
        }
    }

    @Test("a ZIP that is no archive is refused whole, in the owner's language, and writes nothing")
    func damaged() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings(language: .korean), dataFolder: folder)
        let database = try #require(app.database)
        let zip = try Self.vault()
        try await app.browse { browser in
            _ = try await browser.get("/")
            let cut = try await ImportExportTests.post(&browser, "/api/v1/import/markdown", zip.prefix(zip.count / 3))
            #expect(cut.status == .unprocessableContent)
            let korean = try await ImportExportTests.post(
                &browser, "/api/v1/import/markdown?dryRun=true", try Self.vault())
            let problems = try #require(try jsonObject(korean)["problems"] as? [[String: String]])
            #expect(
                problems.contains {
                    $0["item"] == "Recipes.md"
                        && $0["reason"] == "파일 이름(YYYY-MM-DD)에도 머리말(date:)에도 날짜가 없어 가져오지 않습니다"
                })
        }
        #expect(try await database.entries(JournalListQuery(limit: 10)).entries.isEmpty)
    }
}
