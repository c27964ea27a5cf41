import DaybookCore
import Foundation

public enum CalendarPresenter {
    public static func present(_ response: JournalCalendar.Response, localizer: Localizer) -> JournalCalendar.ViewModel
    {
        let month = response.month
        let firstWeekday = response.settings.firstWeekday.calendarValue
        let start = month.startOfWeek(firstWeekday: firstWeekday)
        let nextMonth = month.adding(days: 32).startOfMonth
        let previousMonth = month.adding(days: -1).startOfMonth
        let byDay = Dictionary(response.days.map { ($0.day, $0) }, uniquingKeysWith: { first, _ in first })
        let symbols = localizer.calendar.shortStandaloneWeekdaySymbols
        let weekdays = (0..<7).map { symbols[(firstWeekday - 1 + $0) % 7] }
        // As many weeks as the month spans: four to six.
        let weekCount = (start.days(to: nextMonth) + 6) / 7
        let labels = localizer.dayLabels(from: start, count: weekCount * 7, yearUnless: response.today.year)
        let weeks = (0..<weekCount).map { week in
            JournalCalendar.Week(
                days: (0..<7).map { offset in
                    let day = start.adding(days: week * 7 + offset)
                    let info = byDay[day]
                    let count = info?.entryCount ?? 0
                    var label = labels[week * 7 + offset]
                    if count > 0 {
                        label += ", " + localizer.plural("calendar.entries", count: count, localizer.number(count))
                    }
                    if info?.hasDailyLog == true { label += ", " + localizer("calendar.hasLog") }
                    return JournalCalendar.Cell(
                        day: day.description, number: localizer.number(day.day), label: label,
                        href: "/calendar?month=\(monthString(day.startOfMonth))&day=\(day)",
                        isInMonth: day.month == month.month && day.year == month.year,
                        isToday: day == response.today, isSelected: day == response.selected,
                        hasEntries: count > 0, hasLog: info?.hasDailyLog ?? false,
                        thumbnail: info?.coverPhotoID.map { JournalPresenter.thumbnail($0, width: 160) })
                })
        }
        let panel = response.selected.map { day in
            JournalCalendar.DayPanel(
                heading: localizer.day(day, year: day.year != response.today.year),
                entries: response.entries.map { JournalPresenter.row($0, today: response.today, localizer: localizer) },
                isEmpty: response.entries.isEmpty, emptyText: localizer("calendar.noEntries"),
                logHref: "/log/\(day)", logLabel: localizer("journal.dayLog"),
                newHref: "/journal/new?date=\(day)", newLabel: localizer("journal.new"))
        }
        let thisMonth = response.today.startOfMonth
        return JournalCalendar.ViewModel(
            title: localizer("nav.calendar"), monthLabel: localizer.monthAndYear(month), month: monthString(month),
            previousHref: "/calendar?month=\(monthString(previousMonth))",
            previousLabel: localizer("calendar.previous"),
            nextHref: "/calendar?month=\(monthString(nextMonth))", nextLabel: localizer("calendar.next"),
            todayHref: month == thisMonth && response.selected == nil ? nil : "/calendar",
            todayLabel: localizer("calendar.today"),
            weekdays: weekdays, weeks: weeks, selected: panel)
    }

    public static func message(for problem: JournalCalendar.Problem, localizer: Localizer) -> String {
        switch problem {
        case .invalidDate: localizer("calendar.error.date")
        }
    }

    static func monthString(_ day: DayKey) -> String {
        String(day.description.prefix(7))
    }
}
