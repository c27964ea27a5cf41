import DaybookCore
import DaybookTestSupport
import Foundation
import GRDB
import Testing

@testable import DaybookStore

@Suite("Journal search in English, Korean, Japanese and Chinese")
struct JournalSearchTests {
    let journal = JournalFixture()

    /// The titles of what a search finds, best first.
    func titles(_ text: String, prefix: Bool = true, in database: AppDatabase) async throws -> [String] {
        try await database.search(JournalSearchQuery(text: text, matchesPrefix: prefix)).hits.map(\.entry.title)
    }

    @Test("Korean: 학교 finds 학교에 and 대학교, not 학생")
    func korean() async throws {
        let database = try await journal.database([
            ("등교", "오늘 학교에 일찍 갔다."), ("도서관", "대학교 도서관에서 공부했다."), ("친구", "학생 식당에서 점심."),
        ])
        #expect(Set(try await titles("학교", in: database)) == ["등교", "도서관"])
        #expect(try await titles("도서관에서", in: database) == ["도서관"])
    }

    @Test("Japanese: 東京 finds 東京で, 京都 finds 東京都 and 京都")
    func japanese() async throws {
        let database = try await journal.database([
            ("会議", "東京で会議があった。"), ("都庁", "東京都庁の展望台へ。"), ("旅", "京都の寺を歩いた。"),
        ])
        #expect(Set(try await titles("東京", in: database)) == ["会議", "都庁"])
        #expect(Set(try await titles("京都", in: database)) == ["都庁", "旅"])
        #expect(try await titles("東京都庁", in: database) == ["都庁"])
        #expect(try await titles("カフェ", in: database).isEmpty)
    }

    @Test("Chinese and one-character queries: 学 finds every entry with it, and only 学 is marked")
    func oneCharacter() async throws {
        let database = try await journal.database([
            ("学习", "我们在北京学习中文。"), ("大学", "大学的图书馆很安静。"), ("天气", "今天天气很好。"),
        ])
        let page = try await database.search(JournalSearchQuery(text: "学"))
        #expect(Set(page.hits.map(\.entry.title)) == ["学习", "大学"])
        for hit in page.hits {
            #expect(hit.snippet.matches.allSatisfy { $0 == "学" })
            #expect(!hit.snippet.matches.isEmpty)
        }
        #expect(try await titles("北京", in: database) == ["学习"])
        #expect(try await titles("图书馆", in: database) == ["大学"])
    }

    @Test("Latin text matches without case or accents, and the last word as a prefix while typing")
    func latin() async throws {
        let database = try await journal.database([
            ("Morning", "A flat white at the Café on the corner."), ("Evening", "Naïve plans for the weekend."),
        ])
        #expect(try await titles("cafe", in: database) == ["Morning"])
        #expect(try await titles("CAFÉ", in: database) == ["Morning"])
        #expect(try await titles("naive", in: database) == ["Evening"])
        #expect(try await titles("caf", in: database) == ["Morning"])
        #expect(try await titles("caf", prefix: false, in: database).isEmpty)
        #expect(try await titles("flat whi", in: database) == ["Morning"])
    }

    @Test("mixed scripts: Swift 공부 finds Korean text with an English word in it")
    func mixed() async throws {
        let database = try await journal.database([
            ("일기", "오늘은 Swift 공부를 했다. 東京 trip planning too."), ("메모", "공부만 했다."),
        ])
        #expect(try await titles("Swift 공부", in: database) == ["일기"])
        #expect(try await titles("swift공부", in: database) == ["일기"])
        #expect(try await titles("東京 trip", in: database) == ["일기"])
    }

    @Test("a match in the title ranks above one in the tags, which ranks above one in the body")
    func ranking() async throws {
        let database = try await Fixtures.database()
        try await journal.add(database, "Notes", "The lighthouse at dusk, and the lighthouse keeper.")
        try await journal.add(database, "Lighthouse", "A walk by the sea.")
        try await journal.add(database, "Walk", "By the sea again.", tags: ["lighthouse"])
        #expect(try await titles("lighthouse", in: database) == ["Lighthouse", "Walk", "Notes"])
    }

    @Test("snippets and titles come back with the matches marked, and no markup")
    func snippets() async throws {
        let long = (1...40).map { "word\($0)" }.joined(separator: " ") + " the harbour was quiet " + "tail words"
        let database = try await journal.database([("Harbour days", long)])
        let hit = try #require(try await database.search(JournalSearchQuery(text: "harbour")).hits.first)
        #expect(hit.title.parts == [HighlightedText.Part("Harbour", isMatch: true), HighlightedText.Part(" days")])
        #expect(hit.snippet.matches == ["harbour"])
        #expect(hit.snippet.plain.contains("the harbour was quiet"))
        #expect(hit.snippet.plain.hasPrefix("…"))
        #expect(!hit.snippet.plain.contains("\u{E000}"))

        let cjk = try await journal.database([("旅行", "昨日は東京都庁に行きました。")])
        let phrase = try #require(try await cjk.search(JournalSearchQuery(text: "東京都")).hits.first)
        #expect(phrase.snippet.matches == ["東京都"])
    }

    @Test("a snippet is a window around the matches, cut with … only where text was left out")
    func snippetWindow() async throws {
        let words = (1...60).map { "word\($0)" }.joined(separator: " ")
        let database = try await journal.database([
            ("Start", "Harbour lights at dawn. " + words), ("End", words + ". The harbour, at last!"),
            ("Short", "A harbour walk."), ("Both", words + " harbour " + words + " lights"),
        ])
        func snippet(_ text: String, _ title: String) async throws -> HighlightedText? {
            try await database.search(JournalSearchQuery(text: text)).hits.first { $0.entry.title == title }?.snippet
        }
        let start = try #require(try await snippet("harbour", "Start"))
        #expect(start.plain.hasPrefix("Harbour lights at dawn."))
        #expect(start.plain.hasSuffix("…"))
        // The match near the end: the window starts at its sentence and keeps the text's last punctuation.
        let end = try #require(try await snippet("harbour", "End"))
        #expect(end.plain == "…The harbour, at last!")
        #expect(end.matches == ["harbour"])
        #expect(try await snippet("harbour", "Short")?.plain == "A harbour walk.")
        // Two words far apart: the window holds the one found first; the other is not in it.
        let both = try #require(try await snippet("harbour lights", "Both"))
        #expect(both.matches == ["harbour"])
        #expect(both.plain.hasPrefix("…") && both.plain.hasSuffix("…"))
        // While typing, a word is marked whole where the typed part begins it.
        #expect(try await snippet("harb", "Short")?.matches == ["harbour"])
    }

    @Test("filters: tag, a range of days, starred")
    func filters() async throws {
        let database = try await Fixtures.database()
        try await journal.add(database, "Run one", "An easy run.", day: "2026-01-10", tags: ["Running"])
        try await journal.add(database, "Run two", "A long run.", day: "2026-02-10", tags: ["running"], starred: true)
        try await journal.add(database, "Run three", "A hill run.", day: "2026-03-10")
        func search(_ query: JournalSearchQuery) async throws -> Set<String> {
            Set(try await database.search(query).hits.map(\.entry.title))
        }
        #expect(try await search(JournalSearchQuery(text: "run")) == ["Run one", "Run two", "Run three"])
        #expect(try await search(JournalSearchQuery(text: "run", tag: "RUNNING")) == ["Run one", "Run two"])
        let february = DayKey(string: "2026-02-01")!...DayKey(string: "2026-03-31")!
        #expect(try await search(JournalSearchQuery(text: "run", days: february)) == ["Run two", "Run three"])
        #expect(try await search(JournalSearchQuery(text: "run", starredOnly: true)) == ["Run two"])
        #expect(try await search(JournalSearchQuery(text: "run", tag: "running", days: february)) == ["Run two"])
    }

    @Test("a word in very many entries lists them newest first, and best match first when asked")
    func commonWordsNewestFirst() async throws {
        let database = try await Fixtures.database()
        // "walk" is in the title of the oldest, so it would rank first; the others are newer, one a day.
        try await journal.add(database, "Walk", "A walk by the river.", day: "2026-01-01", tags: ["outside"])
        for day in 2...6 {
            try await journal.add(
                database, "Day \(day)", "An ordinary day with a short walk and an albatross of a meeting.",
                day: "2026-01-0\(day)", tags: day.isMultiple(of: 2) ? ["outside"] : [])
        }
        var query = JournalSearchQuery(text: "walk")
        query.commonMatches = 4
        let newest = try await database.search(query)
        #expect(newest.order == .newest && newest.isCommon)
        #expect(newest.hits.map(\.entry.title) == ["Day 6", "Day 5", "Day 4", "Day 3", "Day 2", "Walk"])
        #expect(newest.hits.allSatisfy { $0.snippet.matches == ["walk"] })

        query.limit = 2
        query.offset = 2
        #expect(try await database.search(query).hits.map(\.entry.title) == ["Day 4", "Day 3"])
        query.tag = "Outside"
        query.offset = 0
        query.limit = 20
        #expect(try await database.search(query).hits.map(\.entry.title) == ["Day 6", "Day 4", "Day 2", "Walk"])

        query.tag = nil
        query.order = .bestMatch
        let best = try await database.search(query)
        #expect(best.order == .bestMatch && best.isCommon)
        #expect(best.hits.first?.entry.title == "Walk")

        // Below the mark the best match comes first, as always.
        var usual = JournalSearchQuery(text: "walk")
        usual.commonMatches = 6
        let ranked = try await database.search(usual)
        #expect(ranked.order == .bestMatch && !ranked.isCommon)
        #expect(ranked.hits.first?.entry.title == "Walk")
        // A trashed entry is in neither order.
        #expect(try await database.moveToTrash(id: "entry-Day 6", at: journal.now))
        #expect(try await database.search(query).hits.map(\.entry.title).contains("Day 6") == false)
        query.order = .newest
        #expect(try await database.search(query).hits.first?.entry.title == "Day 5")
    }

    @Test("newest first, a word being typed still finds every word it begins, and only whole words when ended")
    func commonWordsWhileTyping() async throws {
        let database = try await Fixtures.database()
        try await journal.add(database, "Walks", "Two walks today.", day: "2026-01-01")
        try await journal.add(database, "Walking", "Walking home in the rain.", day: "2026-01-02")
        try await journal.add(database, "Walk", "A walk, then \"walkabout\" plans.", day: "2026-01-03")
        try await journal.add(database, "Wall", "Painted the wall.", day: "2026-01-04")
        func newest(_ text: String) async throws -> [String] {
            try await database.search(JournalSearchQuery(text: text, order: .newest)).hits.map(\.entry.title)
        }
        #expect(try await newest("walk") == ["Walk", "Walking", "Walks"])
        #expect(try await newest("walki") == ["Walking"])
        #expect(try await newest("wal") == ["Wall", "Walk", "Walking", "Walks"])
        #expect(try await newest("walk ") == ["Walk"])
        #expect(try await newest("rain walk") == ["Walking"])
        #expect(try await newest("walkabout") == ["Walk"])
    }

    @Test(
        "search syntax in what was typed is text: no query fails",
        arguments: [
            "\"", "\"unclosed", "*", "-", "-run", "title:run", "AND", "run AND", "OR run", "NOT", "(run", "run)",
            "NEAR(run walk)", "^run", "run*", "{title}: run", "a + b", "'", "\"\"\"", "   ", "", "🙂", "学\"",
        ])
    func syntaxIsText(_ text: String) async throws {
        let database = try await journal.database([("Run", "A run and a walk: rock and roll (title) \"quoted\".")])
        _ = try await database.search(JournalSearchQuery(text: text))
    }

    @Test("words that are search operators are searched as words")
    func operatorsAsWords() async throws {
        let database = try await journal.database([("Music", "Rock and roll all night."), ("Other", "Rock on.")])
        #expect(try await titles("rock AND roll", in: database) == ["Music"])
        #expect(try await titles("title:rock", in: database).isEmpty)
        #expect(try await titles("-rock", in: database).count == 2)
    }

    @Test("trashed entries never appear; restored ones come back")
    func trashHidden() async throws {
        let database = try await journal.database([("Kept", "Apricot jam."), ("Gone", "Apricot tart.")])
        let gone = try #require(try await database.search(JournalSearchQuery(text: "tart")).hits.first?.entry.id)
        #expect(try await database.moveToTrash(id: gone, at: journal.now))
        #expect(try await titles("apricot", in: database) == ["Kept"])
        #expect(try await database.restoreFromTrash(id: gone))
        #expect(Set(try await titles("apricot", in: database)) == ["Kept", "Gone"])
    }

    @Test("an edit is searchable at once and its old words are gone")
    func editReindexes() async throws {
        let database = try await Fixtures.database()
        let entry = try await journal.add(database, "Trip", "Packing for Busan.")
        _ = try await database.updateEntry(
            id: entry.id, try journal.content("Trip", "Packing for 부산 and Jeju."),
            plainText: "Packing for 부산 and Jeju.",
            revision: entry.revision, at: journal.now)
        #expect(try await titles("busan", in: database).isEmpty)
        #expect(try await titles("부산", in: database) == ["Trip"])
        #expect(try await titles("jeju", in: database) == ["Trip"])
    }

    @Test("a save that fails leaves no entry and no index row")
    func failedSaveLeavesNothing() async throws {
        let database = try await Fixtures.database()
        // The tags are written after the entry and its index row; make that last write fail.
        try await database.writer.write { db in
            try db.execute(
                sql: """
                    CREATE TEMP TRIGGER failingTag BEFORE INSERT ON journalTag
                    BEGIN SELECT RAISE(ABORT, 'disk full'); END
                    """)
        }
        await #expect(throws: (any Error).self) {
            try await journal.add(database, "Lost", "Quince paste.", tags: ["food"])
        }
        #expect(try await database.entries(JournalListQuery()).entries.isEmpty)
        let indexed = try await database.writer.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM journalSearch_docsize")
        }
        #expect(indexed == 0)
        #expect(try await titles("quince", in: database).isEmpty)
    }

    @Test("an index built by another tokenizer version is dropped and rebuilt when the database opens")
    func tokenizerVersionRebuilds() async throws {
        var configuration = AppDatabase.makeConfiguration()
        configuration.prepareDatabase { db in db.add(tokenizer: RetiredTokenizer.self) }
        let queue = try DatabaseQueue(configuration: configuration)
        let database = try AppDatabase(queue)
        try await journal.add(database, "Seoul", "서울 여행")
        // What an older version left: its own (here empty) index, built with its tokenizer.
        try await queue.write { db in
            try db.execute(
                sql: """
                    DROP TABLE journalSearch;
                    CREATE VIRTUAL TABLE journalSearch USING fts5(title, plainText, tags, content='journalEntry',
                      content_rowid='number', tokenize='daybook0');
                    UPDATE searchIndex SET tokenizer = 'daybook0';
                    """)
        }
        #expect(try await database.search(JournalSearchQuery(text: "서울")).hits.isEmpty)

        let reopened = try AppDatabase(queue)
        #expect(try await titles("서울", in: reopened) == ["Seoul"])
        let (version, definition) = try await queue.read { db in
            (
                try String.fetchOne(db, sql: "SELECT tokenizer FROM searchIndex"),
                try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = 'journalSearch'") ?? ""
            )
        }
        #expect(version == SearchTokenizer.name)
        #expect(definition.contains(SearchTokenizer.name))
    }

    @Test("the index survives reopening a database file, through every connection of the pool")
    func fileDatabase() async throws {
        let folder = Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await journal.add(try AppDatabase.open(folder: folder), "Kyoto", "京都で抹茶。")
        let reopened = try AppDatabase.open(folder: folder)
        #expect(try await titles("抹茶", in: reopened) == ["Kyoto"])
    }
}

/// A tokenizer of an earlier version, as `SearchTokenizer.retired` keeps them.
private final class RetiredTokenizer: SearchTokenizer {
    override class var name: String { "daybook0" }
}
