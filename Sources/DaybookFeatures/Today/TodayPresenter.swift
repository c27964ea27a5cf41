import DaybookCore
import Foundation

public enum TodayPresenter {
    public static func present(_ response: Today.Load.Response, localizer: Localizer) -> Today.ViewModel {
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
            block: block(response, localizer: localizer),
            anytime: response.tasks.filter { !$0.isTimed }.map {
                Today.Anytime(id: $0.id, title: $0.title, isDone: $0.isDone)
            },
            anytimeHeading: localizer("today.anytime"),
            focusTotalLabel: localizer("focus.today"),
            focusTotal: FocusPresenter.duration(response.focusSeconds, localizer: localizer),
            isEmpty: response.tasks.isEmpty)
    }

    /// The block due now ("Now · 20 min left"), else the next one ("Starts in 20 min").
    static func block(_ response: Today.Load.Response, localizer: Localizer) -> Today.Block? {
        let minute = TimeOfDay(date: response.now, timeZone: response.settings.timeZone).minutes
        let current = TimelineLayout.current(blocks: response.tasks, at: minute)
        guard let task = current.due ?? current.next, let start = task.start, let end = task.endMinute else {
            return nil
        }
        let endLabel = end == TimeOfDay.minutesPerDay ? "24:00" : TimeOfDay(minutes: end)?.description ?? ""
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
