import DaybookCore
import Foundation

public enum StatsPresenter {
    public static func present(_ response: Stats.Load.Response, localizer: Localizer) -> Stats.ViewModel {
        let duration = { (seconds: Int) in FocusPresenter.duration(seconds, localizer: localizer) }
        let all = response.allTime
        return Stats.ViewModel(
            title: localizer("nav.stats"),
            totalsHeading: localizer("stats.totals.heading"),
            totals: [
                ("today", response.todayTotal), ("week", response.weekTotal), ("month", response.monthTotal),
                ("all", all),
            ].map { id, total in
                Stats.Total(
                    id: id, label: localizer("stats.total.\(id)"), value: duration(total.seconds),
                    minutes: total.seconds / 60)
            },
            sessionsLine: localizer.plural(
                "stats.sessions", count: all.sessions, localizer.number(all.completed),
                localizer.number(all.sessions - all.completed)),
            week: week(response, localizer: localizer),
            streaks: streaks(response, localizer: localizer),
            insight: insight(response, localizer: localizer),
            heatmap: heatmap(response, localizer: localizer),
            hours: hours(response, localizer: localizer),
            records: records(response, localizer: localizer))
    }

    static func week(_ response: Stats.Load.Response, localizer: Localizer) -> Stats.Week {
        let week = response.week
        let last = week.adding(days: 6)
        let range = localizer(
            "stats.week.range", localizer.day(week, weekday: false), localizer.day(last, weekday: false))
        let isCurrent = week == response.thisWeek
        let total = response.weekTasks.map(\.seconds).max() ?? 0
        return Stats.Week(
            heading: localizer("stats.week.heading"), range: range, start: week.description,
            previousHref: "/stats?week=\(week.adding(days: -7))",
            nextHref: isCurrent ? nil : "/stats?week=\(week.adding(days: 7))",
            currentHref: isCurrent ? nil : "/stats",
            previousLabel: localizer("stats.week.previous"), nextLabel: localizer("stats.week.next"),
            currentLabel: localizer("stats.week.current"),
            chart: weekChart(response, range: range, localizer: localizer),
            tasksHeading: localizer("stats.tasks.heading"),
            tasks: response.weekTasks.map { task in
                Stats.TaskRow(
                    title: task.title ?? localizer("stats.tasks.none"),
                    color: task.colorHex.flatMap { TaskColor.color(for: $0)?.hex } ?? "#8a8f98",
                    value: FocusPresenter.duration(task.seconds, localizer: localizer),
                    width: format(total > 0 ? max(2, 100 * Double(task.seconds) / Double(total)) : 0))
            },
            hasTasks: !response.weekTasks.isEmpty, tasksEmpty: localizer("stats.tasks.empty"))
    }

    static func streaks(_ response: Stats.Load.Response, localizer: Localizer) -> Stats.StreakView? {
        let goal = response.settings.dailyGoalMinutes
        guard goal > 0 else { return nil }
        return Stats.StreakView(
            heading: localizer("stats.streak.heading"),
            currentLabel: localizer("stats.streak.current"),
            current: localizer.plural("stats.streak.days", count: response.streaks.current),
            longestLabel: localizer("stats.streak.longest"),
            longest: localizer.plural("stats.streak.days", count: response.streaks.longest),
            hint: localizer("stats.streak.hint", FocusPresenter.duration(goal * 60, localizer: localizer)))
    }

    /// How sleep and mood go with focus, in plain words, once there are enough rated days.
    static func insight(_ response: Stats.Load.Response, localizer: Localizer) -> Stats.Insight {
        let minimum = RatingFocusSums.minimumDays
        var lines: [String] = []
        for (rating, sums) in [(DailyRating.sleep, response.sleep), (.mood, response.mood)] where sums.count >= minimum
        {
            guard let r = sums.pearson else { continue }
            let strength = CorrelationStrength(r)
            let direction = strength == .none ? "none" : (r > 0 ? "positive" : "negative")
            lines.append(
                localizer(
                    "stats.insight.\(rating.rawValue).\(direction)", localizer.number(sums.count),
                    localizer("stats.strength.\(strength.rawValue)"), localizer.decimal(r)))
            if sums.high.days >= 3, sums.low.days >= 3 {
                lines.append(
                    localizer(
                        "stats.insight.\(rating.rawValue).averages",
                        FocusPresenter.duration(Int(sums.high.minutes * 60), localizer: localizer),
                        localizer.number(sums.high.days),
                        FocusPresenter.duration(Int(sums.low.minutes * 60), localizer: localizer),
                        localizer.number(sums.low.days)))
            }
        }
        lines += trackerLines(response, localizer: localizer)
        let rated = max(response.sleep.count, response.mood.count)
        return Stats.Insight(
            heading: localizer("stats.insight.heading"), lines: lines,
            waiting: lines.isEmpty
                ? localizer("stats.insight.waiting", localizer.number(minimum), localizer.number(rated)) : nil)
    }

    /// How each tracker goes with focus and mood, in the same plain words as sleep and mood, once it has enough
    /// days: a yes/no tracker compares the days it was done with the others; the other kinds correlate.
    static func trackerLines(_ response: Stats.Load.Response, localizer: Localizer) -> [String] {
        let minimum = RatingFocusSums.minimumDays
        var lines: [String] = []
        for insight in response.trackers {
            let name = insight.tracker.name
            if insight.tracker.kind == .boolean {
                if insight.done.days >= 3, insight.notDone.days >= 3,
                    insight.done.days + insight.notDone.days >= minimum
                {
                    lines.append(
                        localizer(
                            "stats.insight.tracker.boolean", name,
                            FocusPresenter.duration(Int(insight.done.minutes * 60), localizer: localizer),
                            localizer.number(insight.done.days),
                            FocusPresenter.duration(Int(insight.notDone.minutes * 60), localizer: localizer),
                            localizer.number(insight.notDone.days)))
                }
                continue
            }
            for (aspect, sums) in [("focus", insight.focus), ("mood", insight.mood)] where sums.count >= minimum {
                guard let r = sums.pearson else { continue }
                let strength = CorrelationStrength(r)
                let direction = strength == .none ? "none" : (r > 0 ? "positive" : "negative")
                lines.append(
                    localizer(
                        "stats.insight.tracker.\(aspect).\(direction)", name, localizer.number(sums.count),
                        localizer("stats.strength.\(strength.rawValue)"), localizer.decimal(r)))
            }
        }
        return lines
    }

    static func records(_ response: Stats.Load.Response, localizer: Localizer) -> Stats.Records {
        let goalSeconds = response.settings.dailyGoalMinutes * 60
        let dash = "–"
        return Stats.Records(
            heading: localizer("stats.records.heading"),
            dayHeader: localizer("stats.records.day"), focusHeader: localizer("stats.records.focus"),
            sessionsHeader: localizer("stats.records.sessions"), tasksHeader: localizer("stats.records.tasks"),
            moodHeader: localizer("stats.records.mood"), sleepHeader: localizer("stats.records.sleep"),
            rows: response.records.map { record in
                Stats.RecordRow(
                    day: record.day.description,
                    label: localizer.day(record.day, year: record.day.year != response.today.year),
                    href: "/log/\(record.day)",
                    focus: record.focus.seconds > 0
                        ? FocusPresenter.duration(record.focus.seconds, localizer: localizer) : dash,
                    focusMinutes: record.focus.seconds / 60,
                    sessions: record.focus.sessions > 0 ? localizer.number(record.focus.sessions) : dash,
                    tasks: record.tasks.planned > 0
                        ? localizer(
                            "stats.records.tally", localizer.number(record.tasks.done),
                            localizer.number(record.tasks.planned)) : dash,
                    mood: record.log?.mood.map { localizer("log.mood.\($0)") } ?? dash,
                    sleep: record.log?.sleepQuality.map { localizer("log.sleep.\($0)") } ?? dash,
                    meetsGoal: goalSeconds > 0 && record.focus.seconds >= goalSeconds)
            },
            newerHref: response.page > 0
                ? (response.page == 1
                    ? "/stats?week=\(response.week)" : "/stats?week=\(response.week)&page=\(response.page - 1)")
                : nil,
            olderHref: response.hasOlderRecords ? "/stats?week=\(response.week)&page=\(response.page + 1)" : nil,
            newerLabel: localizer("stats.records.newer"), olderLabel: localizer("stats.records.older"))
    }

    public static func message(for problem: Stats.Problem, localizer: Localizer) -> String {
        switch problem {
        case .invalidWeek: localizer("stats.error.week")
        case .futureWeek: localizer("stats.error.futureWeek")
        case .invalidPage: localizer("stats.error.page")
        }
    }

    /// A coordinate with at most one decimal, for SVG attributes.
    static func format(_ value: Double) -> String {
        String(format: "%.1f", value)
    }
}
