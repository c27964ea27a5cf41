import DaybookCore
import DaybookTestSupport
import Foundation
import Testing

@Suite("Journal drafts: limits and typed problems")
struct JournalDraftTests {
    let now = Date(timeIntervalSince1970: 1_795_230_000.75)  // 2026-11-21 12:00:00.75 in Seoul
    let seoul = Fixtures.seoul

    func problems(_ draft: JournalEntryDraft) -> [JournalField: JournalProblem] {
        do {
            _ = try draft.validated(now: now, timeZone: seoul)
            return [:]
        } catch {
            return error.problems
        }
    }

    @Test("an entry needs a title, a body or a photo")
    func emptyIsRefused() throws {
        #expect(problems(JournalEntryDraft()) == [.body: .empty])
        #expect(problems(JournalEntryDraft(title: "  ", body: " \n\t ")) == [.body: .empty])
        #expect(problems(JournalEntryDraft(title: "Title only")).isEmpty)
        #expect(problems(JournalEntryDraft(body: "Body only")).isEmpty)
        #expect(problems(JournalEntryDraft(coverPhotoID: "photo-1")).isEmpty)
    }

    @Test("title up to 200 characters, counted as people count them")
    func titleLimit() {
        #expect(problems(JournalEntryDraft(title: String(repeating: "가", count: 200))).isEmpty)
        #expect(problems(JournalEntryDraft(title: String(repeating: "👍🏽", count: 200))).isEmpty)
        #expect(
            problems(JournalEntryDraft(title: String(repeating: "a", count: 201))) == [
                .title: .titleTooLong(limit: 200)
            ])
    }

    @Test("body up to 1 MiB of UTF-8")
    func bodyLimit() {
        let limit = JournalEntry.Limits.bodyBytes
        #expect(problems(JournalEntryDraft(body: String(repeating: "a", count: limit))).isEmpty)
        #expect(
            problems(JournalEntryDraft(body: String(repeating: "a", count: limit + 1)))
                == [.body: .bodyTooLong(limitBytes: limit)])
        // Three bytes a character: a third of the limit in characters is already too much.
        #expect(
            problems(JournalEntryDraft(body: String(repeating: "学", count: limit / 3 + 1)))
                == [.body: .bodyTooLong(limitBytes: limit)])
    }

    @Test("tags are trimmed and unique ignoring case, 1–40 characters, at most 20, no commas or line breaks")
    func tags() throws {
        let content = try JournalEntryDraft(title: "T", tags: [" Travel ", "travel", "TRAVEL", "여행"])
            .validated(now: now, timeZone: seoul)
        #expect(content.tags == ["Travel", "여행"])
        #expect(problems(JournalEntryDraft(title: "T", tags: ["  "])) == [.tags: .tagLength(1...40)])
        #expect(
            problems(JournalEntryDraft(title: "T", tags: [String(repeating: "x", count: 41)])) == [
                .tags: .tagLength(1...40)
            ])
        #expect(problems(JournalEntryDraft(title: "T", tags: [String(repeating: "x", count: 40)])).isEmpty)
        #expect(problems(JournalEntryDraft(title: "T", tags: ["a,b"])) == [.tags: .tagCharacters])
        #expect(problems(JournalEntryDraft(title: "T", tags: ["a\nb"])) == [.tags: .tagCharacters])
        let twenty = (1...20).map { "tag\($0)" }
        #expect(problems(JournalEntryDraft(title: "T", tags: twenty)).isEmpty)
        #expect(problems(JournalEntryDraft(title: "T", tags: twenty + ["TAG1"])).isEmpty)
        #expect(problems(JournalEntryDraft(title: "T", tags: twenty + ["more"])) == [.tags: .tooManyTags(limit: 20)])
    }

    @Test("dates: local, with an offset, or a day; the day falls in the owner's time zone")
    func dates() throws {
        func content(_ date: String?) throws -> JournalEntryContent {
            try JournalEntryDraft(title: "T", date: date).validated(now: now, timeZone: seoul)
        }
        let local = try content("2026-03-01T07:30")
        #expect(local.moment == Date(timeIntervalSince1970: 1_772_317_800))
        #expect(local.day == DayKey(string: "2026-03-01"))
        #expect(local.timeZone == "Asia/Seoul")
        // 23:30 in London on Feb 28th is the morning of March 1st in Seoul.
        let offset = try content("2026-02-28T23:30:00+00:00")
        #expect(offset.day == DayKey(string: "2026-03-01"))
        #expect(try content("2026-02-28T23:30:00Z").moment == offset.moment)
        // What a browser's `toISOString()` sends.
        #expect(try content("2026-02-28T23:30:00.000Z").moment == offset.moment)
        #expect(try content("2026-03-01").day == DayKey(string: "2026-03-01"))
        // No date: now, to the second.
        #expect(try content(nil).moment == Date(timeIntervalSince1970: 1_795_230_000))
        #expect(try content(" ").day == DayKey(string: "2026-11-21"))
        for bad in [
            "yesterday", "2026-02-30", "2026-13-01", "2026-03-01T24:00", "2026-03-01T07:60", "2026-03-01T07",
            "2026-03-01T07:30+15:00", "2026-03-01T07:30:00.", "0001-01-01T00:00", "2026-03-01 07:30x",
            "２０２６-03-01",
        ] {
            #expect(problems(JournalEntryDraft(title: "T", date: bad)) == [.date: .invalidDate], "\(bad)")
        }
    }

    @Test("every wrong field is named at once, and an empty entry is not reported on top of them")
    func severalProblems() {
        let draft = JournalEntryDraft(title: String(repeating: "a", count: 201), tags: ["a,b"], date: "nope")
        #expect(
            problems(draft) == [.title: .titleTooLong(limit: 200), .tags: .tagCharacters, .date: .invalidDate])
    }

    @Test("words are counted per word in English and Korean, per character in Chinese and Japanese")
    func wordCount() {
        #expect(JournalText.wordCount("Don't stop — it's 3 o'clock.") == 5)
        #expect(JournalText.wordCount("오늘은 학교에 갔다") == 3)
        #expect(JournalText.wordCount("我们学习中文") == 6)
        #expect(JournalText.wordCount("東京で Swift を") == 5)
        #expect(JournalText.wordCount("") == 0)
    }
}
