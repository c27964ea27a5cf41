import DaybookTestSupport
import Foundation
import Testing

@testable import DaybookCore

@Suite("Statistics rules")
struct StatsRulesTests {
    @Test("Pearson's r of hand-checked pairs, and none when a side never varies")
    func pearson() throws {
        let perfect = RatingFocusSums(pairs: [(1, 10), (2, 20), (3, 30), (4, 40)])
        #expect(abs(try #require(perfect.pearson) - 1) < 1e-12)
        let inverse = RatingFocusSums(pairs: [(1, 40), (2, 30), (3, 20), (4, 10)])
        #expect(abs(try #require(inverse.pearson) + 1) < 1e-12)
        // x = 1…5, y = 2, 4, 5, 4, 5: r = 6 / √(10 · 6) ≈ 0.7746.
        let mixed = RatingFocusSums(pairs: [(1, 2), (2, 4), (3, 5), (4, 4), (5, 5)])
        #expect(abs(try #require(mixed.pearson) - 6 / (10 * 6.0).squareRoot()) < 1e-12)
        #expect(RatingFocusSums(pairs: [(3, 10), (3, 50), (3, 20)]).pearson == nil)
        #expect(RatingFocusSums(pairs: [(3, 10)]).pearson == nil)
    }

    @Test("correlation strength in words follows the usual bands, either sign")
    func strength() {
        #expect(CorrelationStrength(0.05) == .none)
        #expect(CorrelationStrength(-0.2) == .weak)
        #expect(CorrelationStrength(0.3) == .moderate)
        #expect(CorrelationStrength(-0.72) == .strong)
    }

    @Test("weekday numbers and week starts for Monday, Sunday and Saturday weeks")
    func weeks() {
        let saturday = DayKey(string: "2026-11-21")!
        #expect(saturday.weekday == 7)
        #expect(DayKey(string: "1970-01-01")!.weekday == 5)
        #expect(DayKey(string: "1969-12-28")!.weekday == 1)
        #expect(saturday.startOfWeek(firstWeekday: 2).description == "2026-11-16")
        #expect(saturday.startOfWeek(firstWeekday: 1).description == "2026-11-15")
        #expect(saturday.startOfWeek(firstWeekday: 7).description == "2026-11-21")
        #expect(saturday.startOfMonth.description == "2026-11-01")
    }

    @Test("days parse from exactly YYYY-MM-DD, and only days that exist")
    func parsing() {
        #expect(DayKey(string: "2026-11-21")?.description == "2026-11-21")
        #expect(DayKey(string: "2028-02-29") != nil)
        for bad in [
            "2026-02-30", "2026-2-03", "2026-11-21 ", "２０２６-11-21", "2026/11/21", "", "2026-13-01", "0000-01-01",
        ] {
            #expect(DayKey(string: bad) == nil, "\(bad)")
        }
    }

    @Test("the day of an instant follows the zone's offset at that instant, across daylight saving")
    func dayOfInstant() {
        let newYork = TimeZone(identifier: "America/New_York")!
        // 04:30 UTC on 8 March is 23:30 EST on the 7th; on 9 March it is 00:30 EDT on the 9th.
        #expect(DayKey(date: .iso("2026-03-08T04:30:00Z"), timeZone: newYork).description == "2026-03-07")
        #expect(DayKey(date: .iso("2026-03-09T04:30:00Z"), timeZone: newYork).description == "2026-03-09")
        #expect(DayKey(date: .iso("2026-11-20T15:00:00Z"), timeZone: Fixtures.seoul).description == "2026-11-21")
    }

    @Test("focus by hour of day shares a session across the hours it touched, adding up exactly")
    func hours() {
        var hours = Array(repeating: 0, count: 24)
        // 09:40–11:10 in Seoul, 80 focused minutes over 90 wall-clock minutes.
        FocusSpan(
            startedAt: .iso("2026-11-21T09:40:00+09:00"), endedAt: .iso("2026-11-21T11:10:00+09:00"),
            focusedSeconds: 4800
        )
        .addFocus(to: &hours, timeZone: Fixtures.seoul)
        #expect(hours[9] == 1067)
        #expect(hours[10] == 3200)
        #expect(hours[11] == 533)
        #expect(hours.reduce(0, +) == 4800)
        // India is UTC+5:30: local hours start at :30 UTC.
        var india = Array(repeating: 0, count: 24)
        FocusSpan(startedAt: .iso("2026-11-21T03:00:00Z"), endedAt: .iso("2026-11-21T04:00:00Z"), focusedSeconds: 3600)
            .addFocus(to: &india, timeZone: TimeZone(identifier: "Asia/Kolkata")!)
        #expect(india[8] == 1800 && india[9] == 1800)
    }
}
