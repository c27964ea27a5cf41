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
            focusLabel: localizer("focus.open"))
    }
}
