import DaybookCore
import Foundation

/// The dashboard: totals, the week's chart, streaks, the year, the hours, and what mood and sleep have to do
/// with focus. Every number comes from an aggregate in the store.
public struct StatsInteractor: Sendable {
    private let settings: any SettingsStore
    private let stats: any StatsStore
    private let clock: any DaybookClock

    /// Daily records per page.
    public static let recordsPerPage = 14
    /// The hour-of-day histogram looks back this many days.
    public static let hoursDays = 90
    /// The heatmap shows this many weeks, the last one being this week.
    public static let heatmapWeeks = 53
    /// The insight correlates ratings and focus over this many days up to today.
    public static let insightDays = 365

    public init(settings: any SettingsStore, stats: any StatsStore, clock: any DaybookClock) {
        self.settings = settings
        self.stats = stats
        self.clock = clock
    }

    /// - Returns: `nil` while onboarding is not finished.
    /// - Throws: `Stats.Problem` for a malformed or future week or a bad page; nothing is read then.
    public func load(_ request: Stats.Load.Request) async throws -> Stats.Load.Response? {
        guard let settings = try await settings.loadSettings(), !settings.needsOnboarding else { return nil }
        let zone = settings.timeZone
        let firstWeekday = settings.firstWeekday.calendarValue
        let today = DayKey(date: clock.now(), timeZone: zone)
        let thisWeek = today.startOfWeek(firstWeekday: firstWeekday)
        let week = try Self.week(request.week, firstWeekday: firstWeekday, thisWeek: thisWeek)
        let page = try Self.page(request.page)

        let heatmapStart = thisWeek.adding(days: -7 * (Self.heatmapWeeks - 1))
        let recordsLast = today.adding(days: -page * Self.recordsPerPage)
        let recordsFirst = recordsLast.adding(days: -(Self.recordsPerPage - 1))
        let calendar = Calendar.gregorian(in: zone)
        let hours = today.adding(days: -(Self.hoursDays - 1)).date(in: zone)..<today.adding(days: 1).date(in: zone)
        let snapshot = try await stats.statsSnapshot(
            StatsQuery(
                timeZone: zone, calendar: calendar, today: today,
                days: min(heatmapStart, week, today.startOfMonth)...max(today, week.adding(days: 6)),
                records: recordsFirst...recordsLast,
                week: week.date(in: zone)..<week.adding(days: 7).date(in: zone), hours: hours,
                goalSeconds: settings.dailyGoalMinutes * 60,
                // The insight looks at the last year: recent habits say more than old ones, and the work
                // stays bounded however long the journal gets.
                insight: today.adding(days: -(Self.insightDays - 1))...today))

        let days = snapshot.days
        func sum(_ first: DayKey, _ last: DayKey) -> FocusDayTotal {
            days.filter { $0.key >= first && $0.key <= last }.values.reduce(into: FocusDayTotal()) {
                $0.seconds += $1.seconds
                $0.sessions += $1.sessions
                $0.completed += $1.completed
            }
        }
        let firstDay = snapshot.firstDay ?? today
        let records = (0..<Self.recordsPerPage).map { recordsLast.adding(days: -$0) }
            .filter { $0 >= min(firstDay, today) }
            .map { day in
                Stats.DayRecord(
                    day: day, focus: snapshot.recordDays[day] ?? FocusDayTotal(),
                    tasks: snapshot.tallies[day] ?? TaskTally(), log: snapshot.logs[day])
            }
        var hourly = Array(repeating: 0, count: 24)
        for span in snapshot.spans {
            span.clipped(to: hours.lowerBound, hours.upperBound).addFocus(to: &hourly, timeZone: zone)
        }

        return Stats.Load.Response(
            settings: settings, today: today, week: week, thisWeek: thisWeek,
            todayTotal: days[today] ?? FocusDayTotal(), weekTotal: sum(thisWeek, today),
            monthTotal: sum(today.startOfMonth, today), allTime: snapshot.allTime,
            weekDays: days.filter { $0.key >= week && $0.key <= week.adding(days: 6) },
            weekTasks: snapshot.weekTasks,
            heatmapStart: heatmapStart, heatmap: days.filter { $0.key >= heatmapStart && $0.key <= today },
            hours: hourly, hoursDays: Self.hoursDays, streaks: snapshot.streaks,
            sleep: snapshot.ratings[.sleep] ?? RatingFocusSums(), mood: snapshot.ratings[.mood] ?? RatingFocusSums(),
            trackers: snapshot.trackers,
            insightDays: Self.insightDays, records: records, page: page, hasOlderRecords: recordsFirst > firstDay)
    }

    static func week(_ raw: String?, firstWeekday: Int, thisWeek: DayKey) throws -> DayKey {
        guard let raw = raw?.trimmingCharacters(in: .whitespaces), !raw.isEmpty else { return thisWeek }
        guard let day = DayKey(string: raw) else { throw Stats.Problem.invalidWeek }
        let week = day.startOfWeek(firstWeekday: firstWeekday)
        guard week <= thisWeek else { throw Stats.Problem.futureWeek }
        return week
    }

    static func page(_ raw: String?) throws -> Int {
        guard let raw = raw?.trimmingCharacters(in: .whitespaces), !raw.isEmpty else { return 0 }
        guard let page = Int(raw), (0...100_000).contains(page) else { throw Stats.Problem.invalidPage }
        return page
    }
}

extension FocusSpan {
    /// The part of this session inside `start`…`end`, its focused seconds shared out in proportion.
    func clipped(to start: Date, _ end: Date) -> FocusSpan {
        guard startedAt < start || endedAt > end, endedAt > startedAt else { return self }
        let lower = max(startedAt, start)
        let upper = min(endedAt, end)
        let share = max(0, upper.timeIntervalSince(lower)) / endedAt.timeIntervalSince(startedAt)
        return FocusSpan(
            startedAt: lower, endedAt: upper, focusedSeconds: Int((Double(focusedSeconds) * share).rounded()))
    }
}
