import DaybookCore
import Foundation

public enum TodayPresenter {
    /// Today; `paired` on a phone just signed in by a pairing link, to welcome it.
    public static func present(_ response: Today.Load.Response, paired: Bool = false, localizer: Localizer)
        -> Today.ViewModel
    {
        let period = DayPeriod(date: response.now, timeZone: response.settings.timeZone)
        return Today.ViewModel(
            title: localizer("nav.today"),
            greeting: localizer("today.greeting.\(period.rawValue)", response.settings.name),
            period: period.rawValue,
            date: localizer.longDate(response.now),
            journalName: response.settings.journalName,
            emptyHeading: localizer("today.empty.heading"),
            emptyBody: localizer("today.empty.body"),
            focusLabel: localizer("focus.open"),
            planLabel: localizer("today.plan"),
            logLabel: localizer("today.log"),
            block: block(response, localizer: localizer),
            anytime: response.tasks.filter { !$0.isTimed }.map {
                Today.Anytime(id: $0.id, title: $0.title, isDone: $0.isDone)
            },
            anytimeHeading: localizer("today.anytime"),
            focusTotalLabel: localizer("focus.today"),
            focusTotal: FocusPresenter.duration(response.focusSeconds, localizer: localizer),
            isEmpty: response.tasks.isEmpty,
            goal: goal(response, localizer: localizer),
            sleepPrompt: period == .morning && response.log?.sleepQuality == nil
                ? Today.SleepPrompt(
                    question: localizer("today.sleep.question"), hint: localizer("today.sleep.hint"),
                    choices: DailyLog.Limits.rating.map {
                        Today.SleepChoice(value: $0, label: localizer("log.sleep.\($0)"))
                    }) : nil,
            onThisDay: onThisDay(response, localizer: localizer),
            trackers: trackers(response, localizer: localizer),
            backupWarning: response.backupFailed ? localizer("backups.today.failed") : nil,
            welcome: paired ? DevicesPresenter.welcome(localizer: localizer) : nil)
    }

    static func trackers(_ response: Today.Load.Response, localizer: Localizer) -> Today.TrackerSection {
        let today = DayKey(date: response.now, timeZone: response.settings.timeZone)
        return Today.TrackerSection(
            heading: localizer("trackers.today"),
            slots: response.trackers.map {
                TrackerPresenter.slot(
                    $0, value: response.trackerValues[$0.id], day: today, back: "/", localizer: localizer)
            },
            manageHref: "/trackers", manageLabel: localizer("trackers.manage"),
            emptyText: localizer("trackers.todayEmpty"), isEmpty: response.trackers.isEmpty)
    }

    static func onThisDay(_ response: Today.Load.Response, localizer: Localizer) -> Today.OnThisDay? {
        guard !response.onThisDay.isEmpty else { return nil }
        let today = DayKey(date: response.now, timeZone: response.settings.timeZone)
        return Today.OnThisDay(
            heading: localizer("journal.onThisDay"),
            entries: response.onThisDay.map { JournalPresenter.row($0, today: today, localizer: localizer) })
    }

    public static func message(for problem: Today.Problem, localizer: Localizer) -> String {
        switch problem {
        case .invalidRating: LogPresenter.message(for: .invalidRating(.sleep), localizer: localizer)
        }
    }

    /// The radius of the goal ring in the SVG's units.
    static let ringRadius = 52.0

    /// How far today's focus has come toward the goal, as the ring and words show it.
    static func goal(_ response: Today.Load.Response, localizer: Localizer) -> Today.Goal? {
        let goalMinutes = response.settings.dailyGoalMinutes
        guard goalMinutes > 0 else { return nil }
        let fraction = Double(response.focusSeconds) / Double(goalMinutes * 60)
        let circumference = 2 * Double.pi * ringRadius
        let spent = FocusPresenter.duration(response.focusSeconds, localizer: localizer)
        let target = FocusPresenter.duration(goalMinutes * 60, localizer: localizer)
        let percent = localizer.percent(fraction)
        return Today.Goal(
            label: localizer("today.goal.label", spent, target),
            description: localizer("today.goal.description", spent, target, percent),
            percent: percent, isReached: fraction >= 1, isEmpty: response.focusSeconds == 0,
            dash: String(format: "%.2f %.2f", min(fraction, 1) * circumference, circumference),
            circumference: String(format: "%.2f", circumference))
    }

    /// The block due now ("Now · 20 min left"), else the next one ("Starts in 20 min").
    static func block(_ response: Today.Load.Response, localizer: Localizer) -> Today.Block? {
        let minute = TimeOfDay(date: response.now, timeZone: response.settings.timeZone).minutes
        let current = TimelineLayout.current(blocks: response.tasks, at: minute)
        guard let task = current.due ?? current.next, let start = task.start, let end = task.endMinute else {
            return nil
        }
        let endLabel = TimeOfDay.endLabel(end)
        let isDue = current.due != nil
        let when =
            isDue
            ? localizer("today.block.now", FocusPresenter.duration((end - minute) * 60, localizer: localizer))
            : localizer(
                "today.block.startsIn",
                FocusPresenter.duration((current.startsInMinutes ?? 0) * 60, localizer: localizer))
        return Today.Block(
            taskID: task.id, title: task.title, timeLabel: "\(start.description)–\(endLabel)", when: when, isDue: isDue,
            startLabel: localizer("today.block.focus"))
    }
}
