import DaybookCore
import Foundation

public enum Stats {
    /// Why a request for statistics was refused.
    public enum Problem: Error, Equatable, Sendable {
        /// `week` is not a YYYY-MM-DD day.
        case invalidWeek
        /// `week` is after this week.
        case futureWeek
        /// `page` is not a whole number from 0.
        case invalidPage
    }

    public enum Load {
        public struct Request: Sendable {
            /// Any day of the week to chart, as typed; `nil` for this week.
            public var week: String?
            /// The page of daily records, as typed; `nil` for the newest.
            public var page: String?

            public init(week: String? = nil, page: String? = nil) {
                self.week = week
                self.page = page
            }
        }

        public struct Response: Sendable {
            public var settings: Settings
            public var today: DayKey
            /// The first day of the charted week.
            public var week: DayKey
            public var thisWeek: DayKey
            public var todayTotal: FocusDayTotal
            public var weekTotal: FocusDayTotal
            public var monthTotal: FocusDayTotal
            public var allTime: FocusDayTotal
            /// The charted week's days (absent: no focus).
            public var weekDays: [DayKey: FocusDayTotal]
            public var weekTasks: [TaskFocus]
            /// The first day of the heatmap (a week start), through today.
            public var heatmapStart: DayKey
            public var heatmap: [DayKey: FocusDayTotal]
            /// Focused seconds per local hour over `hoursDays` days up to today.
            public var hours: [Int]
            public var hoursDays: Int
            public var streaks: Streaks
            public var sleep: RatingFocusSums
            public var mood: RatingFocusSums
            /// How each active tracker went with focus and mood.
            public var trackers: [TrackerInsight]
            /// How many days back the insight looks.
            public var insightDays: Int
            public var records: [DayRecord]
            public var page: Int
            public var hasOlderRecords: Bool
        }
    }

    /// One day of the daily records.
    public struct DayRecord: Sendable {
        public var day: DayKey
        public var focus: FocusDayTotal
        public var tasks: TaskTally
        public var log: DailyLog?
    }

    /// The dashboard as the page and the API show it.
    public struct ViewModel: Sendable, Encodable {
        public var title: String
        public var totalsHeading: String
        public var totals: [Total]
        public var sessionsLine: String
        public var week: Week
        public var streaks: StreakView?
        public var insight: Insight
        public var heatmap: Heatmap
        public var hours: Hours
        public var records: Records
    }

    public struct Total: Sendable, Encodable {
        public var id: String
        public var label: String
        public var value: String
        public var minutes: Int
    }

    public struct Week: Sendable, Encodable {
        public var heading: String
        public var range: String
        /// `YYYY-MM-DD` of the week's first day.
        public var start: String
        public var previousHref: String
        public var nextHref: String?
        public var currentHref: String?
        public var previousLabel: String
        public var nextLabel: String
        public var currentLabel: String
        public var chart: WeekChart
        public var tasksHeading: String
        public var tasks: [TaskRow]
        public var hasTasks: Bool
        public var tasksEmpty: String
    }

    /// A bar chart drawn on a 360 × 200 SVG canvas.
    public struct WeekChart: Sendable, Encodable {
        public var title: String
        public var description: String
        public var bars: [Bar]
        public var ticks: [Tick]
        public var goal: GoalLine?
        public var tableCaption: String
        public var dayHeader: String
        public var focusHeader: String
        public var showTable: String
    }

    public struct Bar: Sendable, Encodable {
        public var day: String
        public var label: String
        public var fullLabel: String
        public var value: String
        /// `h:mm`, drawn above the bar.
        public var shortValue: String
        public var minutes: Int
        public var x: String
        public var y: String
        public var width: String
        public var height: String
        public var labelX: String
        public var valueY: String
        public var meetsGoal: Bool
        public var isToday: Bool
        public var href: String
    }

    public struct Tick: Sendable, Encodable {
        public var y: String
        public var label: String
        public var labelY: String
    }

    public struct GoalLine: Sendable, Encodable {
        public var y: String
        public var label: String
        public var labelY: String
    }

    public struct TaskRow: Sendable, Encodable {
        public var title: String
        public var color: String
        public var value: String
        public var width: String
    }

    public struct StreakView: Sendable, Encodable {
        public var heading: String
        public var currentLabel: String
        public var current: String
        public var longestLabel: String
        public var longest: String
        public var hint: String
    }

    public struct Insight: Sendable, Encodable {
        public var heading: String
        public var lines: [String]
        /// Shown instead of the lines until there are enough days.
        public var waiting: String?
    }

    public struct Heatmap: Sendable, Encodable {
        public var heading: String
        public var description: String
        public var width: Int
        public var cells: [HeatCell]
        public var months: [HeatLabel]
        public var lessLabel: String
        public var moreLabel: String
    }

    public struct HeatCell: Sendable, Encodable {
        public var x: Int
        public var y: Int
        public var level: Int
        public var title: String
    }

    public struct HeatLabel: Sendable, Encodable {
        public var x: Int
        public var text: String
    }

    public struct Hours: Sendable, Encodable {
        public var heading: String
        public var description: String
        public var bars: [HourBar]
        public var labels: [HeatLabel]
    }

    public struct HourBar: Sendable, Encodable {
        public var hour: Int
        public var x: String
        public var y: String
        public var height: String
        public var title: String
        public var minutes: Int
    }

    public struct Records: Sendable, Encodable {
        public var heading: String
        public var dayHeader: String
        public var focusHeader: String
        public var sessionsHeader: String
        public var tasksHeader: String
        public var moodHeader: String
        public var sleepHeader: String
        public var rows: [RecordRow]
        public var newerHref: String?
        public var olderHref: String?
        public var newerLabel: String
        public var olderLabel: String
    }

    public struct RecordRow: Sendable, Encodable {
        public var day: String
        public var label: String
        public var href: String
        public var focus: String
        public var focusMinutes: Int
        public var sessions: String
        public var tasks: String
        public var mood: String
        public var sleep: String
        public var meetsGoal: Bool
    }
}
