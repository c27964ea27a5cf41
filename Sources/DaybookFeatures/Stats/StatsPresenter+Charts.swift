import DaybookCore
import Foundation

/// The SVG geometry of the dashboard's charts, computed here so templates only place what they are given.
extension StatsPresenter {
    /// The week chart's canvas: 360 × 200, the plot between these edges.
    enum WeekCanvas {
        static let left = 40.0
        static let right = 352.0
        static let top = 14.0
        static let bottom = 168.0
        static let barWidth = 26.0
    }

    static func weekChart(_ response: Stats.Load.Response, range: String, localizer: Localizer) -> Stats.WeekChart {
        let goalMinutes = response.settings.dailyGoalMinutes
        let days = (0..<7).map { response.week.adding(days: $0) }
        let minutes = days.map { (response.weekDays[$0]?.seconds ?? 0) / 60 }
        let scale = niceMaximum(max(minutes.max() ?? 0, goalMinutes, 60))
        let plotHeight = WeekCanvas.bottom - WeekCanvas.top
        let slot = (WeekCanvas.right - WeekCanvas.left) / 7
        let y = { (value: Int) in WeekCanvas.bottom - plotHeight * Double(value) / Double(scale) }

        let bars = zip(days, minutes).enumerated().map { index, pair in
            let (day, value) = pair
            let center = WeekCanvas.left + slot * (Double(index) + 0.5)
            let top = y(value)
            let text = FocusPresenter.duration(value * 60, localizer: localizer)
            return Stats.Bar(
                day: day.description, label: localizer.weekdayName(day), fullLabel: localizer.day(day),
                value: value > 0 ? text : "", shortValue: value > 0 ? clock(value) : "", minutes: value,
                x: format(center - WeekCanvas.barWidth / 2),
                y: format(top), width: format(WeekCanvas.barWidth), height: format(WeekCanvas.bottom - top),
                labelX: format(center), valueY: format(max(top - 4, WeekCanvas.top)),
                meetsGoal: goalMinutes > 0 && value >= goalMinutes, isToday: day == response.today,
                href: "/log/\(day)")
        }
        let step = scale / 3
        let ticks = (0...3).map { index in
            Stats.Tick(
                y: format(y(index * step)), label: FocusPresenter.duration(index * step * 60, localizer: localizer),
                labelY: format(y(index * step) + 3.5))
        }
        let goalText = FocusPresenter.duration(goalMinutes * 60, localizer: localizer)
        return Stats.WeekChart(
            title: localizer("stats.chart.title", range),
            description: goalMinutes > 0
                ? localizer("stats.chart.description.goal", range, goalText)
                : localizer("stats.chart.description", range),
            bars: bars, ticks: ticks,
            goal: goalMinutes > 0
                ? Stats.GoalLine(
                    y: format(y(goalMinutes)), label: localizer("stats.chart.goal", goalText),
                    labelY: format(y(goalMinutes) - 4)) : nil,
            tableCaption: localizer("stats.chart.table"), dayHeader: localizer("stats.records.day"),
            focusHeader: localizer("stats.records.focus"), showTable: localizer("stats.chart.show"))
    }

    /// A round number of minutes at or above `minutes` whose thirds are round too: 60, 90, 180, 270, 360…
    static func niceMaximum(_ minutes: Int) -> Int {
        let steps = [60, 90, 180, 270, 360, 540, 720, 1080, 1440]
        return steps.first { $0 >= minutes } ?? ((minutes + 359) / 360) * 360
    }

    /// "4:20": short enough to sit above a bar in any language.
    static func clock(_ minutes: Int) -> String {
        let rest = minutes % 60
        return "\(minutes / 60):\(rest < 10 ? "0" : "")\(rest)"
    }

    /// 53 columns of 7 days, one square per day: 12 px a square with its gap, labels in the first 20 px.
    static func heatmap(_ response: Stats.Load.Response, localizer: Localizer) -> Stats.Heatmap {
        let reference = max(response.settings.dailyGoalMinutes, 30) * 60
        var cells: [Stats.HeatCell] = []
        var months: [Stats.HeatLabel] = []
        var day = response.heatmapStart
        var column = 0
        // Many days share a duration (none, or a round number of minutes): format each once.
        var durations: [Int: String] = [:]
        func duration(_ seconds: Int) -> String {
            let minutes = seconds / 60
            if let known = durations[minutes] { return known }
            let text = FocusPresenter.duration(minutes * 60, localizer: localizer)
            durations[minutes] = text
            return text
        }
        while day <= response.today {
            let row = day.days(to: day.startOfWeek(firstWeekday: response.settings.firstWeekday.calendarValue)) * -1
            if row == 0 { column = response.heatmapStart.days(to: day) / 7 }
            if day.day == 1 {
                months.append(Stats.HeatLabel(x: 20 + column * 12, text: localizer.monthName(day)))
            }
            let seconds = response.heatmap[day]?.seconds ?? 0
            let level =
                seconds == 0
                ? 0 : seconds >= reference ? 4 : seconds * 3 >= reference * 2 ? 3 : seconds * 3 >= reference ? 2 : 1
            cells.append(
                Stats.HeatCell(
                    x: 20 + column * 12, y: 14 + row * 12, level: level,
                    title: "\(day) · \(duration(seconds))"))
            day = day.adding(days: 1)
        }
        // A month label needs room: drop one that would collide with the next.
        months = months.enumerated().filter { index, label in
            index + 1 >= months.count || months[index + 1].x - label.x >= 24
        }.map(\.element)
        return Stats.Heatmap(
            heading: localizer("stats.heatmap.heading"), description: localizer("stats.heatmap.description"),
            width: 20 + StatsInteractor.heatmapWeeks * 12, cells: cells, months: months,
            lessLabel: localizer("stats.heatmap.less"), moreLabel: localizer("stats.heatmap.more"))
    }

    /// 24 bars on a 360 × 140 canvas.
    static func hours(_ response: Stats.Load.Response, localizer: Localizer) -> Stats.Hours {
        let top = 8.0
        let bottom = 116.0
        let largest = max(response.hours.max() ?? 0, 1)
        let slot = (352.0 - 16.0) / 24
        let bars = response.hours.enumerated().map { hour, seconds in
            let height = (bottom - top) * Double(seconds) / Double(largest)
            return Stats.HourBar(
                hour: hour, x: format(16 + slot * Double(hour) + 1.5), y: format(bottom - height),
                height: format(height),
                title: localizer(
                    "stats.hours.bar", String(format: "%02d:00", hour),
                    FocusPresenter.duration(seconds, localizer: localizer)),
                minutes: seconds / 60)
        }
        let labels = stride(from: 0, through: 18, by: 6).map { hour in
            Stats.HeatLabel(x: Int(16 + slot * Double(hour)), text: String(format: "%02d:00", hour))
        }
        return Stats.Hours(
            heading: localizer("stats.hours.heading"),
            description: localizer("stats.hours.description", localizer.number(response.hoursDays)),
            bars: bars, labels: labels)
    }
}
