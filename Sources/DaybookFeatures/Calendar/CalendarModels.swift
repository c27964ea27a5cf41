import DaybookCore
import Foundation

public enum JournalCalendar {
    public enum Problem: Error, Equatable, Sendable {
        /// `month` is not YYYY-MM or `day` not YYYY-MM-DD (years 1900–9999).
        case invalidDate
    }

    public struct Response: Sendable {
        public var settings: Settings
        /// The first day of the month shown.
        public var month: DayKey
        public var today: DayKey
        /// Days of the month (and the days of the weeks around it) that have an entry or a Daily Log.
        public var days: [JournalDay]
        /// The day opened below the grid, with its entries.
        public var selected: DayKey?
        public var entries: [JournalEntrySummary]
    }

    public struct ViewModel: Sendable, Encodable {
        public var title: String
        public var monthLabel: String
        public var month: String
        public var previousHref: String
        public var previousLabel: String
        public var nextHref: String
        public var nextLabel: String
        public var todayHref: String?
        public var todayLabel: String
        public var weekdays: [String]
        public var weeks: [Week]
        public var selected: DayPanel?
    }

    public struct Week: Sendable, Encodable {
        public var days: [Cell]
    }

    public struct Cell: Sendable, Encodable {
        public var day: String
        public var number: String
        public var label: String
        public var href: String
        public var isInMonth: Bool
        public var isToday: Bool
        public var isSelected: Bool
        public var hasEntries: Bool
        public var hasLog: Bool
        public var thumbnail: Journal.Thumbnail?
    }

    public struct DayPanel: Sendable, Encodable {
        public var heading: String
        public var entries: [Journal.Row]
        public var isEmpty: Bool
        public var emptyText: String
        public var logHref: String
        public var logLabel: String
        public var newHref: String
        public var newLabel: String
    }
}
