import DaybookCore
import Foundation
import Testing

@Suite("Tracker targets, streaks and strength")
struct TrackerRulesTests {
    let seoul = TimeZone(identifier: "Asia/Seoul")!
    let today = DayKey(year: 2026, month: 11, day: 21)!

    func tracker(_ kind: TrackerKind, target: TrackerTarget? = nil, createdDaysAgo: Int = 30) -> Tracker {
        Tracker(
            id: "t", name: "T", kind: kind, target: target,
            createdAt: today.adding(days: -createdDaysAgo).date(in: seoul).addingTimeInterval(3600))
    }

    func days(_ offsets: [Int], value: Double = 1) -> [DayKey: Double] {
        Dictionary(uniqueKeysWithValues: offsets.map { (today.adding(days: -$0), value) })
    }

    @Test("a day meets the aim: done, the target reached from the right side, or anything noted without one")
    func targets() {
        #expect(tracker(.boolean).meets(1))
        #expect(!tracker(.boolean).meets(nil))
        let water = tracker(.number, target: TrackerTarget(.atLeast, 2))
        #expect(water.meets(2) && water.meets(2.5) && !water.meets(1.9) && !water.meets(nil))
        let coffee = tracker(.number, target: TrackerTarget(.atMost, 2))
        #expect(coffee.meets(0) && coffee.meets(2) && !coffee.meets(3))
        #expect(tracker(.rating).meets(1))
        // Half a target earns half a day's credit; "at most" is all or nothing.
        #expect(water.credit(1) == 0.5 && water.credit(4) == 1)
        #expect(coffee.credit(3) == 0 && coffee.credit(1) == 1)
    }

    @Test("the streak runs to today, or to yesterday while today is still open; the longest is kept")
    func streaks() {
        let habit = tracker(.boolean)
        // Done the 10 days up to yesterday, a gap, then 3 days before that.
        var values = days(Array(1...10))
        values.merge(days([12, 13, 14]), uniquingKeysWith: { a, _ in a })
        let open = TrackerProgress(tracker: habit, values: values, today: today, timeZone: seoul)
        #expect(open.currentStreak == 10)
        #expect(open.longestStreak == 10)
        values[today] = 1
        let done = TrackerProgress(tracker: habit, values: values, today: today, timeZone: seoul)
        #expect(done.currentStreak == 11)
        #expect(done.longestStreak == 11)
        #expect(done.daysMet == 14)
        // A missed yesterday ends the streak, even with today open.
        let missed = TrackerProgress(
            tracker: habit, values: days([2, 3, 4]), today: today, timeZone: seoul)
        #expect(missed.currentStreak == 0 && missed.longestStreak == 3)
    }

    @Test("strength grows with kept days and forgives one missed day, as an exponential average does")
    func strength() {
        let habit = tracker(.boolean, createdDaysAgo: 59)
        let always = TrackerProgress(tracker: habit, values: days(Array(0...59)), today: today, timeZone: seoul)
        // 60 kept days: 1 − 0.5^(60/13) ≈ 0.959.
        #expect(abs(always.strength - (1 - pow(0.5, 60.0 / 13))) < 1e-9)
        var gap = days(Array(0...59))
        gap[today.adding(days: -1)] = nil
        let forgiven = TrackerProgress(tracker: habit, values: gap, today: today, timeZone: seoul)
        #expect(forgiven.currentStreak == 1)
        // One missed day costs a few points of strength, not the whole habit.
        #expect(always.strength - forgiven.strength < 0.06)
        #expect(forgiven.strength > 0.9)
        let never = TrackerProgress(tracker: habit, values: [:], today: today, timeZone: seoul)
        #expect(never.strength == 0 && never.currentStreak == 0)
    }

    @Test("the last 400 days give the same strength as ten years, to a billionth")
    func recentWindow() {
        let habit = tracker(.boolean, createdDaysAgo: 3650)
        let values = days(Array(stride(from: 0, through: 3650, by: 1)).filter { $0 % 7 != 3 })
        let whole = TrackerProgress(tracker: habit, values: values, today: today, timeZone: seoul)
        let since = today.adding(days: -TrackerProgress.recentDays)
        let recent = TrackerProgress(tracker: habit, values: values, today: today, timeZone: seoul, since: since)
        #expect(abs(whole.strength - recent.strength) < 1e-9)
        #expect(whole.currentStreak == recent.currentStreak)
    }

    @Test("a number short of an at-least target still builds strength, in proportion")
    func partialCredit() {
        let water = tracker(.number, target: TrackerTarget(.atLeast, 2), createdDaysAgo: 13)
        // Today is left open in both, so both are judged through yesterday.
        let half = TrackerProgress(tracker: water, values: days(Array(1...13), value: 1), today: today, timeZone: seoul)
        let full = TrackerProgress(tracker: water, values: days(Array(1...13), value: 2), today: today, timeZone: seoul)
        #expect(half.currentStreak == 0)
        #expect(abs(half.strength - full.strength / 2) < 1e-9)
    }

    @Test("the insight pairs each noted day with its focus and mood; a habit compares done days with the rest")
    func insight() {
        let habit = tracker(.boolean, createdDaysAgo: 3)
        let range = today.adding(days: -364)...today
        let focus = [today: 120.0, today.adding(days: -1): 60, today.adding(days: -2): 30]
        let insight = TrackerInsight(
            tracker: habit, values: days([0, 1]), days: range, focusMinutes: focus, moods: [today: 4], timeZone: seoul)
        #expect(insight.done.days == 2 && insight.done.minutes == 90)
        // The day it began (3 days ago, no focus) and the day after without it.
        #expect(insight.notDone.days == 2 && insight.notDone.minutes == 15)
        #expect(insight.mood.count == 1)
    }
}
