import DaybookCore
import DaybookTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import DaybookWeb

@Suite("Timeline page")
struct TimelinePageTests {
    @Test("add a block with the form, see it on its day, mark it done, delete it and undo")
    func addDoneDeleteUndo() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        try await app.browse { browser in
            let empty = try await browser.get("/timeline?date=2026-11-21")
            #expect(empty.text.contains(#"id="timeline-empty""#))
            let added = try await browser.post(
                "/timeline/tasks",
                form: ["date": "2026-11-21", "title": "Write", "start": "09:00", "duration": "90m", "repeat": "none"])
            #expect(added.headers[.location] == "/timeline?date=2026-11-21")
            let day = try await browser.get("/timeline?date=2026-11-21")
            #expect(day.text.contains("09:00–10:30"))
            #expect(day.text.contains(#"data-start="540" data-end="630""#))
            let id = try #require(
                try await app.database?.tasks(on: DayKey(string: "2026-11-21")!, calendar: .current).first?.id)

            try await browser.post("/timeline/tasks/\(id)/done", form: ["date": "2026-11-21", "done": "1"])
            #expect(try await browser.get("/timeline?date=2026-11-21").text.contains(#"class="block done""#))

            let deleted = try await browser.post("/timeline/tasks/\(id)/delete", form: ["date": "2026-11-21"])
            #expect(deleted.headers[.location] == "/timeline?date=2026-11-21&undo=\(id)")
            let undoPage = try await browser.get("/timeline?date=2026-11-21&undo=\(id)")
            #expect(undoPage.text.contains("“Write” deleted."))
            #expect(try await browser.post("/timeline/undo", form: ["key": id]).status == .seeOther)
            #expect(try await browser.get("/timeline?date=2026-11-21").text.contains("Write"))
        }
    }

    @Test("a refused task re-shows the form with what was typed and why, in the person's language")
    func refused() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings(language: .korean))
        try await app.browse { browser in
            try await browser.get("/timeline")
            let response = try await browser.post(
                "/timeline/tasks", form: ["date": "2026-11-21", "title": "", "start": "23:30", "duration": "2h"])
            #expect(response.status == .unprocessableContent)
            #expect(response.text.contains(Fixtures.localizer(.korean)("task.error.titleEmpty")))
            #expect(response.text.contains(Fixtures.localizer(.korean)("task.error.endsAfterMidnight")))
            #expect(response.text.contains(#"value="23:30""#))
            #expect(try await browser.get("/timeline?date=2026-02-30").status == .badRequest)
        }
        #expect(try await app.database?.tasks(on: DayKey(string: "2026-11-21")!, calendar: .current).isEmpty == true)
    }

    @Test("a weekly task picked with day checkboxes; its edit page asks which days, and 'only this day' keeps the rest")
    func weeklyAndEdit() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        try await app.browse { browser in
            try await browser.get("/timeline")
            let noDays = try await browser.post(
                "/timeline/tasks",
                form: ["date": "2026-11-23", "title": "Swim", "start": "18:00", "duration": "45", "repeat": "weekly"])
            #expect(noDays.status == .unprocessableContent)
            #expect(noDays.text.contains(Fixtures.localizer()("timeline.repeat.pickDays")))

            let added = try await browser.post(
                "/timeline/tasks",
                form: ["date": "2026-11-23", "title": "Swim", "start": "18:00", "duration": "45", "repeat": "weekly"],
                repeated: [("days", "mon"), ("days", "thu")])
            #expect(added.headers[.location] == "/timeline?date=2026-11-23")
            let id = try #require(
                try await app.database?.tasks(on: DayKey(string: "2026-11-26")!, calendar: .current).first?.id)
            #expect(try await app.database?.task(id: id)?.repeatRule?.description == "weekly:mon,thu")

            let edit = try await browser.get("/timeline/tasks/\(id)/edit?date=2026-11-26")
            #expect(edit.text.contains(#"<textarea id="notes" name="notes""#))
            #expect(edit.text.contains(#"name="days" value="thu" checked"#))
            #expect(edit.text.contains(#"name="scope" value="this" checked"#))
            #expect(edit.text.contains(Fixtures.localizer()("timeline.scope.future")))

            let saved = try await browser.post(
                "/timeline/tasks/\(id)",
                form: [
                    "day": "2026-11-26", "scope": "this", "title": "Swim with Jun", "start": "19:00",
                    "duration": "45", "repeat": "weekly", "notes": "Pool B", "color": "blue",
                ], repeated: [("days", "mon"), ("days", "thu")])
            #expect(saved.headers[.location] == "/timeline?date=2026-11-26")
            let thursday = try await browser.get("/timeline?date=2026-11-26").text
            #expect(thursday.contains("Swim with Jun"))
            #expect(thursday.contains("19:00–19:45"))
            let monday = try await browser.get("/timeline?date=2026-11-30").text
            #expect(monday.contains("18:00–18:45"))
            #expect(!monday.contains("Swim with Jun"))

            // "×" on a repeating block removes that day only, and can be undone.
            let removed = try await browser.post(
                "/timeline/tasks/\(id)/delete", form: ["date": "2026-11-30", "scope": "this"])
            #expect(removed.headers[.location] == "/timeline?date=2026-11-30&undo=\(id)@2026-11-30")
            #expect(!(try await browser.get("/timeline?date=2026-11-30").text.contains("18:00–18:45")))
            #expect(try await browser.get("/timeline?date=2026-12-03").text.contains("18:00–18:45"))
            #expect(
                try await browser.get("/timeline?date=2026-11-30&undo=\(id)@2026-11-30").text.contains(
                    "Removed “Swim” from this day."))
            try await browser.post("/timeline/undo", form: ["key": "\(id)@2026-11-30"])
            #expect(try await browser.get("/timeline?date=2026-11-30").text.contains("18:00–18:45"))
        }
    }
}
