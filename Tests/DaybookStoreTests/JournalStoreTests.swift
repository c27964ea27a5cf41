import DaybookCore
import DaybookTestSupport
import Foundation
import GRDB
import Testing

@testable import DaybookStore

@Suite("Journal entries in SQLite")
struct JournalStoreTests {
    let journal = JournalFixture()

    @Test("an entry comes back as saved, with its words counted and revision 1")
    func roundTrip() async throws {
        let database = try await Fixtures.database()
        let saved = try await journal.add(
            database, "First snow", "Snow on the roofs. 雪が降った。", tags: ["Winter", "walks"], starred: true,
            cover: "photo-1")
        let stored = try #require(try await database.entry(id: saved.id))
        #expect(stored == saved)
        #expect(stored.title == "First snow")
        #expect(stored.tags == ["Winter", "walks"])
        #expect(stored.wordCount == 4 + 5)
        #expect(stored.revision == 1)
        #expect(stored.day == DayKey(string: "2026-11-21"))
        #expect(stored.timeZone == "Asia/Seoul")
        #expect(stored.coverPhotoID == "photo-1")
        await #expect(throws: JournalStoreError.duplicateID) {
            try await journal.add(database, "First snow", "again")
        }
    }

    @Test("a save from a stale revision is refused with the current entry, and nothing is written")
    func revisionConflict() async throws {
        let database = try await Fixtures.database()
        let first = try await journal.add(database, "Draft", "One.")
        let second = try await database.updateEntry(
            id: first.id, try journal.content("Draft", "Two."), plainText: "Two.", revision: 1,
            at: journal.now.addingTimeInterval(60))
        #expect(second.revision == 2)
        #expect(second.updatedAt == journal.now.addingTimeInterval(60))
        #expect(second.createdAt == first.createdAt)

        await #expect(throws: JournalStoreError.conflict(current: second)) {
            try await database.updateEntry(
                id: first.id, try journal.content("Draft", "Three."), plainText: "Three.", revision: 1,
                at: journal.now.addingTimeInterval(120))
        }
        #expect(try await database.entry(id: first.id)?.body == "Two.")
        #expect(try await database.search(JournalSearchQuery(text: "three")).hits.isEmpty)
        await #expect(throws: JournalStoreError.notFound) {
            try await database.updateEntry(
                id: "missing", try journal.content("X", "Y"), plainText: "Y", revision: 1, at: journal.now)
        }
    }

    @Test("trash: hidden from lists and tags, restored whole, emptied for good")
    func trashAndRestore() async throws {
        let database = try await Fixtures.database()
        try await journal.add(database, "Keep", "Stays.", tags: ["home"])
        let gone = try await journal.add(database, "Toss", "Goes.", time: "10:00", tags: ["home", "misc"])
        #expect(try await database.moveToTrash(id: gone.id, at: journal.now))
        #expect(try await !database.moveToTrash(id: gone.id, at: journal.now))
        #expect(try await database.entries(JournalListQuery()).entries.map(\.title) == ["Keep"])
        #expect(try await database.tagCounts() == [JournalTagCount(tag: "home", count: 1)])
        #expect(try await database.trashedEntries().map(\.title) == ["Toss"])
        #expect(try await database.entry(id: gone.id)?.deletedAt == journal.now)
        await #expect(throws: JournalStoreError.notFound) {
            try await database.updateEntry(
                id: gone.id, try journal.content("Toss", "Edit."), plainText: "Edit.", revision: 1, at: journal.now)
        }

        #expect(try await database.restoreFromTrash(id: gone.id))
        #expect(try await database.entries(JournalListQuery()).entries.map(\.title) == ["Toss", "Keep"])
        #expect(try await database.entries(JournalListQuery(tag: "misc")).entries.map(\.title) == ["Toss"])
        #expect(try await database.trashedEntries().isEmpty)

        #expect(try await database.moveToTrash(id: gone.id, at: journal.now))
        #expect(try await database.emptyTrash() == 1)
        #expect(try await database.entry(id: gone.id) == nil)
        #expect(try await database.entries(JournalListQuery()).entries.map(\.title) == ["Keep"])
    }

    @Test("purge deletes only what was trashed more than 30 days before now")
    func purgeAfterThirtyDays() async throws {
        let database = try await Fixtures.database()
        let day: TimeInterval = 86_400
        let old = try await journal.add(database, "Old", "Trashed long ago.")
        let recent = try await journal.add(database, "Recent", "Trashed lately.")
        #expect(try await database.moveToTrash(id: old.id, at: journal.now))
        #expect(try await database.moveToTrash(id: recent.id, at: journal.now.addingTimeInterval(20 * day)))
        #expect(try await database.purgeTrash(now: journal.now.addingTimeInterval(29 * day)) == 0)
        #expect(try await database.purgeTrash(now: journal.now.addingTimeInterval(31 * day)) == 1)
        #expect(try await database.trashedEntries().map(\.title) == ["Recent"])
        #expect(try await database.entry(id: old.id) == nil)
    }

    @Test("keyset paging walks every entry once, newest first, also with a tag or starred")
    func keysetPaging() async throws {
        let database = try await Fixtures.database()
        for n in 0..<25 {
            // Pairs share a moment: the id breaks the tie.
            try await journal.add(
                database, "Entry \(n)", "Text \(n).", day: "2026-11-\(String(format: "%02d", 1 + n / 2))",
                tags: n % 3 == 0 ? ["Third"] : [], starred: n % 5 == 0, id: String(format: "e%02d", n))
        }
        func walk(_ query: JournalListQuery) async throws -> [String] {
            var ids: [String] = []
            var query = query
            while true {
                let page = try await database.entries(query)
                ids += page.entries.map(\.id)
                guard let next = page.next else { return ids }
                #expect(page.entries.count == query.limit)
                query.after = next
            }
        }
        let all = try await walk(JournalListQuery(limit: 10))
        let expected = (0..<25).map { String(format: "e%02d", $0) }.sorted { a, b in
            let (x, y) = (Int(a.dropFirst())! / 2, Int(b.dropFirst())! / 2)
            return x != y ? x > y : a > b
        }
        #expect(all == expected)
        #expect(
            try await walk(JournalListQuery(tag: "third", limit: 3))
                == expected.filter { Int($0.dropFirst())! % 3 == 0 })
        #expect(
            try await walk(JournalListQuery(starredOnly: true, limit: 2))
                == expected.filter { Int($0.dropFirst())! % 5 == 0 })
        #expect(try await walk(JournalListQuery(tag: "third", starredOnly: true, limit: 1)) == ["e15", "e00"])

        let cursor = JournalCursor(moment: journal.now, id: "e01")
        #expect(JournalCursor(text: cursor.description) == cursor)
    }

    @Test("tags count live entries, one tag however it is capitalized")
    func tagCounts() async throws {
        let database = try await Fixtures.database()
        try await journal.add(database, "A", "a", tags: ["Travel", "food"])
        try await journal.add(database, "B", "b", tags: ["travel"])
        try await journal.add(database, "C", "c", tags: ["TRAVEL", "Books"])
        let counts = try await database.tagCounts()
        #expect(counts.map(\.count) == [3, 1, 1])
        #expect(counts.first.map { JournalTags.key($0.tag) } == "travel")
        #expect(counts.dropFirst().map(\.tag) == ["Books", "food"])
    }

    @Test("tag counts follow every edit, trash, restore and emptied trash, as if counted again each time")
    func tagCountsKeptCurrent() async throws {
        let database = try await Fixtures.database()
        func counted() async throws -> [String: Int] {
            Dictionary(uniqueKeysWithValues: try await database.tagCounts().map { ($0.tag, $0.count) })
        }
        let a = try await journal.add(database, "A", "a", tags: ["travel", "Food"])
        try await journal.add(database, "B", "b", tags: ["Travel"])
        try await journal.add(database, "C", "c", tags: ["travel", "books"])
        #expect(try await counted() == ["Travel": 3, "Food": 1, "books": 1])
        // The spelling shown is the first in sort order; when its last entry loses it, the next one shows.
        let b = try #require(try await database.entry(id: "entry-B"))
        _ = try await database.updateEntry(
            id: b.id, try journal.content("B", "b", tags: ["walks"]), plainText: "b", revision: b.revision,
            at: journal.now)
        #expect(try await counted() == ["travel": 2, "Food": 1, "books": 1, "walks": 1])
        #expect(try await database.moveToTrash(id: a.id, at: journal.now))
        #expect(try await counted() == ["travel": 1, "books": 1, "walks": 1])
        #expect(try await database.restoreFromTrash(id: a.id))
        #expect(try await counted() == ["travel": 2, "Food": 1, "books": 1, "walks": 1])
        #expect(try await database.moveToTrash(id: "entry-C", at: journal.now))
        #expect(try await database.emptyTrash() == 1)
        #expect(try await counted() == ["travel": 1, "Food": 1, "walks": 1])
    }

    @Test("a calendar month: entries per day, the newest cover, and the days with a Daily Log")
    func calendarMonth() async throws {
        let database = try await Fixtures.database()
        try await journal.add(database, "Morning", "m", day: "2026-11-03", time: "08:00", cover: "p-old")
        try await journal.add(database, "Evening", "e", day: "2026-11-03", time: "20:00", cover: "p-new")
        try await journal.add(database, "Late", "l", day: "2026-11-03", time: "23:00")
        try await journal.add(database, "Other month", "o", day: "2026-12-01")
        try await database.saveLog(
            DailyLog(day: DayKey(string: "2026-11-03")!, mood: 4, updatedAt: journal.now))
        try await database.saveLog(
            DailyLog(day: DayKey(string: "2026-11-09")!, reflection: "Quiet.", updatedAt: journal.now))
        let days = try await database.calendarDays(
            from: DayKey(string: "2026-11-01")!, through: DayKey(string: "2026-11-30")!)
        #expect(
            days == [
                JournalDay(day: DayKey(string: "2026-11-03")!, entryCount: 3, coverPhotoID: "p-new", hasDailyLog: true),
                JournalDay(day: DayKey(string: "2026-11-09")!, entryCount: 0, coverPhotoID: nil, hasDailyLog: true),
            ])
    }

    @Test("on this day: the same date in earlier years, newest first, not this year's")
    func onThisDay() async throws {
        let database = try await Fixtures.database()
        try await journal.add(database, "2025", "a", day: "2025-11-21")
        try await journal.add(database, "2019", "b", day: "2019-11-21")
        try await journal.add(database, "2024 other day", "c", day: "2024-11-20")
        try await journal.add(database, "Today", "d", day: "2026-11-21")
        let trashed = try await journal.add(database, "2022", "e", day: "2022-11-21")
        _ = try await database.moveToTrash(id: trashed.id, at: journal.now)
        let titles = try await database.entriesOnThisDay(DayKey(string: "2026-11-21")!, limit: 10).map(\.title)
        #expect(titles == ["2025", "2019"])
    }

    @Test("one snapshot answers the journal's questions")
    func snapshot() async throws {
        let database = try await Fixtures.database()
        try await journal.add(database, "Seen", "Through a snapshot.", tags: ["one"])
        let (titles, tags, hits) = try await database.read(splittingDaysIn: Fixtures.seoul) { store in
            (
                try store.journalEntries(JournalListQuery()).entries.map(\.title),
                try store.journalTagCounts().map(\.tag),
                try store.searchJournal(JournalSearchQuery(text: "snapshot")).hits.count
            )
        }
        #expect(titles == ["Seen"])
        #expect(tags == ["one"])
        #expect(hits == 1)
    }
}
