import DaybookCore
import DaybookTestSupport
import Foundation
import Testing

/// Day One's journal JSON as its export writes it.
@Suite("Day One: Markdown and richText, attachments, places, weather and each entry's own time zone")
struct DayOneImportTests {
    let localizer = Fixtures.localizer()

    func iso(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    @Test("every value of the Daily Notes journal, and a problem for each item that cannot come")
    func dailyNotes() throws {
        let batch = try DayOneImport.parse(
            Data(JournalExports.dayOneDailyNotes.utf8), journal: "Daily Notes", tag: "Daily Notes",
            timeZone: Fixtures.seoul, localizer: localizer)
        #expect(batch.entries.count == 2)
        let paris = batch.entries[0]
        #expect(paris.sourceID == "D1A0B0C0D0E0F0A1B2C3D4E5F6A7B8C9")
        #expect(paris.title == "Bastille Day")
        // Day One's escapes are gone; the backslashes the person typed stay.
        #expect(
            paris.body
                == #"Fireworks over the river. Tickets 3.50 €! Saved in C:\Users\mina and C:\Temp 🎆"#
                + "\n\n![](photo:P1A2B3C4D5E6F7A8B9C0D1E2F3A4B5C6)\n\n(video not imported)")
        #expect(paris.tags == ["Daily Notes", "travel", "France"])
        #expect(paris.starred)
        #expect(paris.moment == iso("2024-07-14T03:20:00Z") && paris.timeZone.identifier == "Europe/Paris")
        #expect(paris.place?.name == "Pont Neuf, Paris" && paris.place?.country == "FR")
        #expect(paris.place?.coordinate.latitude == 48.8566 && paris.place?.coordinate.longitude == 2.3522)
        #expect(paris.weather?.condition == .partlyCloudy && paris.weather?.temperature == 24.5)
        #expect(paris.weather?.wind == 11.2)

        // Only richText: its text, the header as the title, the photo linked and the PDF mentioned.
        let tokyo = batch.entries[1]
        #expect(tokyo.title == "朝の散歩")
        #expect(tokyo.body == "鴨川を歩いた。🦆 2 * 3 = 6\n![](photo:P2A2B3C4D5E6F7A8B9C0D1E2F3A4B5C6)\n(PDF not imported)")
        #expect(abs(tokyo.moment.timeIntervalSince(iso("2024-07-15T21:05:30Z")) - 0.25) < 0.001)
        #expect(tokyo.timeZone.identifier == "Asia/Tokyo")
        #expect(DayKey(date: tokyo.moment, timeZone: tokyo.timeZone) == DayKey(string: "2024-07-16"))
        #expect(tokyo.tags == ["Daily Notes"] && !tokyo.starred && tokyo.place == nil && tokyo.weather == nil)

        #expect(
            batch.photos == [
                .init(
                    sourceID: "P1A2B3C4D5E6F7A8B9C0D1E2F3A4B5C6", path: "photos/0123456789abcdef0123456789abcdef.jpeg",
                    entry: "Daily Notes, entry 1 (D1A0B0C0D0E0F0A1B2C3D4E5F6A7B8C9)"),
                .init(
                    sourceID: "P2A2B3C4D5E6F7A8B9C0D1E2F3A4B5C6", path: "photos/aa11aa11aa11aa11aa11aa11aa11aa11.jpeg",
                    entry: "Daily Notes, entry 2 (D2A0B0C0D0E0F0A1B2C3D4E5F6A7B8C9)"),
            ])
        #expect(
            batch.problems == [
                .init(
                    item:
                        "Daily Notes, entry 1 (D1A0B0C0D0E0F0A1B2C3D4E5F6A7B8C9): video videos/fedcba9876543210fedcba9876543210.mov",
                    reason: "not imported: Daybook keeps photos only", key: "import.problem.photosOnly"),
                .init(
                    item:
                        "Daily Notes, entry 2 (D2A0B0C0D0E0F0A1B2C3D4E5F6A7B8C9): PDF pdfs/bb22bb22bb22bb22bb22bb22bb22bb22.pdf",
                    reason: "not imported: Daybook keeps photos only", key: "import.problem.photosOnly"),
                .init(
                    item:
                        "Daily Notes, entry 3 (D3A0B0C0D0E0F0A1B2C3D4E5F6A7B8C9): audio recording audios/cc33cc33cc33cc33cc33cc33cc33cc33.m4a",
                    reason: "not imported: Daybook keeps photos only", key: "import.problem.photosOnly"),
                .init(
                    item: "Daily Notes, entry 3 (D3A0B0C0D0E0F0A1B2C3D4E5F6A7B8C9)", reason: "it is empty",
                    kind: .entries, key: "import.problem.empty"),
                .init(
                    item: "Daily Notes, entry 4 (D4A0B0C0D0E0F0A1B2C3D4E5F6A7B8C9)",
                    reason: "it has no creation date Daybook can read", kind: .entries,
                    key: "import.problem.noCreationDate"),
            ])
    }

    @Test("a Korean journal: places named in Japanese, the country from its name, the owner's zone when none")
    func kyoto() throws {
        let batch = try DayOneImport.parse(
            Data(JournalExports.dayOneKyoto.utf8), journal: "교토 여행", timeZone: Fixtures.seoul, localizer: localizer)
        #expect(batch.problems.isEmpty)
        #expect(batch.entries.map(\.title) == ["벚꽃", ""])
        #expect(
            batch.entries.map(\.body) == ["철학의 길을 걸었다. 🌸\n\n![](photo:P3A2B3C4D5E6F7A8B9C0D1E2F3A4B5C6)", "저녁은 라멘 🍜"])
        #expect(batch.entries.map(\.tags) == [["봄", "Kyoto"], []])
        #expect(batch.entries[0].place?.name == "哲学の道, 京都市" && batch.entries[0].place?.country == "JP")
        #expect(batch.entries[1].timeZone == Fixtures.seoul)
        #expect(batch.entries[1].moment == iso("2025-04-02T22:45:00+09:00"))
        // A photo missing from the archive is left out, and its link becomes a mention.
        var missing = batch
        DayOneImport.leavingOut(["P3A2B3C4D5E6F7A8B9C0D1E2F3A4B5C6"], from: &missing, localizer: localizer)
        #expect(missing.photos.isEmpty)
        #expect(missing.entries[0].body == "철학의 길을 걸었다. 🌸\n\n(photo missing from the export)")
    }

    @Test("escapes: only a backslash before punctuation goes; mentions are in the owner's language")
    func escapesAndMentions() throws {
        let json = ##"""
            {"entries": [{"uuid": "X", "creationDate": "2024-01-01T00:00:00Z", "timeZone": "Nowhere/Unknown",
              "text": "1\\. \\*Not\\* a list \\- \\#tag \\\\n \\n \\u00e9 end\\\\",
              "videos": [{"identifier": "VID", "md5": "ee55", "type": "mp4"}]},
             {"uuid": "Y", "creationDate": "2024-01-01T00:00:00Z", "text": "![](dayone-moment:/video/VID) ![](dayone-moment:/audio/AUD)"}]}
            """##
        let batch = try DayOneImport.parse(
            Data(json.utf8), timeZone: Fixtures.seoul, localizer: Fixtures.localizer(.korean))
        #expect(batch.entries[0].body == #"1. *Not* a list - #tag \n \n \u00e9 end\"#)
        #expect(batch.entries[0].timeZone == Fixtures.seoul)
        #expect(batch.entries[1].body == "(동영상은 가져오지 않음) (녹음은 가져오지 않음)")
        #expect(throws: ImportBatch.Problem.unknownVersion("2.0")) {
            try DayOneImport.parse(
                Data(#"{"metadata": {"version": "2.0"}, "entries": []}"#.utf8), localizer: localizer)
        }
        #expect(throws: ImportBatch.Problem.self) { try DayOneImport.parse(Data("[]".utf8), localizer: localizer) }
    }
}
