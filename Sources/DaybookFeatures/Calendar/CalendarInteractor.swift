import DaybookCore
import Foundation

/// A month of the journal: which days have entries (with a cover photo) or a Daily Log, and one day opened.
public struct CalendarInteractor: Sendable {
    private let store: any JournalStore
    private let settings: any SettingsStore
    private let clock: any DaybookClock
    private let initial: @Sendable () -> Settings

    public init(
        store: any JournalStore, settings: any SettingsStore, clock: any DaybookClock,
        initial: @escaping @Sendable () -> Settings
    ) {
        self.store = store
        self.settings = settings
        self.clock = clock
        self.initial = initial
    }

    /// - Parameters:
    ///   - rawMonth: `YYYY-MM`, or `nil` for this month (or the month of `rawDay`).
    ///   - rawDay: `YYYY-MM-DD` to open below the grid.
    /// - Throws: `JournalCalendar.Problem.invalidDate`.
    public func month(_ rawMonth: String?, day rawDay: String?) async throws -> JournalCalendar.Response {
        let owner = try await settings.loadSettings() ?? initial()
        let zone = owner.timeZone
        let today = DayKey(date: clock.now(), timeZone: zone)
        var selected: DayKey?
        if let rawDay, !rawDay.isEmpty {
            guard let day = DayKey(string: rawDay), JournalEntry.Limits.years.contains(day.year) else {
                throw JournalCalendar.Problem.invalidDate
            }
            selected = day
        }
        let month: DayKey
        if let rawMonth, !rawMonth.isEmpty {
            guard let first = DayKey(string: rawMonth + "-01"), rawMonth.count == 7,
                JournalEntry.Limits.years.contains(first.year)
            else { throw JournalCalendar.Problem.invalidDate }
            month = first
        } else {
            month = (selected ?? today).startOfMonth
        }
        let first = month.startOfWeek(firstWeekday: owner.firstWeekday.calendarValue)
        let last = first.adding(days: 41)
        let days = try await store.calendarDays(from: first, through: last)
        var entries: [JournalEntrySummary] = []
        if let selected {
            // The day's entries are the newest ones before the next day began.
            let next = selected.adding(days: 1).date(in: zone)
            let page = try await store.entries(
                JournalListQuery(limit: 50, after: JournalCursor(moment: next, id: "")))
            entries = page.entries.filter { $0.day == selected }
        }
        return JournalCalendar.Response(
            settings: owner, month: month, today: today, days: days, selected: selected, entries: entries)
    }
}
