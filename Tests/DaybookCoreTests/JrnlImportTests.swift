import DaybookCore
import DaybookTestSupport
import Foundation
import Testing

/// jrnl's files as jrnl writes them: its text journal in each `timeformat`, its JSON export, and encrypted files.
@Suite("jrnl: text journals in every date format, the JSON export, and encrypted journals refused")
struct JrnlImportTests {
    let seoul = Fixtures.seoul

    func iso(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    func parse(_ text: String) throws -> ImportBatch {
        try JrnlImport.parse(Data(text.utf8), name: "journal.txt", timeZone: seoul)
    }

    @Test("the default format with a BOM and CRLF: titles, bodies, tags, stars and times as jrnl shows them")
    func defaultFormat() throws {
        let batch = try JrnlImport.parse(JournalExports.jrnlDefault, name: "journal.txt", timeZone: seoul)
        #expect(batch.entries.count == 4)
        #expect(
            batch.entries.map(\.title) == [
                "Morning walk by the river. The water was high. @walk", "Finished the book!", "一行だけ。",
                "Starred the way people type it 🎉",
            ])
        #expect(
            batch.entries.map(\.body) == [
                "Saw two herons by the @river.", "@reading @Café @読書 @일기 me@example.com", "次の文 @日記",
                "[not a date] stays in the body",
            ])
        #expect(batch.entries.map(\.tags) == [["walk", "river"], ["reading", "café", "読書", "일기"], ["日記"], []])
        #expect(batch.entries.map(\.starred) == [false, true, false, true])
        #expect(
            batch.entries.map(\.moment) == [
                iso("2024-03-01T08:15:00+09:00"), iso("2024-03-02T21:40:00+09:00"), iso("2024-03-03T07:00:00+09:00"),
                iso("2024-03-04T10:00:00+09:00"),
            ])
        #expect(batch.entries.allSatisfy { $0.timeZone == seoul })
        #expect(
            batch.problems == [
                .init(
                    item: "journal.txt, line 8", reason: "its date “2024-02-30 10:00” is not a date", kind: .entries,
                    key: "import.problem.notADay", arguments: ["2024-02-30 10:00"])
            ])
        // The same file gives the same ids: a second import finds them.
        #expect(
            try JrnlImport.parse(JournalExports.jrnlDefault, timeZone: seoul).entries.map(\.sourceID)
                == batch.entries.map(\.sourceID))
        #expect(Set(batch.entries.map(\.sourceID)).count == 4)
    }

    @Test("12-hour times with AM and PM, seconds, and slashes with the year first")
    func twelveHourAndSeconds() throws {
        let batch = try parse(
            "[2013-06-09 03:39 PM] Afternoon tea.\n\n[2013-06-10 12:05 AM] Midnight snack.\n\n"
                + "[2013-06-10 12:30 pm] Lunch.\n")
        #expect(batch.problems.isEmpty)
        #expect(batch.entries.map(\.title) == ["Afternoon tea.", "Midnight snack.", "Lunch."])
        #expect(
            batch.entries.map(\.moment) == [
                iso("2013-06-09T15:39:00+09:00"), iso("2013-06-10T00:05:00+09:00"), iso("2013-06-10T12:30:00+09:00"),
            ])
        let slashes = try parse("[2020/03/04 09:00:30] Seconds kept.\n[2020/03/05 23:59:59] Late.\n")
        #expect(slashes.problems.isEmpty)
        #expect(slashes.entries.map(\.moment) == [iso("2020-03-04T09:00:30+09:00"), iso("2020-03-05T23:59:59+09:00")])
    }

    @Test("day-first dates with dots, and two-digit years")
    func dayFirst() throws {
        let batch = try parse("[09.06.2013 15:39] Erster Eintrag.\nText.\n\n[13.06.2013 08:00] Zweiter Eintrag.\n")
        #expect(batch.problems.isEmpty)
        #expect(batch.entries.map(\.title) == ["Erster Eintrag.", "Zweiter Eintrag."])
        #expect(batch.entries.map(\.body) == ["Text.", ""])
        #expect(batch.entries.map(\.moment) == [iso("2013-06-09T15:39:00+09:00"), iso("2013-06-13T08:00:00+09:00")])
        let short = try parse("[24.12.99 18:00] Heiligabend.\n\n[01.01.00 00:10] Neujahr.\n")
        #expect(short.entries.map(\.moment) == [iso("1999-12-24T18:00:00+09:00"), iso("2000-01-01T00:10:00+09:00")])
    }

    @Test("slash dates: the reading that keeps every date real and in order; when none decides, a problem says so")
    func ambiguousSlashes() throws {
        // Month first would put 5 January after 2 March: day first it is.
        let ordered = try parse("[05/01/2020 09:00] One.\n\n[02/03/2020 09:00] Two.\n")
        #expect(ordered.problems.isEmpty)
        #expect(ordered.entries.map(\.moment) == [iso("2020-01-05T09:00:00+09:00"), iso("2020-03-02T09:00:00+09:00")])
        // 13 can only be a day in month-first order's second place.
        let american = try parse("[03/13/2020 09:00] Friday.\n")
        #expect(american.entries.map(\.moment) == [iso("2020-03-13T09:00:00+09:00")] && american.problems.isEmpty)
        // Both readings are real and in order: month first, and the import says so.
        let ambiguous = try parse("[03/04/2020 09:00] A.\n\n[03/05/2020 09:00] B.\n")
        #expect(
            ambiguous.entries.map(\.moment) == [iso("2020-03-04T09:00:00+09:00"), iso("2020-03-05T09:00:00+09:00")])
        #expect(ambiguous.problems.count == 1)
        #expect(ambiguous.problems.first?.item == "journal.txt")
        #expect(ambiguous.problems.first?.reason.contains("03/04/2020 09:00") == true)
        #expect(ambiguous.problems.first?.reason.contains("month first") == true)
    }

    @Test("jrnl 1.x's stamps without brackets; a file with no entry is a problem; an empty file is nothing")
    func legacyAndEmpty() throws {
        let legacy = try parse("2012-04-01 09:00 Old style title.\nbody line\n2012-04-02 10:30 Second one *\n")
        #expect(legacy.entries.map(\.title) == ["Old style title.", "Second one"])
        #expect(legacy.entries.map(\.body) == ["body line", ""])
        #expect(legacy.entries.map(\.starred) == [false, true])
        let none = try parse("Just some notes\nwithout any date.\n")
        #expect(none.entries.isEmpty && none.problems.map(\.item) == ["journal.txt"])
        let empty = try parse("\u{FEFF}\n\n")
        #expect(empty.entries.isEmpty && empty.problems.isEmpty)
        let blank = try parse("[2024-01-01 09:00] \n\n[2024-01-02 09:00] Real.\n")
        #expect(blank.entries.map(\.title) == ["Real."])
        #expect(
            blank.problems == [
                .init(item: "journal.txt, line 1", reason: "it is empty", kind: .entries, key: "import.problem.empty")
            ])
    }

    @Test("tags start with @ or #, as jrnl's own configuration sets them; a heading's # or a # in a word is no tag")
    func hashTags() throws {
        let batch = try parse("[2025-03-01 08:15] Trip #Travel to 부산 @family.\n# Day one\nC# and issue#4 #여행 #3\n")
        #expect(batch.entries.map(\.tags) == [["travel", "family", "여행", "3"]])
    }

    @Test("every kind of line break starts a new line, and tags after any of them or a wide space still count")
    func lineBreaks() throws {
        let breaks = ["\n", "\r\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"]
        for lineBreak in breaks {
            let text = ["[2025-03-01 08:15] Walk.", "By the river @café", "#morning\u{3000}#冬 e#no #️⃣keycap", ""]
                .joined(separator: lineBreak)
            let batch = try parse(text)
            #expect(batch.entries.count == 1, "\(lineBreak.unicodeScalars.map(\.value))")
            #expect(batch.entries.first?.tags == ["café", "morning", "冬"], "\(lineBreak.unicodeScalars.map(\.value))")
            #expect(batch.entries.first?.body == "By the river @café\n#morning\u{3000}#冬 e#no #️⃣keycap")
        }
        let starred = try parse("[2025-03-01 08:15] Walk *\r\nBy the river.\r\n[2025-03-02 09:00] Rest.\u{2028}Quiet.")
        #expect(starred.entries.map(\.title) == ["Walk", "Rest."])
        #expect(starred.entries.map(\.starred) == [true, false])
        #expect(starred.entries.map(\.body) == ["By the river.", "Quiet."])
    }

    @Test("the JSON export: titles, bodies, tags without their @, stars, uuids; a broken date is a named problem")
    func json() throws {
        let batch = try JrnlImport.parse(JournalExports.jrnlJSON, name: "journal.json", timeZone: seoul)
        #expect(batch.entries.count == 2)
        #expect(batch.entries.map(\.title) == ["Standup.", "주간 회의"])
        #expect(batch.entries.map(\.body) == ["Talked about the release @work.", ""])
        #expect(batch.entries.map(\.tags) == [["work"], ["work", "회의"]])
        #expect(batch.entries.map(\.starred) == [true, false])
        #expect(batch.entries.map(\.moment) == [iso("2025-01-06T09:30:00+09:00"), iso("2025-01-07T14:05:00+09:00")])
        #expect(batch.entries[1].sourceID == "8C5B1A40F6A84B7E9B0F5C7D1E2A3B4C")
        #expect(
            batch.problems == [
                .init(
                    item: "journal.json, entry 3", reason: "its date “07/01/2025 10:00” is not YYYY-MM-DD HH:MM",
                    kind: .entries, key: "import.problem.jrnlDate", arguments: ["07/01/2025 10:00"])
            ])
        #expect(throws: ImportBatch.Problem.self) {
            try JrnlImport.parse(Data(#"{"other": []}"#.utf8), timeZone: seoul)
        }
    }

    @Test("encrypted journals are refused, never read as one garbled entry")
    func encrypted() throws {
        for file in [
            JournalExports.jrnlFernet, JournalExports.jrnlAES, Data("JRNLv3".utf8) + JournalExports.jrnlAES,
            Data("\n  ".utf8) + JournalExports.jrnlFernet,
        ] {
            #expect(throws: ImportBatch.Problem.encryptedJrnl) { try JrnlImport.parse(file, timeZone: seoul) }
        }
        #expect(ImportBatch.Problem.encryptedJrnl.description.contains("jrnl --decrypt"))
        // Bytes that are no text, but no whole AES blocks either, are simply unreadable.
        #expect(throws: ImportBatch.Problem.unreadable("it is not UTF-8 text")) {
            try JrnlImport.parse(JournalExports.jrnlAES.prefix(33), timeZone: seoul)
        }
    }

    /// Where a test writes the journal it reads from its file: `journal.txt` in a new folder of its own.
    func journalFile() throws -> URL {
        let folder = Fixtures.temporaryFolder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent("journal.txt")
    }

    @Test("a journal read from its file a few bytes at a time gives exactly the entries and problems of its whole text")
    func readFromItsFile() throws {
        let file = try journalFile()
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        var journals: [Data] = [
            JournalExports.jrnlDefault,
            Data("2012-04-01 09:00 Old style title.\nbody line\n2012-04-02 10:30 Second one *\n".utf8),
            Data("Just some notes\nwithout any date.\n".utf8), Data("\u{FEFF}\n\n".utf8), Data(),
            Data("[03/04/2020 09:00] One.\n[05/06/2020 09:00] Two.\n".utf8),
            Data("[2024-01-01 09:00] \n\n[2024-01-02 09:00] Real.\r".utf8),
            Data("[2025-03-01 08:15] Walk *\r\nBy the river.\r\n[2025-03-02 09:00] Rest.\u{2028}Quiet.\u{85}@늦잠".utf8),
        ]
        for lineBreak in ["\n", "\r\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"] {
            journals.append(
                Data(
                    ["[2025-03-01 08:15] Walk.", "By the river @café", "[2025-03-02 07:00] 朝。", "#冬", ""]
                        .joined(separator: lineBreak).utf8))
        }
        for journal in journals {
            let whole = try JrnlImport.parse(journal, name: "journal.txt", timeZone: seoul)
            try journal.write(to: file)
            for pieces in [1, 2, 3, 5, 1 << 20] {
                let stream = try #require(
                    try JrnlTextFile.open(file, name: "journal.txt", timeZone: seoul, pieces: pieces))
                let read = try stream.collected()
                let what = "\(String(decoding: journal.prefix(30), as: UTF8.self).debugDescription), \(pieces)"
                #expect(read.entries == whole.entries, "\(what)")
                #expect(read.problems == whole.problems, "\(what)")
            }
        }
    }

    @Test("a journal file that is not text is refused before anything is read from it; JSON and Fernet are read whole")
    func fileRefusedWhole() throws {
        let file = try journalFile()
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        func open(_ data: Data) throws -> JrnlTextFile? {
            try data.write(to: file)
            return try JrnlTextFile.open(file, name: "journal.txt", timeZone: seoul, pieces: 7)
        }
        var damaged = Data(String(repeating: "[2025-03-01 08:15] A walk by the river.\n", count: 200).utf8)
        damaged[damaged.count - 10] = 0xFF
        #expect(throws: ImportBatch.Problem.unreadable("it is not UTF-8 text")) { try open(damaged) }
        #expect(throws: ImportBatch.Problem.encryptedJrnl) { try open(JournalExports.jrnlAES) }
        #expect(try open(JournalExports.jrnlFernet) == nil)
        #expect(try open(JournalExports.jrnlJSON) == nil)
        #expect(try open(Data("JRNLv3".utf8) + JournalExports.jrnlAES) == nil)
    }
}
