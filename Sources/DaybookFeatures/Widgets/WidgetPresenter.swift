import DaybookCore
import Foundation

/// One presenter for every widget: the page, the SVG image and the JSON timeline all show what it makes.
public enum WidgetPresenter {
    /// The most entries a timeline holds; a day of blocks rarely needs a tenth of it.
    static let maximumEntries = 48

    /// The widget's state from `response.now` until midnight: an entry now, and one at each moment the widget
    /// would change on its own (a block starting or ending, the timer reaching zero).
    /// - Parameter linkBase: The address Daybook is reached at (`https://box.example`), for the page a tap opens.
    public static func timeline(
        _ name: Widgets.Name, _ response: Widgets.Response, linkBase: String, localizer: Localizer
    ) -> Widgets.Timeline {
        let zone = response.settings.timeZone
        let midnight = response.today.adding(days: 1).date(in: zone)
        var moments: Set<Date> = [response.now]
        if name != .tracker {
            for task in response.tasks where task.isTimed && !task.isDone {
                guard let start = task.startMinute, let end = task.endMinute else { continue }
                for minute in [start, end] {
                    let date = response.today.date(in: zone).addingTimeInterval(Double(minute) * 60)
                    if date > response.now, date < midnight { moments.insert(date) }
                }
            }
            if let end = response.timer.endsAt, end > response.now, end < midnight { moments.insert(end) }
        }
        let dates = moments.sorted().prefix(maximumEntries)
        let palette = ThemePalette(accent: response.settings.accentColor)
        return Widgets.Timeline(
            widget: name.rawValue, generatedAt: response.now, refreshAfter: midnight,
            url: linkBase + openPath(name, trackerID: response.tracker?.id),
            accent: Widgets.Appearances(light: palette.light.accentText.hex, dark: palette.dark.accentText.hex),
            background: Widgets.Appearances(light: palette.light.surface.hex, dark: palette.dark.surface.hex),
            entries: dates.map {
                Widgets.Entry(date: $0, content: content(name, response, at: $0, localizer: localizer))
            })
    }

    /// What the widget shows at `date` if nothing is changed meanwhile.
    public static func content(
        _ name: Widgets.Name, _ response: Widgets.Response, at date: Date, localizer: Localizer
    ) -> Widgets.Content {
        switch name {
        case .small: .small(small(response, at: date, localizer: localizer))
        case .medium: .medium(medium(response, at: date, localizer: localizer))
        case .circular: .circular(circular(response, at: date, localizer: localizer))
        case .rectangular: .rectangular(rectangular(response, at: date, localizer: localizer))
        case .tracker: .tracker(tracker(response, localizer: localizer))
        }
    }

    // MARK: - The widgets

    static func small(_ response: Widgets.Response, at date: Date, localizer: Localizer) -> Widgets.Small {
        let minute = minuteOfDay(date, response)
        let current = TimelineLayout.current(blocks: response.tasks, at: minute)
        let seconds = focusSeconds(response, at: date)
        return Widgets.Small(
            heading: localizer(current.due == nil ? "widget.next" : "widget.now"),
            block: (current.due ?? current.next).map { block($0, minute: minute, response, localizer: localizer) },
            emptyText: localizer("widget.noBlocks"), focusLabel: localizer("focus.today"),
            focus: FocusPresenter.duration(seconds, localizer: localizer), focusSeconds: seconds)
    }

    static func medium(_ response: Widgets.Response, at date: Date, localizer: Localizer) -> Widgets.Medium {
        let minute = minuteOfDay(date, response)
        // The block due now and the ones after it, in order of their start.
        let upcoming = response.tasks.filter { task in
            guard task.isTimed, !task.isDone, let end = task.endMinute else { return false }
            return end > minute
        }.sorted { ($0.startMinute ?? 0) < ($1.startMinute ?? 0) }
        let seconds = focusSeconds(response, at: date)
        return Widgets.Medium(
            heading: localizer("widget.upNext"),
            blocks: upcoming.prefix(3).map { block($0, minute: minute, response, localizer: localizer) },
            emptyText: localizer("widget.noMoreBlocks"), goal: goal(response, seconds: seconds, localizer: localizer),
            focus: FocusPresenter.duration(seconds, localizer: localizer))
    }

    static func circular(_ response: Widgets.Response, at date: Date, localizer: Localizer) -> Widgets.Circular {
        let seconds = focusSeconds(response, at: date)
        return Widgets.Circular(
            label: localizer("widget.goal"), goal: goal(response, seconds: seconds, localizer: localizer),
            focus: FocusPresenter.duration(seconds, localizer: localizer))
    }

    static func rectangular(_ response: Widgets.Response, at date: Date, localizer: Localizer)
        -> Widgets.Rectangular
    {
        let timer = response.timer
        let minute = minuteOfDay(date, response)
        let due = TimelineLayout.current(blocks: response.tasks, at: minute).due
        // Past its end a running countdown is finished, as the timer itself will say once settled.
        let phase: FocusTimer.Phase = timer.hasReachedZero(at: date) ? .finished : timer.phase
        let elapsed = Int(timer.elapsed(at: date))
        let remaining = timer.remaining(at: date).map { Int($0.rounded(.up)) }
        return Widgets.Rectangular(
            heading: localizer("widget.focus"), task: response.timerTask?.title ?? due?.title,
            emptyText: localizer("widget.noTask"),
            timer: Widgets.Timer(
                state: phase.rawValue, stateLabel: localizer("widget.timer.\(phase.rawValue)"),
                clock: clock(phase == .idle ? 0 : (remaining ?? elapsed)), elapsedSeconds: elapsed,
                remainingSeconds: remaining, endsAt: phase == .running ? timer.endsAt : nil,
                progress: (timer.progress(at: date) * 1000).rounded() / 1000))
    }

    static func tracker(_ response: Widgets.Response, localizer: Localizer) -> Widgets.TrackerGrid {
        guard let tracker = response.tracker else { preconditionFailure("the tracker widget loads a tracker") }
        let grid = TrackerPresenter.grid(
            tracker: tracker, values: response.trackerValues, month: response.today.startOfMonth,
            today: response.today, selected: nil, firstWeekday: response.settings.firstWeekday.calendarValue,
            hrefs: false, localizer: localizer)
        let todayValue = response.trackerValues[response.today]
        let canToggle = tracker.kind == .boolean && !tracker.isArchived
        return Widgets.TrackerGrid(
            id: tracker.id, name: tracker.name, kind: tracker.kind.rawValue, color: TrackerPresenter.tint(tracker),
            month: grid.title,
            weekdays: grid.weekdays,
            weeks: grid.weeks.map { week in
                week.map {
                    Widgets.Cell(
                        day: $0.day, number: $0.number, isMet: $0.isMet, isCovered: $0.isCovered, hasValue: $0.hasValue,
                        isToday: $0.isToday,
                        isOutside: $0.isOutside, level: $0.level, label: $0.label)
                }
            },
            streak: localizer.plural("tracker.streak.days", count: response.trackerProgress.currentStreak),
            strength: localizer("tracker.strength.short", localizer.percent(response.trackerProgress.strength)),
            today: TrackerPresenter.dayValue(tracker, value: todayValue, day: response.today, localizer: localizer),
            canToggle: canToggle,
            toggleLabel: canToggle
                ? localizer((todayValue ?? 0) >= 1 ? "tracker.toggle.undo" : "tracker.toggle.do", tracker.name) : nil)
    }

    /// The Daybook page that shows more of what the widget shows: Today, Focus, or the tracker's page.
    public static func openPath(_ name: Widgets.Name, trackerID: String?) -> String {
        switch name {
        case .small, .medium, .circular: "/"
        case .rectangular: "/focus"
        case .tracker: trackerID.map { "/trackers/" + URLText.component($0) } ?? "/trackers"
        }
    }

    // MARK: - The page

    /// The compact page of a widget now; `query` is added to its own links (the token and tracker it came with),
    /// `eventsQuery` to its events stream.
    public static func page(
        _ name: Widgets.Name, _ response: Widgets.Response, query: String, eventsQuery: String, localizer: Localizer
    ) -> Widgets.PageViewModel {
        let content = content(name, response, at: response.now, localizer: localizer)
        var page = Widgets.PageViewModel(
            name: name.rawValue, title: localizer("widget.title.\(name.rawValue)"), query: query,
            eventsURL: "/events" + eventsQuery, openHref: openPath(name, trackerID: response.tracker?.id),
            openLabel: localizer("widget.open"))
        let circumference = 2 * Double.pi * TodayPresenter.ringRadius
        func ring(_ goal: Widgets.Goal?) -> Widgets.Ring? {
            goal.map {
                Widgets.Ring(
                    dash: String(format: "%.2f %.2f", $0.fraction * circumference, circumference),
                    isReached: $0.isReached, isEmpty: $0.fraction <= 0, label: $0.label, percent: $0.percent)
            }
        }
        switch content {
        case .small(let small): page.small = small
        case .medium(let medium):
            page.medium = medium
            page.ring = ring(medium.goal)
        case .circular(let circular):
            page.circular = circular
            page.ring = ring(circular.goal)
        case .rectangular(let rectangular):
            page.rectangular = rectangular
        case .tracker(let grid):
            page.tracker = grid
            page.title = grid.name
            page.toggleAction = grid.canToggle ? "/widgets/toggle" + query : nil
            page.toggleValue =
                grid.canToggle ? ((response.trackerValues[response.today] ?? 0) >= 1 ? "off" : "on") : nil
        }
        return page
    }

    /// The page that asks before a toggle changes today's value of the tracker widget's tracker.
    public static func confirm(_ response: Widgets.Response, query: String, localizer: Localizer) -> Widgets.Confirm {
        guard let tracker = response.tracker else { preconditionFailure("the toggle loads a tracker") }
        let done = (response.trackerValues[response.today] ?? 0) >= 1
        return Widgets.Confirm(
            title: tracker.name,
            question: localizer(done ? "widget.toggle.undoQuestion" : "widget.toggle.question", tracker.name),
            state: TrackerPresenter.format(done ? 1 : nil, tracker, localizer: localizer),
            action: "/widgets/toggle" + query, value: done ? "off" : "on",
            confirmLabel: localizer(done ? "tracker.toggle.undo" : "tracker.toggle.do", tracker.name),
            cancelHref: "/widgets/tracker" + query, cancelLabel: localizer("tracker.cancel"))
    }

    // MARK: - Parts

    static func block(_ task: PlannedTask, minute: Int, _ response: Widgets.Response, localizer: Localizer)
        -> Widgets.Block
    {
        let start = task.startMinute ?? 0
        let end = task.endMinute ?? start
        let isDue = start <= minute && minute < end
        let endLabel = TimeOfDay.endLabel(end)
        let midnight = response.today.date(in: response.settings.timeZone)
        return Widgets.Block(
            title: task.title, time: "\(task.start?.description ?? "")–\(endLabel)",
            when: isDue
                ? localizer("today.block.now", FocusPresenter.duration((end - minute) * 60, localizer: localizer))
                : localizer(
                    "today.block.startsIn", FocusPresenter.duration((start - minute) * 60, localizer: localizer)),
            isDue: isDue, color: task.colorHex, startsAt: midnight.addingTimeInterval(Double(start) * 60),
            endsAt: midnight.addingTimeInterval(Double(end) * 60))
    }

    static func goal(_ response: Widgets.Response, seconds: Int, localizer: Localizer) -> Widgets.Goal? {
        let goalMinutes = response.settings.dailyGoalMinutes
        guard goalMinutes > 0 else { return nil }
        let fraction = Double(seconds) / Double(goalMinutes * 60)
        return Widgets.Goal(
            label: localizer(
                "today.goal.label", FocusPresenter.duration(seconds, localizer: localizer),
                FocusPresenter.duration(goalMinutes * 60, localizer: localizer)),
            percent: localizer.percent(fraction), fraction: (min(1, fraction) * 1000).rounded() / 1000,
            isReached: fraction >= 1)
    }

    /// Today's focus at `date`: what is recorded, and a running session's time until then.
    static func focusSeconds(_ response: Widgets.Response, at date: Date) -> Int {
        let timer = response.timer
        guard timer.phase == .running, date > response.now else { return response.focusSeconds }
        let end = min(date, timer.endsAt ?? date)
        return response.focusSeconds + max(0, Int(end.timeIntervalSince(response.now)))
    }

    static func minuteOfDay(_ date: Date, _ response: Widgets.Response) -> Int {
        TimeOfDay(date: date, timeZone: response.settings.timeZone).minutes
    }

    /// "12:34", or "1:02:03" past an hour.
    static func clock(_ seconds: Int) -> String {
        let s = max(0, seconds)
        let (h, m, r) = (s / 3600, s % 3600 / 60, s % 60)
        return h > 0 ? String(format: "%d:%02d:%02d", h, m, r) : String(format: "%02d:%02d", m, r)
    }

    public static func message(for problem: Widgets.Problem, localizer: Localizer) -> String {
        switch problem {
        case .unknownWidget: localizer("widget.error.unknown")
        case .noTracker: localizer("widget.error.noTracker")
        case .unknownTracker: localizer("tracker.error.notFound")
        case .outdatedPage: localizer("widget.toggle.outdated")
        }
    }
}
