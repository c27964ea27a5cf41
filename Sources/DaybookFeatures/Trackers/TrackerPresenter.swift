import DaybookCore
import Foundation

public enum TrackerPresenter {
    /// The tracker's colour as `#rrggbb`, for painting.
    static func tint(_ tracker: Tracker) -> String {
        TaskColor.color(for: tracker.color)?.hex ?? TaskColor.presets[0].color.hex
    }

    // MARK: - Values in words

    /// A day's value as people read it: "72.5 kg", "8,000 steps", "$12.50", "Done", "4 of 5", "1 h 30 min".
    public static func format(_ value: Double?, _ tracker: Tracker, localizer: Localizer) -> String {
        guard let value else { return tracker.kind == .boolean ? localizer("tracker.value.notDone") : "–" }
        switch tracker.kind {
        case .boolean: return localizer(value >= 1 ? "tracker.value.done" : "tracker.value.notDone")
        case .rating: return localizer("tracker.value.rating", localizer.number(Int(value)))
        case .duration: return FocusPresenter.duration(Int(value) * 60, localizer: localizer)
        case .number: return number(value, unit: tracker.unit, localizer: localizer)
        }
    }

    /// A number with its unit.
    public static func number(_ value: Double, unit: TrackerUnit?, localizer: Localizer) -> String {
        switch unit {
        case nil: return plain(value, localizer: localizer)
        case .currency(let code):
            return value.formatted(.currency(code: code).locale(localizer.locale))
        case .custom(let label): return localizer("tracker.unit.custom", plain(value, localizer: localizer), label)
        case .canonical(.steps):
            // "1 step", "8,000 steps": whole steps take the plural their number asks for.
            if value.rounded() == value, abs(value) < 1e15 {
                return localizer.plural("tracker.unit.steps", count: Int(value))
            }
            return localizer("tracker.unit.stepsDecimal", plain(value, localizer: localizer))
        case .canonical(let canonical):
            return localizer("tracker.unit.\(canonical.rawValue)", plain(value, localizer: localizer))
        }
    }

    /// A number as typed back into a field: `72.5`, never grouped.
    static func inputText(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    static func plain(_ value: Double, localizer: Localizer) -> String {
        if value.rounded() == value, abs(value) < 1e15 { return localizer.number(Int(value)) }
        return localizer.decimal(value, digits: 3)
    }

    /// The short sign beside a number field: "kg", "steps", "EUR", or the custom label.
    static func symbol(_ unit: TrackerUnit?, localizer: Localizer) -> String? {
        switch unit {
        case nil: nil
        case .currency(let code): code
        case .custom(let label): label
        case .canonical(let canonical): localizer("tracker.symbol.\(canonical.rawValue)")
        }
    }

    /// "Number · kg", "Yes / no", "Rating", "Duration".
    static func kindLabel(_ tracker: Tracker, localizer: Localizer) -> String {
        let kind = localizer("tracker.kind.\(tracker.kind.rawValue)")
        guard let symbol = symbol(tracker.unit, localizer: localizer) else { return kind }
        return "\(kind) · \(symbol)"
    }

    /// "At least 2 l a day", "At most 3 h a day"; `nil` for no target.
    static func targetLabel(_ tracker: Tracker, localizer: Localizer) -> String? {
        if tracker.kind == .boolean { return localizer("tracker.target.boolean") }
        guard let target = tracker.target else { return nil }
        return localizer(
            "tracker.target.\(target.comparison.rawValue)", format(target.value, tracker, localizer: localizer))
    }

    /// "Every day", "3 times a week", "5 times a month", "Every 2 days", "2 times in 3 days".
    public static func frequencyLabel(_ frequency: TrackerFrequency, localizer: Localizer) -> String {
        switch frequency.form {
        case .daily: localizer("tracker.frequency.daily")
        case .timesPerWeek(let n): localizer.plural("tracker.frequency.perWeek", count: n)
        case .timesPerMonth(let n): localizer.plural("tracker.frequency.perMonth", count: n)
        case .everyDays(let k): localizer.plural("tracker.frequency.everyDays", count: k)
        case .custom(let times, let days):
            localizer.plural("tracker.frequency.custom", count: times, localizer.number(days))
        }
    }

    // MARK: - A day's slot

    /// `tracker`'s editor for `day` holding `value`; forms go back to `back` after saving.
    public static func slot(
        _ tracker: Tracker, value: Double?, day: DayKey, back: String, localizer: Localizer
    ) -> Trackers.Slot {
        // A stepper moves by a thousand steps, by one of anything else.
        let step = tracker.unit == .canonical(.steps) ? 1000.0 : 1.0
        let current = value ?? 0
        let minutes = Int(value ?? 0)
        let isDone = (value ?? 0) >= 1
        return Trackers.Slot(
            id: tracker.id, name: tracker.name, kind: tracker.kind.rawValue, href: "/trackers/\(tracker.id)",
            color: tint(tracker), day: day.description, action: "/trackers/\(tracker.id)/values/\(day)", back: back,
            valueLabel: format(value, tracker, localizer: localizer), value: value,
            isMet: tracker.meets(value), targetLabel: targetLabel(tracker, localizer: localizer),
            isBoolean: tracker.kind == .boolean, isNumber: tracker.kind == .number,
            isRating: tracker.kind == .rating, isDuration: tracker.kind == .duration,
            inputValue: value.map(inputText) ?? "", unitSymbol: symbol(tracker.unit, localizer: localizer),
            toggleLabel: localizer(isDone ? "tracker.toggle.undo" : "tracker.toggle.do", tracker.name),
            nextToggle: isDone ? "0" : "1",
            decrement: tracker.kind == .number && current - step >= 0
                ? Trackers.Step(
                    value: inputText(current - step),
                    label: localizer("tracker.step.down", plain(step, localizer: localizer), tracker.name)) : nil,
            increment: tracker.kind == .number
                ? Trackers.Step(
                    value: inputText(current + step),
                    label: localizer("tracker.step.up", plain(step, localizer: localizer), tracker.name)) : nil,
            stars: tracker.kind == .rating
                ? Tracker.Limits.rating.map {
                    Trackers.Star(
                        value: $0, label: localizer("tracker.star", localizer.number($0), tracker.name),
                        isOn: Int(value ?? 0) >= $0)
                } : [],
            hours: minutes / 60, minutes: minutes % 60,
            hoursLabel: localizer("tracker.duration.hours"), minutesLabel: localizer("tracker.duration.minutes"),
            saveLabel: localizer("tracker.save"), clearLabel: localizer("tracker.clear", tracker.name),
            valueFieldLabel: localizer("tracker.valueField", tracker.name))
    }

    // MARK: - The list

    public static func list(_ response: Trackers.ListResponse, localizer: Localizer) -> Trackers.ListViewModel {
        let active = response.trackers.filter { !$0.isArchived }
        func row(_ tracker: Tracker, index: Int, count: Int) -> Trackers.Row {
            let progress = response.progress[tracker.id] ?? TrackerProgress()
            return Trackers.Row(
                id: tracker.id, name: tracker.name, href: "/trackers/\(tracker.id)",
                editHref: "/trackers/\(tracker.id)/edit", color: tint(tracker),
                kindLabel: kindLabel(tracker, localizer: localizer),
                frequencyLabel: frequencyLabel(tracker.frequency, localizer: localizer),
                todayLabel: format(response.todayValues[tracker.id], tracker, localizer: localizer),
                streakLabel: localizer.plural("tracker.streak.days", count: progress.currentStreak),
                strengthLabel: localizer("tracker.strength.short", localizer.percent(progress.strength)),
                strengthPercent: Int((progress.strength * 100).rounded()),
                moveUpLabel: localizer("tracker.moveUp", tracker.name),
                moveDownLabel: localizer("tracker.moveDown", tracker.name), isFirst: index == 0,
                isLast: index == count - 1, restoreLabel: localizer("tracker.restore", tracker.name),
                deleteLabel: localizer("tracker.delete", tracker.name))
        }
        let archived = response.trackers.filter(\.isArchived)
        return Trackers.ListViewModel(
            title: localizer("nav.trackers"), lead: localizer("trackers.lead"), newLabel: localizer("trackers.new"),
            active: active.enumerated().map { row($1, index: $0, count: active.count) },
            archived: archived.enumerated().map { row($1, index: $0, count: archived.count) },
            archivedHeading: localizer("trackers.archived"), emptyText: localizer("trackers.empty"),
            reorderHint: localizer("trackers.reorderHint"), todayHeading: localizer("trackers.today"),
            slots: active.map {
                slot(
                    $0, value: response.todayValues[$0.id], day: response.today, back: "/trackers", localizer: localizer
                )
            }, hasSlots: !active.isEmpty, hasActive: !active.isEmpty, hasArchived: !archived.isEmpty)
    }

    // MARK: - One tracker

    public static func detail(_ response: Trackers.DetailResponse, localizer: Localizer) -> Trackers.DetailViewModel {
        let tracker = response.tracker
        let progress = response.progress
        return Trackers.DetailViewModel(
            title: tracker.name, id: tracker.id, color: tint(tracker),
            kindLabel: kindLabel(tracker, localizer: localizer),
            targetLabel: targetLabel(tracker, localizer: localizer),
            frequencyLabel: frequencyLabel(tracker.frequency, localizer: localizer), note: tracker.note,
            isArchived: tracker.isArchived,
            archivedNote: tracker.isArchived ? localizer("tracker.archivedNote") : nil,
            editHref: "/trackers/\(tracker.id)/edit", editLabel: localizer("tracker.edit"),
            backHref: "/trackers", backLabel: localizer("nav.trackers"),
            streakHeading: localizer("tracker.streak.heading"),
            currentStreak: localizer.plural("tracker.streak.days", count: progress.currentStreak),
            longestLabel: localizer("tracker.streak.longest"),
            longestStreak: localizer.plural("tracker.streak.days", count: progress.longestStreak),
            strengthHeading: localizer("tracker.strength.heading"), strength: localizer.percent(progress.strength),
            strengthPercent: Int((progress.strength * 100).rounded()),
            strengthHint: localizer("tracker.strength.hint"),
            metLine: localizer(
                "tracker.metLine", localizer.number(progress.daysMet), localizer.number(progress.daysTracked)),
            slot: tracker.isArchived
                ? nil
                : slot(
                    tracker, value: response.values[response.day], day: response.day,
                    back: "/trackers/\(tracker.id)?date=\(response.day)", localizer: localizer),
            slotHeading: response.day == response.today
                ? localizer("tracker.today")
                : localizer.day(response.day, year: response.day.year != response.today.year),
            grid: grid(response, localizer: localizer), chart: chart(response, localizer: localizer),
            widgetHref: "/widgets/tracker?tracker=\(tracker.id)", widgetLabel: localizer("tracker.widget"))
    }

    static func monthString(_ day: DayKey) -> String {
        String(day.description.prefix(7))
    }

    /// The month as a grid of weeks; each day is shaded by how far it came toward the target.
    public static func grid(
        tracker: Tracker, values: [DayKey: Double], month: DayKey, today: DayKey, selected: DayKey?,
        firstWeekday: Int, hrefs: Bool, localizer: Localizer
    ) -> Trackers.MonthGrid {
        let start = month.startOfWeek(firstWeekday: firstWeekday)
        let nextMonth = month.adding(days: 32).startOfMonth
        let previousMonth = month.adding(days: -1).startOfMonth
        let symbols = localizer.calendar.veryShortStandaloneWeekdaySymbols
        let weekCount = (start.days(to: nextMonth) + 6) / 7
        let labels = localizer.dayLabels(from: start, count: weekCount * 7)
        let covered = tracker.coveredDays(values: values)
        let coveredNote = localizer("tracker.cell.covered", frequencyLabel(tracker.frequency, localizer: localizer))
        let weeks = (0..<weekCount).map { week in
            (0..<7).map { offset -> Trackers.MonthCell in
                let day = start.adding(days: week * 7 + offset)
                let value = values[day]
                let inMonth = day.month == month.month && day.year == month.year
                let isFuture = day > today
                let isCovered = !isFuture && covered.contains(day)
                return Trackers.MonthCell(
                    day: day.description, number: localizer.number(day.day),
                    label: labels[week * 7 + offset] + " · " + format(value, tracker, localizer: localizer)
                        + (isCovered ? " · " + coveredNote : ""),
                    href: hrefs && !isFuture && inMonth
                        ? "/trackers/\(tracker.id)?month=\(monthString(month))&date=\(day)" : nil,
                    isMet: tracker.meets(value), isCovered: isCovered, hasValue: value != nil, isToday: day == today,
                    isSelected: day == selected, isOutside: !inMonth || isFuture,
                    level: Int((tracker.credit(value) * 100).rounded()))
            }
        }
        let legend =
            tracker.frequency.isDaily
            ? []
            : ["met", "covered", "missed"].map {
                Trackers.LegendItem(state: $0, label: localizer("tracker.legend.\($0)"))
            }
        return Trackers.MonthGrid(
            title: localizer.monthAndYear(month), legend: legend, hasLegend: !legend.isEmpty,
            weekdays: (0..<7).map { symbols[(firstWeekday - 1 + $0) % 7] }, weeks: weeks,
            previousHref: "/trackers/\(tracker.id)?month=\(monthString(previousMonth))",
            nextHref: nextMonth <= today ? "/trackers/\(tracker.id)?month=\(monthString(nextMonth))" : nil,
            previousLabel: localizer("calendar.previous"), nextLabel: localizer("calendar.next"))
    }

    static func grid(_ response: Trackers.DetailResponse, localizer: Localizer) -> Trackers.MonthGrid {
        grid(
            tracker: response.tracker, values: response.values, month: response.month, today: response.today,
            selected: response.day, firstWeekday: response.settings.firstWeekday.calendarValue, hrefs: true,
            localizer: localizer)
    }

    /// The last 30 days as bars; a dashed line marks the target.
    static let chartDays = 30

    static func chart(_ response: Trackers.DetailResponse, localizer: Localizer) -> Trackers.Chart {
        let tracker = response.tracker
        let width = 300
        let height = 100
        let days = (0..<chartDays).map { response.today.adding(days: $0 - chartDays + 1) }
        let values = days.map { response.values[$0] }
        let top = max(values.compactMap { $0 }.max() ?? 0, tracker.target?.value ?? 0, tracker.kind == .rating ? 5 : 1)
        let slot = Double(width) / Double(chartDays)
        func y(_ value: Double) -> Double { Double(height) - max(0, value) / top * Double(height - 4) }
        let bars = zip(days, values).enumerated().compactMap { index, pair -> Trackers.ChartBar? in
            let (day, value) = pair
            guard let value else { return nil }
            let barTop = y(tracker.kind == .boolean ? top : value)
            return Trackers.ChartBar(
                x: String(format: "%.1f", Double(index) * slot + 1), y: String(format: "%.1f", barTop),
                height: String(format: "%.1f", Double(height) - barTop), isMet: tracker.meets(value),
                label: localizer.day(day) + ": " + format(value, tracker, localizer: localizer))
        }
        let noted = values.compactMap { $0 }.count
        return Trackers.Chart(
            heading: localizer("tracker.chart.heading"),
            description: localizer("tracker.chart.description", localizer.number(noted), localizer.number(chartDays)),
            bars: bars,
            targetY: tracker.kind == .boolean ? nil : tracker.target.map { String(format: "%.1f", y($0.value)) },
            width: width, height: height,
            maxLabel: tracker.kind == .boolean ? "" : format(top, tracker, localizer: localizer),
            firstLabel: localizer.day(days[0], weekday: false), lastLabel: localizer("tracker.today"))
    }

    // MARK: - API

    /// What the API answers.
    public static func present(_ answer: Trackers.APIAnswer, localizer: Localizer) -> any Encodable & Sendable {
        switch answer {
        case .list(let response): items(response, localizer: localizer)
        case .tracker(let detail): item(detail, localizer: localizer)
        case .values(let detail, let first, let last): values(detail, from: first, through: last, localizer: localizer)
        case .said(let saved):
            {
                var value = dayValue(saved.tracker, value: saved.value, day: saved.day, localizer: localizer)
                value.say = say(saved, localizer: localizer)
                return value
            }()
        }
    }

    /// A change in a sentence: "Meditate done · 10 days in a row", "Water: 5 glasses today", "Mood: cleared for today".
    public static func say(_ saved: Trackers.Saved, localizer: Localizer) -> String {
        let tracker = saved.tracker
        let sentence: String
        switch (tracker.kind, saved.value) {
        case (.boolean, .some): sentence = localizer("tracker.say.done", tracker.name)
        case (.boolean, nil): sentence = localizer("tracker.say.notDone", tracker.name)
        case (_, nil): sentence = localizer("tracker.say.cleared", tracker.name)
        case (_, .some(let value)):
            sentence = localizer("tracker.say.value", tracker.name, format(value, tracker, localizer: localizer))
        }
        guard saved.streak >= 2, tracker.meets(saved.value) else { return sentence }
        return sentence + " · " + localizer.plural("tracker.say.streak", count: saved.streak)
    }

    /// Every tracker for the API, with today's value, streak and strength.
    public static func items(_ response: Trackers.ListResponse, localizer: Localizer) -> Trackers.ItemList {
        Trackers.ItemList(
            trackers: response.trackers.map {
                item(
                    $0, todayValue: response.todayValues[$0.id], today: response.today,
                    progress: response.progress[$0.id] ?? TrackerProgress(), localizer: localizer)
            })
    }

    /// One tracker for the API.
    public static func item(_ detail: Trackers.DetailResponse, localizer: Localizer) -> Trackers.Item {
        item(
            detail.tracker, todayValue: detail.values[detail.today], today: detail.today, progress: detail.progress,
            localizer: localizer)
    }

    /// A tracker's noted values from `first` through `last`, for the API.
    public static func values(
        _ detail: Trackers.DetailResponse, from first: DayKey, through last: DayKey, localizer: Localizer
    ) -> Trackers.Values {
        var days: [Trackers.DayValue] = []
        var day = first
        while day <= last {
            if let value = detail.values[day] {
                days.append(dayValue(detail.tracker, value: value, day: day, localizer: localizer))
            }
            day = day.adding(days: 1)
        }
        return Trackers.Values(
            tracker: item(detail, localizer: localizer), from: first.description, through: last.description,
            values: days)
    }

    public static func item(
        _ tracker: Tracker, todayValue: Double?, today: DayKey, progress: TrackerProgress, localizer: Localizer
    ) -> Trackers.Item {
        var unit: String?
        var label: String?
        switch tracker.unit {
        case .canonical(let canonical)?: unit = canonical.rawValue
        case .currency(let code)?: (unit, label) = (CanonicalUnit.currency.rawValue, code)
        case .custom(let text)?: (unit, label) = ("custom", text)
        case nil: break
        }
        return Trackers.Item(
            id: tracker.id, name: tracker.name, kind: tracker.kind.rawValue, unit: unit, unitLabel: label,
            target: tracker.target.map { Trackers.Target(comparison: $0.comparison.rawValue, value: $0.value) },
            color: tracker.color,
            frequency: Trackers.Frequency(
                text: tracker.frequency.text, times: tracker.frequency.times, days: tracker.frequency.days,
                label: frequencyLabel(tracker.frequency, localizer: localizer)),
            note: tracker.note, position: tracker.position, archived: tracker.isArchived,
            createdAt: tracker.createdAt,
            today: tracker.isArchived ? nil : dayValue(tracker, value: todayValue, day: today, localizer: localizer),
            currentStreak: progress.currentStreak, longestStreak: progress.longestStreak,
            strength: (progress.strength * 1000).rounded() / 1000)
    }

    public static func dayValue(_ tracker: Tracker, value: Double?, day: DayKey, localizer: Localizer)
        -> Trackers.DayValue
    {
        Trackers.DayValue(
            date: day.description, value: value, label: format(value, tracker, localizer: localizer),
            met: tracker.meets(value))
    }

    public static func message(for problem: Trackers.Problem, localizer: Localizer) -> String {
        switch problem {
        case .notFound: localizer("tracker.error.notFound")
        case .name(let field): FieldProblemPresenter.message(for: field, localizer: localizer)
        case .duplicateName: localizer("tracker.error.duplicateName")
        case .tooMany(let limit): localizer("tracker.error.tooMany", localizer.number(limit))
        case .unknownKind: localizer("tracker.error.unknownKind")
        case .kindIsFixed: localizer("tracker.error.kindIsFixed")
        case .unknownUnit: localizer("tracker.error.unknownUnit")
        case .unitLabel(let field): FieldProblemPresenter.message(for: field, localizer: localizer)
        case .invalidCurrency: localizer("tracker.error.currency")
        case .unitForKind: localizer("tracker.error.unitForKind")
        case .invalidTarget(let kind): localizer("tracker.error.target.\(kind.rawValue)")
        case .invalidColor: FieldProblemPresenter.message(for: .invalidColor, localizer: localizer)
        case .invalidValue(let kind):
            switch kind {
            case .number:
                localizer("tracker.error.value.number", localizer.number(Int(Tracker.Limits.magnitude)))
            case .duration: localizer("tracker.error.value.duration")
            case .rating: localizer("tracker.error.value.rating")
            case .boolean: localizer("tracker.error.value.boolean")
            }
        case .unreadableDuration: localizer("tracker.error.value.duration")
        case .valueOrAdd: localizer("tracker.error.valueOrAdd")
        case .invalidDate: localizer("log.error.date")
        case .invalidSpan: localizer("tracker.error.span", localizer.number(Trackers.maximumSpanDays))
        case .futureDay: localizer("tracker.error.future")
        case .notToggleable: localizer("tracker.error.notToggleable")
        case .archived: localizer("tracker.error.archived")
        case .invalidFrequency: localizer("tracker.error.frequency")
        case .note(let field): FieldProblemPresenter.message(for: field, localizer: localizer)
        case .doesNotFit(let problem): message(for: problem, localizer: localizer)
        }
    }
}
