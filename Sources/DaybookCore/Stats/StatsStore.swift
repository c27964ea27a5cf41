import Foundation

/// Focus on one local day: the part of every session spent on it, and the sessions that started on it.
public struct FocusDayTotal: Equatable, Sendable {
    public var seconds: Int
    public var sessions: Int
    public var completed: Int

    public init(seconds: Int = 0, sessions: Int = 0, completed: Int = 0) {
        self.seconds = seconds
        self.sessions = sessions
        self.completed = completed
    }
}

/// Focus per task (by title and colour, so a series edited "from this day on" stays one row).
public struct TaskFocus: Equatable, Sendable {
    /// `nil` for sessions that were not on a task (or whose task was deleted).
    public var title: String?
    public var colorHex: String?
    public var seconds: Int

    public init(title: String?, colorHex: String?, seconds: Int) {
        self.title = title
        self.colorHex = colorHex
        self.seconds = seconds
    }
}

/// How many of a day's tasks were planned and done (each occurrence of a repeating task counts once).
public struct TaskTally: Equatable, Sendable {
    public var done: Int
    public var planned: Int

    public init(done: Int = 0, planned: Int = 0) {
        self.done = done
        self.planned = planned
    }
}

/// The wall-clock span of a session and its focused seconds, for splitting by hour.
public struct FocusSpan: Equatable, Sendable {
    public var startedAt: Date
    public var endedAt: Date
    public var focusedSeconds: Int

    public init(startedAt: Date, endedAt: Date, focusedSeconds: Int) {
        self.startedAt = startedAt
        self.endedAt = endedAt
        self.focusedSeconds = focusedSeconds
    }
}

/// Runs of consecutive days that met the daily focus goal.
public struct Streaks: Equatable, Sendable {
    /// The run that ends today, or yesterday while today is still open.
    public var current: Int
    public var longest: Int

    public init(current: Int = 0, longest: Int = 0) {
        self.current = current
        self.longest = longest
    }
}

/// Where the statistics come from. Every total is an aggregate the store computes; nothing fetches all sessions.
public protocol StatsStore: Sendable {
    /// Focus per day from `first` through `last`, sessions crossing midnight split in `timeZone`.
    /// Days without focus are absent.
    func focusDays(from first: DayKey, through last: DayKey, timeZone: TimeZone) async throws -> [DayKey: FocusDayTotal]
    /// Everything the Dashboard shows, read in one transaction (one consistent picture, one trip).
    func statsSnapshot(_ query: StatsQuery) async throws -> StatsSnapshot
}

/// What the Dashboard reads, all in one consistent read of the store.
public struct StatsQuery: Sendable {
    public var timeZone: TimeZone
    public var calendar: Calendar
    public var today: DayKey
    /// Focus per day over these days (the heatmap's year, the charted week, this month).
    public var days: ClosedRange<DayKey>
    /// The days of the page of daily records.
    public var records: ClosedRange<DayKey>
    /// The charted week, for focus per task.
    public var week: Range<Date>
    /// The window of the hour-of-day histogram.
    public var hours: Range<Date>
    /// The daily goal; 0 skips the streaks.
    public var goalSeconds: Int
    /// The days the insight correlates.
    public var insight: ClosedRange<DayKey>

    public init(
        timeZone: TimeZone, calendar: Calendar, today: DayKey, days: ClosedRange<DayKey>,
        records: ClosedRange<DayKey>, week: Range<Date>, hours: Range<Date>, goalSeconds: Int,
        insight: ClosedRange<DayKey>
    ) {
        self.timeZone = timeZone
        self.calendar = calendar
        self.today = today
        self.days = days
        self.records = records
        self.week = week
        self.hours = hours
        self.goalSeconds = goalSeconds
        self.insight = insight
    }
}

/// The answers to a `StatsQuery`.
public struct StatsSnapshot: Sendable {
    public var days: [DayKey: FocusDayTotal] = [:]
    public var recordDays: [DayKey: FocusDayTotal] = [:]
    public var allTime = FocusDayTotal()
    public var tallies: [DayKey: TaskTally] = [:]
    public var logs: [DayKey: DailyLog] = [:]
    public var firstDay: DayKey?
    public var spans: [FocusSpan] = []
    public var weekTasks: [TaskFocus] = []
    public var streaks = Streaks()
    public var ratings: [DailyRating: RatingFocusSums] = [:]
    /// How each active tracker went with focus and mood over the insight's days.
    public var trackers: [TrackerInsight] = []

    public init() {}
}

/// The two things rated each day.
public enum DailyRating: String, CaseIterable, Sendable {
    case sleep, mood
}
