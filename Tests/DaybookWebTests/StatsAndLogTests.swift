import DaybookCore
import DaybookStore
import DaybookTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import DaybookWeb

@Suite("Dashboard and daily log")
struct StatsAndLogTests {
    func focus(_ database: AppDatabase?, _ start: String, minutes: Int, outcome: FocusOutcome = .completed)
        async throws
    {
        let startedAt = Date.iso(start)
        try await database?.saveTimer(
            .idle,
            recording: FocusSession(
                taskID: nil, startedAt: startedAt, endedAt: startedAt.addingTimeInterval(Double(minutes * 60)),
                focusedSeconds: minutes * 60, pausedSeconds: 0, outcome: outcome, sound: .rain, plannedSeconds: nil))
    }

    func weekChart(_ page: String) -> String {
        page.components(separatedBy: #"id="week-chart""#).dropFirst().first?.components(separatedBy: "</svg>").first
            ?? ""
    }

    func bars(_ page: String) -> [(day: String, minutes: Int)] {
        weekChart(page).matches(of: /class="bar[^"]*" data-day="([0-9-]+)" data-minutes="([0-9]+)"/).map {
            (String($0.1), Int($0.2) ?? -1)
        }
    }

    @Test("the week chart has a bar per day whose value and height follow the focus, with the goal line")
    func weekChart() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        try await focus(app.database, "2026-11-16T09:00:00+09:00", minutes: 60)
        try await focus(app.database, "2026-11-18T09:00:00+09:00", minutes: 120)
        try await focus(app.database, "2026-11-21T07:00:00+09:00", minutes: 25, outcome: .stoppedEarly)
        try await app.browse { browser in
            let page = try await browser.get("/stats")
            #expect(page.status == .ok)
            let found = bars(page.text)
            #expect(found.map(\.day) == (16...22).map { "2026-11-\($0)" })
            #expect(found.map(\.minutes) == [60, 0, 120, 0, 0, 25, 0])
            // Heights: 120 minutes is twice 60 on the same scale (the plot is 154 units tall for 180 minutes).
            let heights = weekChart(page.text).matches(
                of: /data-minutes="(60|120)" x="[0-9.]+" y="[0-9.]+" width="[0-9.]+" height="([0-9.]+)"/
            )
            .map { Double($0.2)! }
            #expect(heights.count == 2 && abs(heights[1] - 2 * heights[0]) < 0.2)
            #expect(page.text.contains(#"id="goal-line""#))
            #expect(page.text.contains("Goal 2 h"))
            #expect(page.text.contains(#"<dl id="total-today"><dt>Today</dt><dd>25 min</dd></dl>"#))
            #expect(page.text.contains(#"<dl id="total-week"><dt>This week</dt><dd>3 h 25 min</dd></dl>"#))
            #expect(page.text.contains("3 sessions · 2 completed · 1 stopped early"))
            // The streak: the 18th met the goal, but it is not yesterday.
            #expect(page.text.contains(#"<dl id="streak-longest"><dt>Longest</dt><dd>1 day</dd></dl>"#))
            // A square per day from 52 weeks ago Monday through today, drawn with the day and its focus.
            let squares = page.text.matches(of: /<rect class="heat l[0-4]"/).count
            let days = 52 * 7 + 6
            #expect(squares == days + 5)  // and the five squares of the legend
            #expect(page.text.contains("<title>2026-11-18 · 2 h</title>"))
            // Screen readers get a table of the same numbers.
            #expect(page.text.contains(#"<td data-minutes="120">2 h</td>"#))

            let previous = try await browser.get("/stats?week=2026-11-10")
            #expect(bars(previous.text).map(\.day).first == "2026-11-09")
            #expect(previous.text.contains(#"href="/stats?week=2026-11-16""#))
        }
    }

    @Test("the dashboard shows a new session, a new log and a changed goal on the next visit")
    func dashboardFollowsChanges() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        try await focus(app.database, "2026-11-21T07:00:00+09:00", minutes: 25)
        try await app.browse { browser in
            let first = try await browser.get("/stats")
            #expect(first.text.contains(#"<dl id="total-today"><dt>Today</dt><dd>25 min</dd></dl>"#))
            #expect(try await browser.get("/stats").text == first.text)
            try await focus(app.database, "2026-11-21T08:00:00+09:00", minutes: 20)
            let second = try await browser.get("/stats")
            #expect(second.text.contains(#"<dl id="total-today"><dt>Today</dt><dd>45 min</dd></dl>"#))
            var settings = Fixtures.settings()
            settings.dailyGoalMinutes = 180
            try await app.database?.saveSettings(settings)
            #expect(try await browser.get("/stats").text.contains("Goal 3 h"))
            // Another week is another page, with its own numbers.
            let earlier = try await browser.get("/stats?week=2026-11-09")
            #expect(bars(earlier.text).map(\.minutes) == [0, 0, 0, 0, 0, 0, 0])
        }
    }

    @Test("weekday labels and the chart's words are in the owner's language")
    func localizedChart() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings(language: .japanese))
        try await app.browse { browser in
            let page = try await browser.get("/stats").text
            #expect(bars(page).count == 7)
            #expect(page.contains(">月</text>"))
            #expect(page.contains("日ごとの集中"))
        }
    }

    @Test("bad weeks and pages are refused with a reason, in the person's language")
    func badQueries() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings(language: .korean))
        try await app.browse { browser in
            let malformed = try await browser.get("/stats?week=2026-13-01")
            #expect(malformed.status == .badRequest)
            #expect(malformed.text.contains(Fixtures.localizer(.korean)("stats.error.week")))
            #expect(try await browser.get("/stats?week=2026-12-07").status == .notFound)
            #expect(try await browser.get("/stats?page=-1").status == .badRequest)
            let api = try await browser.get("/api/v1/stats?week=yesterday")
            #expect(api.status == .badRequest)
            #expect(api.text.contains(#""code":"invalidQuery""#))
        }
    }

    @Test("the daily log saves sleep, mood and a reflection, shows goal completion, and renders Markdown safely")
    func logRoundTrip() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        try await app.database?.saveTask(
            PlannedTask(id: "a", title: "Write", day: DayKey(string: "2026-11-20")!, isDone: true))
        try await app.database?.saveTask(PlannedTask(id: "b", title: "Read", day: DayKey(string: "2026-11-20")!))
        try await focus(app.database, "2026-11-20T10:00:00+09:00", minutes: 90)
        try await app.browse { browser in
            let empty = try await browser.get("/log/2026-11-20")
            #expect(empty.text.contains("Tasks: 1 of 2 done (50%)"))
            #expect(empty.text.contains("Focus: 1 h 30 min of 2 h (75%)"))
            let saved = try await browser.post(
                "/log/2026-11-20",
                form: [
                    "sleepQuality": "4", "mood": "5",
                    "reflection": "A **good** day.\n\n<script>alert(1)</script> [x](javascript:alert(1))",
                ])
            #expect(saved.status == .seeOther)
            #expect(saved.headers[.location] == "/log/2026-11-20?saved=1")
            let page = try await browser.get("/log/2026-11-20?saved=1").text
            let view =
                page.components(separatedBy: #"id="reflection-view""#).dropFirst().first?
                .components(separatedBy: "</section>").first ?? ""
            #expect(view.contains("<strong>good</strong>"))
            #expect(view.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
            // A line that starts with a tag is raw HTML: all of it is shown as typed, so nothing there is a link.
            #expect(view.contains("[x](javascript:alert(1))"))
            #expect(!view.contains("<script") && !view.contains("href=") && !view.contains("<a "))
            #expect(page.contains(#"value="4" checked"#))
            #expect(page.contains(#"id="log-saved""#))
            // The dashboard's daily records show it.
            let stats = try await browser.get("/stats").text
            #expect(stats.contains(#"<td class="mood">Great</td><td class="sleep">Well</td>"#))
        }
        let log = try await app.database?.dailyLog(on: DayKey(string: "2026-11-20")!)
        #expect(log?.sleepQuality == 4 && log?.mood == 5)
    }

    @Test("refused logs keep what was typed and change nothing")
    func refusedLog() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings(language: .korean))
        let korean = Fixtures.localizer(.korean)
        try await app.browse { browser in
            try await browser.get("/log")
            let rating = try await browser.post(
                "/log/2026-11-20", form: ["sleepQuality": "9", "mood": "", "reflection": "지켜야 할 글"])
            #expect(rating.status == .unprocessableContent)
            #expect(rating.text.contains(korean("log.error.rating")))
            #expect(rating.text.contains("지켜야 할 글"))
            let long = String(repeating: "가", count: DailyLog.Limits.reflectionLength + 1)
            let tooLong = try await browser.post("/log/2026-11-20", form: ["reflection": long])
            #expect(tooLong.status == .unprocessableContent)
            #expect(tooLong.text.contains(long))
            let future = try await browser.post("/log/2026-11-22", form: ["sleepQuality": "3"])
            #expect(future.status == .notFound)
            #expect(future.text.contains(korean("log.error.future")))
            #expect(try await browser.get("/log/2026-11-22").status == .notFound)
            #expect(try await browser.get("/log/2026-02-30").status == .badRequest)
        }
        #expect(
            try await app.database?.dailyLogs(
                from: DayKey(string: "2026-11-01")!, through: DayKey(string: "2026-11-30")!
            ).isEmpty == true)
    }

    @Test("the logs API patches fields one at a time, clears with null, and refuses bad ratings")
    func logAPI() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        try await app.browse { browser in
            func send(_ method: HTTPRequest.Method, _ json: String) async throws -> TestResponse {
                try await browser.send(
                    "/api/v1/logs/2026-11-21", method: method, headers: [.contentType: "application/json"],
                    body: ByteBuffer(string: json))
            }
            #expect(try await send(.patch, #"{"sleepQuality": 3}"#).status == .ok)
            let both = try await send(.patch, #"{"mood": 4, "reflection": "Fine."}"#)
            #expect(both.text.contains(#""sleepQuality":3"#) && both.text.contains(#""moodValue":4"#))
            let cleared = try await send(.patch, #"{"sleepQuality": null}"#)
            #expect(!cleared.text.contains(#""sleepQuality":"#))
            #expect(cleared.text.contains(#""moodValue":4"#))
            let refused = try await send(.patch, #"{"mood": 6}"#)
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains(#""code":"invalidRating""#))
            let future = try await browser.send(
                "/api/v1/logs/2026-11-23", method: .put, headers: [.contentType: "application/json"],
                body: ByteBuffer(string: #"{"mood": 3}"#))
            #expect(future.status == .notFound)
            #expect(future.text.contains(#""code":"futureDay""#))
            let replaced = try await send(.put, #"{"mood": 2}"#)
            #expect(!replaced.text.contains("Fine.") && replaced.text.contains(#""moodValue":2"#))
        }
    }

    @Test("sessions and logs export as CSV with quoting done right and formulas defused")
    func export() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        try await app.database?.saveTask(
            PlannedTask(id: "w", title: "=HYPERLINK(\"x\")", day: DayKey(string: "2026-11-20")!))
        let start = Date.iso("2026-11-20T10:00:00+09:00")
        try await app.database?.saveTimer(
            .idle,
            recording: FocusSession(
                taskID: "w", startedAt: start, endedAt: start.addingTimeInterval(1800), focusedSeconds: 1500,
                pausedSeconds: 300, outcome: .completed, sound: .waves, plannedSeconds: 1500))
        try await app.database?.saveLog(
            DailyLog(
                day: DayKey(string: "2026-11-20")!, sleepQuality: 5, reflection: "Tea, then \"deep\" work\n- done",
                updatedAt: .iso("2026-11-20T22:00:00+09:00")))
        try await app.browse { browser in
            let sessions = try await browser.get("/api/v1/export/sessions.csv")
            #expect(sessions.headers[.contentType]?.hasPrefix("text/csv") == true)
            #expect(
                sessions.text
                    == "startedAt,endedAt,day,focusedSeconds,pausedSeconds,outcome,sound,plannedSeconds,taskID,taskTitle\r\n"
                    + "2026-11-20T01:00:00Z,2026-11-20T01:30:00Z,2026-11-20,1500,300,completed,waves,1500,w,\"'=HYPERLINK(\"\"x\"\")\"\r\n"
            )
            let logs = try await browser.get("/api/v1/export/logs.csv")
            #expect(
                logs.text
                    == "day,sleepQuality,mood,reflection,updatedAt\r\n"
                    + "2026-11-20,5,,\"Tea, then \"\"deep\"\" work\n- done\",2026-11-20T13:00:00Z\r\n")
        }
    }
}
