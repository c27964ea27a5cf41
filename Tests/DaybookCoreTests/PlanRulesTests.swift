import DaybookTestSupport
import Foundation
import Testing

@testable import DaybookCore

@Suite("Plan rules")
struct PlanRulesTests {
    /// A Saturday.
    let saturday = DayKey(string: "2026-11-21")!
    var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Asia/Seoul")!
        return calendar
    }

    func days(from first: DayKey, count: Int, where rule: RepeatRule) -> [String] {
        (0..<count).map { first.adding(days: $0) }.filter {
            rule.occurs(on: $0, startingFrom: first, calendar: calendar)
        }
        .map(\.description)
    }

    @Test("weekdays skip Saturday and Sunday")
    func weekdays() {
        #expect(
            days(from: saturday, count: 9, where: .weekdays) == [
                "2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27",
            ])
        #expect(days(from: saturday, count: 3, where: .daily).count == 3)
    }

    @Test("weekly rules occur on the chosen days only, and never before the first day")
    func weekly() {
        let rule = RepeatRule.weekly([.monday, .wednesday, .friday])
        let wednesday = DayKey(string: "2026-11-25")!
        #expect(days(from: wednesday, count: 7, where: rule) == ["2026-11-25", "2026-11-27", "2026-11-30"])
        #expect(!rule.occurs(on: DayKey(string: "2026-11-23")!, startingFrom: wednesday, calendar: calendar))
        #expect(!RepeatRule.daily.occurs(on: wednesday.adding(days: -1), startingFrom: wednesday, calendar: calendar))
    }

    @Test("a one-off task occurs on its own day only; a repeating one from its day on")
    func taskOccurrences() {
        var task = PlannedTask(id: "a", title: "Run", day: saturday)
        #expect(task.occurs(on: saturday, calendar: calendar))
        #expect(!task.occurs(on: saturday.adding(days: 7), calendar: calendar))
        task.repeatRule = .weekly([.saturday])
        #expect(task.occurs(on: saturday.adding(days: 7), calendar: calendar))
        #expect(!task.occurs(on: saturday.adding(days: -7), calendar: calendar))
    }

    @Test(
        "repeat rules read and print as stored text",
        arguments: [
            ("daily", RepeatRule.daily, "daily"), ("weekdays", .weekdays, "weekdays"),
            ("weekly:mon,wed,fri", .weekly([.monday, .wednesday, .friday]), "weekly:mon,wed,fri"),
            (" Weekly:FRI, mon ", .weekly([.monday, .friday]), "weekly:mon,fri"),
            ("weekly:sunday,sat", .weekly([.sunday, .saturday]), "weekly:sun,sat"),
        ])
    func repeatText(text: String, rule: RepeatRule, printed: String) throws {
        #expect(RepeatRule(string: text) == rule)
        #expect(rule.description == printed)
        #expect(RepeatRule(string: printed) == rule)
        let json = try JSONEncoder().encode(rule)
        #expect(String(decoding: json, as: UTF8.self) == "\"\(printed)\"")
        #expect(try JSONDecoder().decode(RepeatRule.self, from: json) == rule)
    }

    @Test(
        "bad repeat rules are rejected",
        arguments: ["", "monthly", "weekly", "weekly:", "weekly:funday", "weekly:mon,,fri"])
    func badRepeatText(text: String) {
        #expect(RepeatRule(string: text) == nil)
    }

    @Test(
        "durations read the way people type them",
        arguments: [
            ("90", 90), ("90m", 90), ("90 min", 90), ("1h", 60), ("1h30m", 90), ("1h 30m", 90), ("1.5h", 90),
            ("2H", 120), ("0.25h", 15), ("24h", 1440),
        ])
    func durations(text: String, minutes: Int) {
        #expect(DurationText.minutes(from: text) == minutes)
    }

    @Test(
        "nonsense durations are not guessed",
        arguments: ["", "abc", "1.5", "-5", "1h90m", "30s", "1.5h30m", "h", "m", "1hm"])
    func badDurations(text: String) {
        #expect(DurationText.minutes(from: text) == nil)
    }

    @Test("times of day are HH:mm within one day")
    func timesOfDay() {
        #expect(TimeOfDay(string: "09:30")?.minutes == 570)
        #expect(TimeOfDay(string: "9:05")?.description == "09:05")
        #expect(TimeOfDay(string: "23:59")?.minutes == 1439)
        for bad in ["24:00", "12:60", "9:5", "ab:cd", "-1:00", "0930", ""] {
            #expect(TimeOfDay(string: bad) == nil, "\(bad)")
        }
        #expect(TimeOfDay(date: .iso("2026-11-21T08:30:00Z"), timeZone: calendar.timeZone).description == "17:30")
    }

    @Test("a good draft is trimmed and normalized")
    func validDraft() throws {
        let draft = TaskDraft(
            title: "  Write the report ", notes: " draft 2 \n", date: "2026-11-21", start: "9:30", duration: "1h30m",
            color: "#ABC", repeatRule: "weekly:fri,mon")
        let details = try draft.validated()
        #expect(
            details
                == TaskDetails(
                    title: "Write the report", notes: "draft 2", day: saturday, start: TimeOfDay(string: "09:30"),
                    durationMinutes: 90, colorHex: "#aabbcc", repeatRule: .weekly([.monday, .friday])))
        let task = PlannedTask(id: "t1", details: details)
        #expect(task.isTimed && task.startMinute == 570 && task.endMinute == 660)
    }

    @Test("defaults: a start alone lasts 30 minutes, a blank colour is teal, no start means anytime")
    func draftDefaults() throws {
        let timed = try TaskDraft(title: "Call", date: "2026-11-21", start: "23:30", color: " Rose ").validated()
        #expect(timed.durationMinutes == 30 && timed.colorHex == "rose" && timed.repeatRule == nil)
        let anytime = try TaskDraft(title: "Read", date: "2026-11-21", duration: "45", repeatRule: "none").validated()
        #expect(anytime.start == nil && anytime.durationMinutes == 45 && anytime.colorHex == "teal")
        #expect(!PlannedTask(id: "r", details: anytime).isTimed)
        let midnight = try TaskDraft(title: "Late", date: "2026-11-21", start: "23:00", duration: "60").validated()
        #expect(PlannedTask(id: "l", details: midnight).endMinute == 1440)
        let wholeDay = try TaskDraft(title: "Trip", date: "2026-11-21", start: "00:00", duration: "24h").validated()
        #expect(wholeDay.durationMinutes == 1440)
    }

    @Test(
        "each problem is reported beside its field",
        arguments: [
            (TaskDraft(title: "   "), TaskField.title, TaskProblem.titleEmpty),
            (TaskDraft(title: String(repeating: "가", count: 201)), .title, .titleTooLong(limit: 200)),
            (TaskDraft(notes: String(repeating: "n", count: 2001)), .notes, .notesTooLong(limit: 2000)),
            (TaskDraft(date: "2026-02-30"), .date, .invalidDate),
            (TaskDraft(start: "25:00"), .start, .invalidTime),
            (TaskDraft(duration: "4"), .duration, .durationOutOfRange(5...1440)),
            (TaskDraft(duration: "25h"), .duration, .durationOutOfRange(5...1440)),
            (TaskDraft(duration: "soon"), .duration, .durationOutOfRange(5...1440)),
            (TaskDraft(start: "23:00", duration: "61"), .duration, .endsAfterMidnight),
            (TaskDraft(start: "12:00", duration: "13h"), .duration, .endsAfterMidnight),
            (TaskDraft(color: "chartreuse"), .color, .unknownColor),
            (TaskDraft(repeatRule: "monthly"), .repeatRule, .invalidRepeat),
        ])
    func eachProblem(draft: TaskDraft, field: TaskField, problem: TaskProblem) {
        var complete = draft
        complete.title = draft.title ?? "Plan"
        complete.date = draft.date ?? "2026-11-21"
        #expect(throws: TaskValidationError(problems: [field: problem])) { try complete.validated() }
    }

    @Test("every bad field is reported at once")
    func allProblems() {
        let draft = TaskDraft(
            title: "", notes: String(repeating: "n", count: 2001), date: "tomorrow", start: "7pm", duration: "2",
            color: "#12", repeatRule: "weekly:")
        #expect(
            throws: TaskValidationError(problems: [
                .title: .titleEmpty, .notes: .notesTooLong(limit: 2000), .date: .invalidDate, .start: .invalidTime,
                .duration: .durationOutOfRange(5...1440), .color: .unknownColor, .repeatRule: .invalidRepeat,
            ])
        ) { try draft.validated() }
        #expect(
            Set(TaskField.allCases.map(\.rawValue)) == [
                "title", "notes", "date", "start", "duration", "color", "repeat",
            ])
    }

    @Test("drafts decode from JSON with a numeric or textual duration; tasks encode as readable text")
    func json() throws {
        let numeric = #"{"title":"Gym","date":"2026-11-21","start":"07:00","duration":45,"repeat":"weekdays"}"#
        let draft = try JSONDecoder().decode(TaskDraft.self, from: Data(numeric.utf8))
        #expect(draft.duration == "45" && draft.repeatRule == "weekdays")
        let textual = #"{"title":"Gym","duration":"1.5h"}"#
        #expect(try JSONDecoder().decode(TaskDraft.self, from: Data(textual.utf8)).duration == "1.5h")

        let task = PlannedTask(id: "t1", details: try draft.validated())
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let text = String(decoding: try encoder.encode(task), as: UTF8.self)
        #expect(text.contains(#""day":"2026-11-21""#) && text.contains(#""start":"07:00""#))
        #expect(text.contains(#""repeatRule":"weekdays""#))
        #expect(try JSONDecoder().decode(PlannedTask.self, from: Data(text.utf8)) == task)
    }

    @Test("task colours: presets by name, any hex; both resolve to a colour to paint")
    func colors() {
        #expect(TaskColor.normalized("Amber") == "amber")
        #expect(TaskColor.normalized("#3B5BA5") == "#3b5ba5")
        #expect(TaskColor.normalized("red") == nil)
        #expect(TaskColor.color(for: "teal")?.hex == "#2f6f6a")
        #expect(TaskColor.color(for: "#abc")?.hex == "#aabbcc")
        #expect(TaskColor.presets.count == 8)
    }
}
