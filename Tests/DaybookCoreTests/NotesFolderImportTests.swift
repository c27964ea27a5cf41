import DaybookCore
import DaybookTestSupport
import Foundation
import Testing

/// Notes as the apps write them: an Obsidian vault's daily note (front matter, `#tags`, `[[links]]`, `![[embeds]]`),
/// a Logseq journal (an outline, `tags::`, `../assets/`), a jrnl folder journal's day file.
@Suite("Folders of daily notes: Obsidian, Logseq and jrnl notes read into entries, undated notes never guessed")
struct NotesFolderImportTests {
    let seoul = Fixtures.seoul
    let images = NotesFolderImages([
        ("Attachments/sunrise.jpg", "vault/Attachments/sunrise.jpg"),
        ("assets/image_1704412800000_0.png", "vault/assets/image_1704412800000_0.png"),
        ("Daily/pics/cat photo.png", "vault/Daily/pics/cat photo.png"),
    ])

    func read(_ text: String, _ path: String, role: NotesFolder.Role? = nil) -> ImportBatch {
        NotesFolderImport.read(
            Data(text.utf8), path: path, role: role ?? NotesFolder.role(of: path), images: images, timeZone: seoul)
    }

    func iso(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    @Test("where each file of a vault, a graph or a jrnl folder belongs")
    func roles() {
        #expect(NotesFolder.role(of: "Daily/2024-01-05.md") == .note)
        #expect(NotesFolder.role(of: "journals/2024_01_05.md") == .logseq)
        #expect(NotesFolder.role(of: "2020/08/29.txt") == .jrnl)
        #expect(NotesFolder.role(of: "2020/08/should-be-ignored.txt") == .note)
        #expect(NotesFolder.role(of: "assets/x.PNG") == .image)
        #expect(NotesFolder.role(of: ".obsidian/workspace.json") == .ignored)
        #expect(NotesFolder.role(of: "Daily/.trash/2024-01-01.md") == .ignored)
        #expect(NotesFolder.role(of: "logseq/bak/journals/2024_01_05/2024-01-06T10_00_00.000Z.Desktop.md") == .ignored)
        #expect(NotesFolder.role(of: "logseq/config.edn") == .ignored)
        #expect(NotesFolder.role(of: "Videos/walk.mp4") == .ignored)
        #expect(NotesFolder.day(fromName: "Daily/2024-01-05 Friday.md") == DayKey(string: "2024-01-05"))
        #expect(NotesFolder.day(fromName: "2024.02.30.md") == nil)
        #expect(NotesFolder.day(fromName: "Meeting 2024-01-05.md") == nil)
    }

    @Test("an Obsidian daily note: front matter, inline tags but not headings, code or links, images in place")
    func obsidian() {
        let note = """
            ---
            tags: [journal, "family"]
            aliases:
              - Friday
            ---
            # Friday #weekend
            Walked to the river with [[Mina]] and [[People/Jun|Jun]] #walk #family/kids #2024
            ![[sunrise.jpg]]
            ![[cat photo.png|300]] and ![a cat](pics/cat%20photo.png)
            See https://example.com/#anchor and `#code` too.
            ```
            #incode
            ```
            ![[missing.jpg]] ![[Other note]]
            """
        let batch = read(note, "Daily/2024-01-05.md")
        #expect(batch.entries.count == 1)
        let entry = batch.entries[0]
        #expect(entry.moment == iso("2024-01-05T12:00:00+09:00") && entry.title.isEmpty)
        #expect(entry.tags == ["journal", "family", "weekend", "walk", "family/kids"])
        let sunrise = "img-" + contentDigest("Attachments/sunrise.jpg")
        let cat = "img-" + contentDigest("Daily/pics/cat photo.png")
        #expect(
            entry.body == """
                ```yaml
                aliases:
                  - Friday
                ```

                # Friday #weekend
                Walked to the river with Mina and Jun #walk #family/kids #2024
                ![](photo:\(sunrise))
                ![](photo:\(cat)) and ![a cat](photo:\(cat))
                See https://example.com/#anchor and `#code` too.
                ```
                #incode
                ```
                ![[missing.jpg]] Other note
                """)
        #expect(batch.photos.map(\.sourceID) == [sunrise, cat])
        #expect(batch.photos.map(\.path) == ["vault/Attachments/sunrise.jpg", "vault/Daily/pics/cat photo.png"])
        #expect(
            batch.problems.map { "\($0.item): \($0.reason)" } == [
                "Daily/2024-01-05.md: missing.jpg: the image is not in the folder; the link stays as written"
            ])
    }

    @Test("the front matter's date and time win over no date in the name; a note with neither is named, not guessed")
    func dates() {
        let dated = read("---\ndate: 2023-12-31T22:15\ntags:\n  - '#late'\n---\nNew year's eve.", "Inbox/Party.md")
        #expect(dated.entries.first?.moment == iso("2023-12-31T22:15:00+09:00"))
        #expect(dated.entries.first?.tags == ["late"] && dated.entries.first?.body == "New year's eve.")
        let undated = read("# Recipes\nFlour, water.", "Recipes.md")
        #expect(undated.entries.isEmpty)
        #expect(
            undated.problems.map { "\($0.item): \($0.reason)" } == [
                "Recipes.md: neither its name (YYYY-MM-DD) nor its front matter (date:) gives a day; it is not imported"
            ])
        #expect(undated.problems.first?.kind == .entries)
        let latin1 = NotesFolderImport.read(
            Data([0x43, 0x61, 0x66, 0xE9]), path: "2024-01-02.md", role: .note, images: images, timeZone: seoul)
        #expect(latin1.entries.isEmpty && latin1.problems.first?.key == "import.problem.notUTF8")
    }

    @Test("a Logseq journal: the outline as written, tags:: and #[[two words]] as tags, ../assets images in place")
    func logseq() {
        let journal = """
            tags:: travel, [[Seoul trip]]
            mood:: good

            - Took the KTX to Busan #train
            \t- ![image.png](../assets/image_1704412800000_0.png){:height 240, :width 320}
            \t- Met #[[old friends]] at the market
            - TODO write postcards
            """
        let batch = read(journal, "journals/2024_01_05.md")
        let entry = batch.entries.first
        #expect(entry?.moment == iso("2024-01-05T12:00:00+09:00"))
        #expect(entry?.tags == ["travel", "Seoul trip", "train", "old friends"])
        let photo = "img-" + contentDigest("assets/image_1704412800000_0.png")
        #expect(
            entry?.body == """
                mood:: good

                - Took the KTX to Busan #train
                \t- ![image.png](photo:\(photo))
                \t- Met #old friends at the market
                - TODO write postcards
                """)
        #expect(batch.photos.map(\.sourceID) == [photo] && batch.problems.isEmpty)
    }

    @Test("a jrnl folder journal's day file: each entry of the file, on the file's day at its stamp's time")
    func jrnlFolder() {
        let day = """
            [2020-08-29 11:11:00 AM] Entry the first.
            Lorem @ipsum dolor sit amet. @tagone

            [2020-08-29 09:30 PM] Second entry *
            Evening.
            """
        let batch = read(day, "2020/08/29.txt")
        #expect(batch.entries.map(\.title) == ["Entry the first.", "Second entry"])
        #expect(batch.entries.map(\.moment) == [iso("2020-08-29T11:11:00+09:00"), iso("2020-08-29T21:30:00+09:00")])
        #expect(batch.entries.map(\.tags) == [["ipsum", "tagone"], []])
        #expect(batch.entries.map(\.starred) == [false, true])
        // The folder is what jrnl trusts for the day.
        let moved = read("[2020-08-28 08:00] Written late.", "2020/08/29.txt")
        #expect(moved.entries.first?.moment == iso("2020-08-29T08:00:00+09:00"))
    }

    @Test("links that climb out of the folder are never looked for")
    func outside() {
        let batch = read("![x](../../../etc/photo.png)", "journals/2024_01_06.md")
        #expect(batch.photos.isEmpty)
        #expect(batch.problems.map(\.key) == ["import.problem.outsideFolder"])
        #expect(batch.entries.first?.body == "![x](../../../etc/photo.png)")
    }

    @Test("a note of one long line of unclosed links, images and code marks is read in one pass")
    func longLine() {
        let line = String(repeating: "[[a ![b](c `d #e ", count: 20_000)
        let started = ContinuousClock.now
        let batch = read(line, "2024-01-07.md")
        #expect(batch.entries.first?.body == line.trimmingCharacters(in: .whitespaces))
        #expect(ContinuousClock.now - started < .seconds(30))
    }
}
