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
            #expect(try await browser.post("/timeline/tasks/\(id)/restore", form: [:]).status == .seeOther)
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
            #expect(response.status == .badRequest)
            #expect(response.text.contains(Fixtures.localizer(.korean)("task.error.titleEmpty")))
            #expect(response.text.contains(Fixtures.localizer(.korean)("task.error.endsAfterMidnight")))
            #expect(response.text.contains(#"value="23:30""#))
            #expect(try await browser.get("/timeline?date=2026-02-30").status == .badRequest)
        }
        #expect(try await app.database?.tasks(on: DayKey(string: "2026-11-21")!, calendar: .current).isEmpty == true)
    }
}
