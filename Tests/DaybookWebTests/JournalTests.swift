import DaybookCore
import DaybookFeatures
import DaybookTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import DaybookWeb

@Suite("Journal")
struct JournalTests {
    func send(_ browser: inout Browser, _ method: HTTPRequest.Method, _ path: String, _ json: String? = nil)
        async throws -> TestResponse
    {
        try await browser.send(
            path, method: method, headers: json == nil ? [:] : [.contentType: "application/json"],
            body: json.map { ByteBuffer(string: $0) })
    }

    func object(_ response: TestResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(response.text.utf8)) as? [String: Any])
    }

    @Test("a phone keeps the whole journal: every entry whole, 500 a page, and after a change only those named")
    func keptJournal() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        try await app.browse { browser in
            var ids: [String] = []
            for day in 1...3 {
                let created = try await send(
                    &browser, .post, "/api/v1/entries",
                    #"{"title": "Day \#(day)", "body": "Café *au lait* on day \#(day).", "tags": ["Walk"], "date": "2026-11-0\#(day)T08:00", "place": {"latitude": 37.5, "longitude": 127.0, "name": "Seoul"}}"#
                )
                ids.append(try #require(try object(created)["id"] as? String))
            }
            _ = try await send(&browser, .delete, "/api/v1/entries/\(ids[1])")

            let page = try object(try await browser.get("/api/v1/device/journal"))
            let entries = try #require(page["entries"] as? [[String: Any]])
            // Newest first, the trashed one left out, each with its Markdown, place and the row lists show.
            #expect(entries.map { $0["title"] as? String } == ["Day 3", "Day 1"])
            #expect(entries.first?["body"] as? String == "Café *au lait* on day 3.")
            #expect(entries.first?["latitude"] as? Double == 37.5)
            let row = try #require(entries.first?["row"] as? [String: Any])
            #expect(row["href"] as? String == "/journal/\(ids[2])")
            #expect(row["wordsLabel"] as? String == "6 words")
            #expect(page["next"] == nil)

            // After a change the device asks for those entries only; one in the trash is not answered.
            let named = try object(try await browser.get("/api/v1/device/journal?ids=\(ids[0]),\(ids[1]),unknown"))
            #expect((named["entries"] as? [[String: Any]])?.map { $0["id"] as? String } == [ids[0]])

            // A cursor it never gave, or more entries than one answer holds, is refused with the reason.
            let badCursor = try await browser.get("/api/v1/device/journal?after=yesterday")
            #expect(badCursor.status == .badRequest)
            let tooMany = try await browser.get(
                "/api/v1/device/journal?ids=" + (1...101).map { "e\($0)" }.joined(separator: ","))
            #expect(tooMany.status == .badRequest)
            #expect(tooMany.text.contains("at most 100 entries"))
        }
    }

    @Test("an entry written through the API shows in the Journal, grouped by month, and reads as Markdown")
    func writeAndList() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        try await app.browse { browser in
            let created = try await send(
                &browser, .post, "/api/v1/entries",
                #"{"title": "Rain", "body": "**Quiet** morning.\n\n- [x] tea", "tags": ["Walk"], "date": "2026-11-20T07:15"}"#
            )
            #expect(created.status == .created)
            let entry = try object(created)
            let id = try #require(entry["id"] as? String)
            #expect(entry["revision"] as? Int == 1)
            #expect(entry["day"] as? String == "2026-11-20")
            #expect((entry["html"] as? String)?.contains("<strong>Quiet</strong>") == true)
            #expect(entry["wordCount"] as? Int == 3)

            let list = try await browser.get("/journal").text
            #expect(list.contains("November 2026"))
            #expect(list.contains(#"href="/journal/\#(id)""#))
            #expect(list.contains("#Walk"))
            let page = try await browser.get("/journal/\(id)")
            #expect(page.status == .ok)
            #expect(page.text.contains("<strong>Quiet</strong>"))
            #expect(page.text.contains(#"type="checkbox""#))
        }
    }

    @Test("a NUL typed into a title or tag is dropped, so the entry reads back whole and saves again")
    func nulIsDropped() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        try await app.browse { browser in
            let created = try await send(
                &browser, .post, "/api/v1/entries", #"{"title": "Tea\u0000time", "tags": ["a\u0000b", "sea"]}"#)
            #expect(created.status == .created)
            let id = try #require(try object(created)["id"] as? String)
            let stored = try object(try await browser.get("/api/v1/entries/\(id)"))
            #expect(stored["title"] as? String == "Teatime")
            #expect(stored["tags"] as? [String] == ["ab", "sea"])
            let again = try await send(&browser, .patch, "/api/v1/entries/\(id)", #"{"revision": 1}"#)
            #expect(again.status == .ok)
            // An escaped backslash before "u0000" is text, not a NUL.
            let literal = try await send(&browser, .post, "/api/v1/entries", #"{"title": "C:\\u0000"}"#)
            #expect(try object(literal)["title"] as? String == #"C:\u0000"#)
        }
    }

    @Test("the list's tag action adds a tag (a typed # is dropped); a bad tag is refused and changes nothing")
    func tagFromTheList() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        try await app.browse { browser in
            let entry = try object(
                try await send(
                    &browser, .post, "/api/v1/entries", #"{"title":"Harbour","body":"Gulls.","tags":["sea"]}"#))
            let id = try #require(entry["id"] as? String)
            let list = try await browser.get("/journal")
            #expect(list.text.contains(#"action="/journal/\#(id)/tags""#))
            let added = try await browser.post("/journal/\(id)/tags", form: ["tag": "#walk"])
            #expect(added.status == .seeOther)
            #expect(try object(try await browser.get("/api/v1/entries/\(id)"))["tags"] as? [String] == ["sea", "walk"])
            let refused = try await browser.post("/journal/\(id)/tags", form: ["tag": "a,b"])
            #expect(refused.status == .unprocessableContent)
            let again = try object(try await browser.get("/api/v1/entries/\(id)"))
            #expect(again["tags"] as? [String] == ["sea", "walk"])
            #expect(again["revision"] as? Int == 2)
        }
    }

    @Test("a save from an older revision is a 409 with the stored text; nothing is overwritten")
    func conflict() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        try await app.browse { browser in
            let id =
                try object(try await send(&browser, .post, "/api/v1/entries", #"{"body": "first"}"#))["id"]
                as! String
            let first = try await send(
                &browser, .patch, "/api/v1/entries/\(id)", #"{"body": "window A", "revision": 1}"#)
            #expect(first.status == .ok)
            #expect(try object(first)["revision"] as? Int == 2)
            let stale = try await send(
                &browser, .patch, "/api/v1/entries/\(id)", #"{"body": "window B", "revision": 1}"#)
            #expect(stale.status == .conflict)
            let answer = try object(stale)
            #expect((answer["current"] as? [String: Any])?["body"] as? String == "window A")
            #expect(try object(try await browser.get("/api/v1/entries/\(id)"))["body"] as? String == "window A")
            // Emptying an entry is refused: deleting it is how it goes, into the trash.
            let emptied = try await send(
                &browser, .patch, "/api/v1/entries/\(id)", #"{"title": "", "body": " ", "revision": 2}"#)
            #expect(emptied.status == .conflict)
            #expect(emptied.text.contains("trash"))
            // A change without the revision it started from is refused too.
            #expect(try await send(&browser, .patch, "/api/v1/entries/\(id)", #"{"body": "x"}"#).status.code >= 400)
        }
    }

    @Test("empty, too long and badly dated entries are refused with a reason, and nothing is saved")
    func refusals() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings(language: .korean))
        try await app.browse { browser in
            let empty = try await send(&browser, .post, "/api/v1/entries", #"{"title": "  ", "body": "\n"}"#)
            #expect(empty.status == .unprocessableContent)
            #expect(empty.text.contains(Fixtures.localizer(.korean)("journal.error.empty")))
            let longTitle = String(repeating: "가", count: 201)
            #expect(
                try await send(&browser, .post, "/api/v1/entries", #"{"title": "\#(longTitle)"}"#).status
                    == .unprocessableContent)
            // A day when the owner's zone still kept local mean time (an offset with seconds) is written in UTC.
            let old = try object(
                try await send(&browser, .post, "/api/v1/entries", #"{"body": "x", "date": "1901-10-15"}"#))
            #expect((old["date"] as? String)?.hasSuffix("Z") == true)
            #expect(old["day"] as? String == "1901-10-15")
            _ = try await send(&browser, .delete, "/api/v1/entries/\(old["id"] as? String ?? "")", "")
            _ = try await send(&browser, .delete, "/api/v1/trash", "")
            let badDate = try await send(&browser, .post, "/api/v1/entries", #"{"body": "x", "date": "2026-02-30"}"#)
            #expect(badDate.status == .unprocessableContent)
            let huge = String(repeating: "가", count: 400_000)  // 1.2 MB of UTF-8
            #expect(
                try await send(&browser, .post, "/api/v1/entries", #"{"body": "\#(huge)"}"#).status == .contentTooLarge)
            let unknownCover = try await send(
                &browser, .post, "/api/v1/entries",
                #"{"title": "x", "coverPhotoID": "0b9e7f3c-46d5-4a4e-9d0e-2b1d3c4e5f60"}"#)
            #expect(unknownCover.status == .conflict)
            #expect(unknownCover.text.contains("unknownPhoto"))
            let list = try object(try await browser.get("/api/v1/entries"))
            #expect((list["entries"] as? [Any])?.isEmpty == true)
            // Unknown entries and tags, and ids with path tricks, are 404s.
            #expect(try await browser.get("/api/v1/entries/nope").status == .notFound)
            #expect(try await browser.get("/api/v1/entries/..%2F..%2Fetc").status == .notFound)
            #expect(try await browser.get("/api/v1/entries?tag=never").status == .notFound)
            #expect(try await browser.get("/journal?after=garbage").status == .badRequest)
        }
    }

    @Test("deleting moves an entry to the trash; restoring brings it back; emptying deletes for good")
    func trash() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        try await app.browse { browser in
            let id =
                try object(try await send(&browser, .post, "/api/v1/entries", #"{"title": "Gone soon"}"#))["id"]
                as! String
            #expect(try await send(&browser, .delete, "/api/v1/entries/\(id)", "").status == .noContent)
            #expect(try await browser.get("/api/v1/entries/\(id)").status == .notFound)
            #expect(!(try await browser.get("/journal").text.contains("Gone soon")))
            #expect(try await browser.get("/journal/trash").text.contains("Gone soon"))
            let restored = try await send(&browser, .post, "/api/v1/entries/\(id)/restore", "")
            #expect(restored.status == .ok)
            #expect(try await browser.get("/journal").text.contains("Gone soon"))
            #expect(try await send(&browser, .delete, "/api/v1/entries/\(id)", "").status == .noContent)
            #expect(try await send(&browser, .delete, "/api/v1/trash", "").status == .noContent)
            #expect(try await send(&browser, .post, "/api/v1/entries/\(id)/restore", "").status == .notFound)
        }
    }

    @Test("the editor's form saves without a script, and a refusal shows what was typed and why")
    func editorForm() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        try await app.browse { browser in
            let editor = try await browser.get("/journal/new")
            #expect(editor.status == .ok)
            #expect(editor.text.contains(#"id="entry-form""#))
            #expect(editor.text.contains("/static/js/editor.js"))
            // The script counts words as the person types, with the page's own words around the number.
            #expect(editor.text.contains(#"data-words-one="{n} word""#))
            #expect(editor.text.contains(#"data-words-other="{n} words""#))
            let refused = try await browser.post("/journal", form: ["title": "", "body": "", "tags": "", "date": ""])
            #expect(refused.status == .unprocessableContent, "\(refused.text)")
            #expect(refused.text.contains("an empty entry is not saved"))
            let saved = try await browser.post(
                "/journal",
                form: ["title": "By hand", "body": "Typed _slowly_.", "tags": "ink, paper", "date": "2026-11-19T21:00"]
            )
            #expect(saved.status == .seeOther)
            let location = try #require(saved.headers[.location])
            let page = try await browser.get(location)
            #expect(page.text.contains("<em>slowly</em>"))
            #expect(page.text.contains("#ink"))
        }
    }

    @Test("search finds Korean inside longer words, Japanese kanji pairs and accents, with marks")
    func search() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        try await app.browse { browser in
            for body in ["대학교 도서관에서 공부", "東京都の夜", "A café by the river"] {
                _ = try await send(&browser, .post, "/api/v1/entries", #"{"body": "\#(body)"}"#)
            }
            for (query, expected) in [("학교", "도서관"), ("京都", "東京都"), ("cafe", "river")] {
                let encoded = query.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
                let results =
                    try object(try await browser.get("/api/v1/search?q=\(encoded)"))["results"] as? [[String: Any]]
                let snippet = results?.first?["snippetHTML"] as? String ?? ""
                let text = snippet.replacingOccurrences(of: "<mark>", with: "").replacingOccurrences(
                    of: "</mark>", with: "")
                #expect(text.contains(expected), "\(query) should find \(expected)")
                #expect(snippet.contains("<mark>"))
            }
            let page = try await browser.get("/search?q=%ED%95%99%EA%B5%90")
            #expect(page.text.contains("<mark>"))
        }
    }

    @Test("a word in more than 5,000 imported entries: the newest come first, the page says why, best match on ask")
    func commonWordNewestFirst() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings(language: .korean))
        try await app.browse { browser in
            // Years of a daily walk, then one entry that says "walk" in its title, written first of all.
            var lines = ["[2010-01-01 07:00] Walk.", "The first walk of all, walk walk walk.", ""]
            let start = Date(timeIntervalSince1970: 1_300_000_000)
            for day in 0...JournalSearchQuery.manyMatches {
                let moment = start.addingTimeInterval(Double(day) * 86_400)
                lines += ["[\(Self.jrnlStamp.string(from: moment))] Day \(day).", "A short walk before work.", ""]
            }
            let imported = try await ImportExportTests.post(
                &browser, "/api/v1/import/jrnl", Data(lines.joined(separator: "\n").utf8))
            #expect(imported.status == .ok)

            let page = try await browser.get("/search?q=walk").text
            #expect(page.contains("이 단어가 들어간 글이 5,000개가 넘어서 최신 글부터 보여 드려요."))
            #expect(page.contains(#"href="/search?q=walk&amp;order=best""#))
            let newest = try object(try await browser.get("/api/v1/search?q=walk"))
            #expect(newest["order"] as? String == "newest")
            let titles = (newest["results"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
            #expect(
                titles.prefix(2) == [
                    "Day \(JournalSearchQuery.manyMatches).", "Day \(JournalSearchQuery.manyMatches - 1).",
                ])

            let best = try object(try await browser.get("/api/v1/search?q=walk&order=best"))
            #expect(best["order"] as? String == "best")
            #expect((best["results"] as? [[String: Any]])?.first?["title"] as? String == "Walk.")
            let bestPage = try await browser.get("/search?q=walk&order=best").text
            #expect(bestPage.contains(#"href="/search?q=walk&amp;order=newest""#))

            // The API document names the two orders: anything else is refused before the search, naming `order`.
            let refused = try await browser.get("/api/v1/search?q=walk&order=sideways")
            #expect(refused.status == .badRequest)
            let error = try #require(try object(refused)["error"] as? [String: Any])
            #expect((error["fields"] as? [String: Any])?["order"] != nil, "\(refused.text)")
            let refusedPage = try await browser.get("/search?q=walk&order=sideways")
            #expect(refusedPage.status == .badRequest)
            #expect(refusedPage.text.contains("best(가장 잘 맞는 순) 또는 newest(최신순)"))
            // A rarer word keeps the best match first, with nothing said about the order.
            let rare = try await browser.get("/search?q=first").text
            #expect(!rare.contains("최신 글부터"))
        }
    }

    private static let jrnlStamp: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = Fixtures.seoul
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter
    }()

    @Test("in a snippet only what matched is marked; markup typed in an entry stays text")
    func snippetsAreEscaped() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        try await app.browse { browser in
            _ = try await send(
                &browser, .post, "/api/v1/entries",
                #"{"title": "<b>Tea</b>", "body": "<script>alert(1)</script> green tea"}"#)
            let page = try await browser.get("/search?q=tea").text
            #expect(!page.contains("<script>alert"))
            #expect(page.contains("&lt;script&gt;") || page.contains("&lt;b&gt;"))
            #expect(page.contains("<mark>"))
            let list = try await browser.get("/journal").text
            #expect(!list.contains("<script>alert") && !list.contains("<b>Tea</b>"))
        }
    }

    @Test("the Calendar marks days with entries and opens a day with its entries and its Daily Log")
    func calendar() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings(language: .japanese))
        try await app.browse { browser in
            _ = try await send(&browser, .post, "/api/v1/entries", #"{"title": "散歩", "date": "2026-11-03T10:00"}"#)
            let month = try await browser.get("/calendar?month=2026-11&day=2026-11-03")
            #expect(month.status == .ok)
            #expect(month.text.contains("2026年11月"))
            #expect(month.text.contains(#"data-day="2026-11-03""#))
            #expect(month.text.contains("cell-dot"))
            #expect(month.text.contains("散歩"))
            #expect(month.text.contains(#"href="/log/2026-11-03""#))
            #expect(try await browser.get("/calendar?month=2026-13").status == .badRequest)
        }
    }
}
