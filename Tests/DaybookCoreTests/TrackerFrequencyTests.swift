import DaybookCore
import Foundation
import Testing

@Suite("Tracker frequencies: forms, covered days, streaks and strength as Loop counts them")
struct TrackerFrequencyTests {
    let seoul = TimeZone(identifier: "Asia/Seoul")!
    /// A Saturday.
    let today = DayKey(year: 2026, month: 11, day: 21)!

    func day(_ text: String) -> DayKey { DayKey(string: text)! }

    func tracker(_ frequency: TrackerFrequency, since first: String, kind: TrackerKind = .boolean) -> Tracker {
        Tracker(
            id: "t", name: "T", kind: kind, createdAt: day(first).date(in: seoul).addingTimeInterval(3600),
            frequency: frequency)
    }

    func done(_ days: [String], value: Double = 1) -> [DayKey: Double] {
        Dictionary(uniqueKeysWithValues: days.map { (day($0), value) })
    }

    func frequency(_ text: String) throws -> TrackerFrequency {
        try TrackerFrequency(text: text)
    }

    @Test("the four forms read and write as text, Loop's numerator and denominator build the same, limits hold")
    func forms() throws {
        let cases: [(String, Int, Int, String)] = [
            ("daily", 1, 1, "daily"), ("3/week", 3, 7, "3/week"), ("5/month", 5, 30, "5/month"),
            ("every-2-days", 1, 2, "every-2-days"), ("Every 10 days", 1, 10, "every-10-days"),
            ("2/3", 2, 3, "2/3"), ("7/week", 1, 1, "daily"), ("1/day", 1, 1, "daily"), (" 3 / Week ", 3, 7, "3/week"),
            ("every-1-days", 1, 1, "daily"), ("30/month", 1, 1, "daily"), ("1/365", 1, 365, "every-365-days"),
        ]
        for (text, times, days, written) in cases {
            let frequency = try TrackerFrequency(text: text)
            #expect(frequency.times == times && frequency.days == days, "\(text)")
            #expect(frequency.text == written, "\(text)")
            #expect(try TrackerFrequency(text: frequency.text) == frequency, "\(text)")
        }
        #expect(TrackerFrequency.loop(numerator: 3, denominator: 7) == (try frequency("3/week")))
        #expect(TrackerFrequency.loop(numerator: 2, denominator: 3)?.form == .custom(times: 2, days: 3))
        #expect(TrackerFrequency.loop(numerator: 1, denominator: 1) == .daily)
        #expect(TrackerFrequency.loop(numerator: 4, denominator: 3) == nil)
        #expect(TrackerFrequency.loop(numerator: 0, denominator: 7) == nil)
        #expect(TrackerFrequency.loop(numerator: 1, denominator: 400) == nil)
        let unreadable = ["", "weekly", "3/fortnight", "three/week", "3/", "/7", "every--days", "3/week/2", "-1/7"]
        for text in unreadable {
            #expect(throws: TrackerFrequency.Problem.unreadable, "\(text)") { try TrackerFrequency(text: text) }
        }
        for text in ["8/week", "0/week", "31/month", "every-0-days", "every-366-days", "4/3", "2/day", "1/366"] {
            #expect(throws: TrackerFrequency.Problem.outOfRange, "\(text)") { try TrackerFrequency(text: text) }
        }
    }

    @Test("3 times a week done Monday, Wednesday and Friday for three weeks: the days between keep the streak")
    func weekKept() throws {
        let habit = tracker(try frequency("3/week"), since: "2026-11-02")
        let values = done([
            "2026-11-02", "2026-11-04", "2026-11-06", "2026-11-09", "2026-11-11", "2026-11-13", "2026-11-16",
            "2026-11-18", "2026-11-20",
        ])
        let covered = habit.coveredDays(values: values)
        // Every day from the first Monday through the Sunday after the last Friday is done or covered.
        var day = day("2026-11-02")
        while day <= self.day("2026-11-22") {
            #expect(covered.contains(day) != (values[day] != nil), "\(day)")
            day = day.adding(days: 1)
        }
        // Today (Saturday) is covered, so it counts: 20 days from the 2nd.
        let progress = TrackerProgress(tracker: habit, values: values, today: today, timeZone: seoul)
        #expect(progress.currentStreak == 20)
        #expect(progress.longestStreak == 20)
        #expect(progress.daysMet == 9)
        #expect(progress.daysTracked == 20)
        // The same days on a daily tracker: a streak of one day (Friday), today still open.
        var daily = habit
        daily.frequency = .daily
        let dailyProgress = TrackerProgress(tracker: daily, values: values, today: today, timeZone: seoul)
        #expect(dailyProgress.currentStreak == 1 && dailyProgress.longestStreak == 1)
        #expect(daily.coveredDays(values: values).isEmpty)
    }

    @Test("a week with one done day breaks the streak: its days are missed, the weeks around it are not")
    func weekBroken() throws {
        let habit = tracker(try frequency("3/week"), since: "2026-11-02")
        let values = done([
            "2026-11-02", "2026-11-04", "2026-11-06", "2026-11-10", "2026-11-16", "2026-11-17", "2026-11-18",
        ])
        let covered = habit.coveredDays(values: values)
        let missed = ["2026-11-11", "2026-11-12", "2026-11-13", "2026-11-14", "2026-11-15"].map(day)
        #expect(missed.allSatisfy { !covered.contains($0) })
        #expect(
            [
                "2026-11-03", "2026-11-05", "2026-11-07", "2026-11-08", "2026-11-09", "2026-11-19", "2026-11-20",
                "2026-11-21",
            ].map(day).allSatisfy(covered.contains))
        let progress = TrackerProgress(tracker: habit, values: values, today: today, timeZone: seoul)
        // The 2nd–10th (9 days), then the 16th through today (6 days).
        #expect(progress.longestStreak == 9)
        #expect(progress.currentStreak == 6)
        #expect(progress.daysMet == 7)
    }

    @Test("every 2 days: each done day covers the next; two days without one break the streak")
    func everyTwoDays() throws {
        let habit = tracker(try frequency("every-2-days"), since: "2026-11-10")
        let values = done(["2026-11-13", "2026-11-16", "2026-11-18", "2026-11-20"])
        let covered = habit.coveredDays(values: values)
        #expect(covered == Set(["2026-11-14", "2026-11-17", "2026-11-19", "2026-11-21"].map(day)))
        let progress = TrackerProgress(tracker: habit, values: values, today: today, timeZone: seoul)
        #expect(progress.currentStreak == 6)  // the 16th through today
        #expect(progress.longestStreak == 6)
        // Without Friday's tick, nothing covers Friday or today.
        var open = values
        open[day("2026-11-20")] = nil
        let judged = TrackerProgress(tracker: habit, values: open, today: today, timeZone: seoul)
        // Today is neither done nor covered: judged from yesterday, which was missed.
        #expect(judged.currentStreak == 0)
        #expect(judged.longestStreak == 4)  // the 16th–19th
    }

    @Test("5 times a month: each window is the calendar month, so October and November keep one streak")
    func month() throws {
        let habit = tracker(try frequency("5/month"), since: "2026-10-01")
        let values = done([
            "2026-10-01", "2026-10-05", "2026-10-10", "2026-10-15", "2026-10-20", "2026-11-03", "2026-11-08",
            "2026-11-12", "2026-11-17", "2026-11-20",
        ])
        let progress = TrackerProgress(tracker: habit, values: values, today: today, timeZone: seoul)
        // 31 days of October and 21 of November, every one done or covered.
        #expect(progress.currentStreak == 52)
        #expect(progress.daysMet == 10)
        // With only four in October, its last days fall out of every window: they are missed.
        var four = values
        four[day("2026-10-20")] = nil
        let broken = TrackerProgress(tracker: habit, values: four, today: today, timeZone: seoul)
        // No window of October holds five done days; November's runs from the 3rd.
        #expect(broken.currentStreak == 19)
        #expect(!habit.coveredDays(values: four).contains(day("2026-10-31")))
    }

    @Test("the strength follows Loop's score: a window of twice the days and times, decay 0.5^(√freq/13)")
    func strength() throws {
        // 3 times a week from Sunday the 8th, done Mon, Wed, Fri twice: 14 days. Doubled, the window is 14 days
        // and the aim 6; the done days so far in it are 0 1 1 2 2 3 3 3 4 4 5 5 6 6.
        let habit = tracker(try frequency("3/week"), since: "2026-11-08")
        let values = done(["2026-11-09", "2026-11-11", "2026-11-13", "2026-11-16", "2026-11-18", "2026-11-20"])
        let progress = TrackerProgress(tracker: habit, values: values, today: today, timeZone: seoul)
        #expect(abs(TrackerProgress.decay(for: habit.frequency) - 0.9656966817138625) < 1e-15)
        #expect(abs(progress.strength - 0.2233171068310158) < 1e-12)
        #expect(progress.currentStreak == 14)

        // Every 2 days, done every other day for 60 days, beginning the day after it was made: the 4-day window
        // holds 0, 1, 1, then always 2 done days of the 2 it asks, so the score is
        // 1 − (1 − ½(1 − m²))·m⁵⁷ with m = 0.5^(√½/13).
        let everyOther = tracker(try frequency("every-2-days"), since: "2026-09-23")
        let alternate = Dictionary(
            uniqueKeysWithValues: stride(from: 0, through: 58, by: 2).map { (today.adding(days: -$0), 1.0) })
        let kept = TrackerProgress(tracker: everyOther, values: alternate, today: today, timeZone: seoul)
        let m = pow(0.5, 0.5.squareRoot() / 13)
        #expect(abs(kept.strength - (1 - (1 - 0.5 * (1 - m * m)) * pow(m, 57))) < 1e-12)
        #expect(kept.currentStreak == 59)

        // A daily tracker's decay is the one it always had.
        #expect(TrackerProgress.decay(for: .daily) == TrackerProgress.decay)
        #expect(TrackerProgress.recentDays(for: .daily) == TrackerProgress.recentDays)
    }

    @Test("a number tracker with a target counts a day done when the target is met, and covers by it")
    func numbersWithTargets() throws {
        var water = tracker(try frequency("every-2-days"), since: "2026-11-17", kind: .number)
        water.target = TrackerTarget(.atLeast, 2)
        // Short on the 18th (1 of 2 litres): it is neither done nor covering.
        let values: [DayKey: Double] = [day("2026-11-17"): 2, day("2026-11-18"): 1, day("2026-11-20"): 2.5]
        let covered = water.coveredDays(values: values)
        #expect(covered == Set([day("2026-11-18"), day("2026-11-21")]))
        let progress = TrackerProgress(tracker: water, values: values, today: today, timeZone: seoul)
        #expect(progress.currentStreak == 2)
        #expect(progress.longestStreak == 2)
        #expect(progress.daysMet == 2)
    }

    @Test("a far-apart frequency reads further back for the strength, so the recent window still gives it")
    func recentWindow() throws {
        let habit = tracker(try frequency("2/week"), since: "2016-11-21")
        let values = Dictionary(
            uniqueKeysWithValues: stride(from: 0, through: 3650, by: 1).filter { $0 % 7 == 1 || $0 % 7 == 4 }.map {
                (today.adding(days: -$0), 1.0)
            })
        let whole = TrackerProgress(tracker: habit, values: values, today: today, timeZone: seoul)
        let since = today.adding(days: -TrackerProgress.recentDays(for: habit.frequency))
        let recent = TrackerProgress(tracker: habit, values: values, today: today, timeZone: seoul, since: since)
        #expect(abs(whole.strength - recent.strength) < 1e-9)
    }

    @Test("a note is trimmed, blank is none, and it has an explicit limit")
    func notes() throws {
        #expect(try Tracker.checkedNote("  Did you meditate today?\n") == "Did you meditate today?")
        #expect(try Tracker.checkedNote("   ") == nil)
        #expect(throws: FieldProblem.tooLong(limit: 500)) {
            try Tracker.checkedNote(String(repeating: "가", count: 501))
        }
        #expect(Tracker.clippedNote(String(repeating: "a", count: 600))?.count == 500)
    }
}
