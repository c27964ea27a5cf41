import DaybookCore
import Foundation

public enum LogPresenter {
    /// The page of a day's log; `markdown` renders the saved reflection.
    public static func present(
        _ response: Log.Load.Response, rejection: Log.Rejection? = nil, showsSavedTime: Bool = true,
        markdown: any MarkdownRendering, localizer: Localizer
    ) -> Log.ViewModel {
        let day = response.day
        let isToday = day == response.today
        let planned = response.tasks.count
        let done = response.tasks.filter(\.isDone).count
        let goal = response.settings.dailyGoalMinutes * 60
        let focus = FocusPresenter.duration(response.focusSeconds, localizer: localizer)
        let log = response.log
        let typed = rejection?.typed
        let reflection = typed?.reflection ?? log?.reflection ?? ""
        let problem = rejection?.problem
        return Log.ViewModel(
            title: localizer("log.title"),
            day: day.description,
            dateLabel: localizer.day(day, year: day.year != response.today.year),
            isToday: isToday,
            previousHref: "/log/\(day.adding(days: -1))",
            nextHref: isToday ? nil : "/log/\(day.adding(days: 1))",
            todayHref: isToday ? nil : "/log",
            previousLabel: localizer("log.previous"), nextLabel: localizer("log.next"),
            todayLabel: localizer("log.today"),
            goalHeading: localizer("log.goal.heading"),
            tasksLine: planned > 0
                ? localizer(
                    "log.goal.tasks", localizer.number(done), localizer.number(planned),
                    localizer.percent(Double(done) / Double(planned)))
                : localizer("log.goal.noTasks"),
            tasksPercent: planned > 0 ? done * 100 / planned : nil,
            focusLine: goal > 0
                ? localizer(
                    "log.goal.focus", focus, FocusPresenter.duration(goal, localizer: localizer),
                    localizer.percent(Double(response.focusSeconds) / Double(goal)))
                : localizer("log.goal.focusOnly", focus),
            focusPercent: goal > 0 ? min(100, response.focusSeconds * 100 / goal) : nil,
            sleep: ratingField(
                .sleep, stored: log?.sleepQuality, typed: typed?.sleepQuality, problem: problem, localizer: localizer),
            mood: ratingField(
                .mood, stored: log?.mood, typed: typed?.mood, problem: problem, localizer: localizer),
            reflectionLabel: localizer("log.reflection"),
            reflectionHint: localizer("log.reflection.hint", localizer.number(DailyLog.Limits.reflectionLength)),
            reflection: reflection,
            reflectionLimit: DailyLog.Limits.reflectionLength,
            reflectionHTML: (log?.reflection).flatMap {
                $0.isEmpty ? nil : markdown.html($0, language: localizer.language)
            },
            saveLabel: localizer("log.save"),
            error: problem.map { message(for: $0, localizer: localizer) },
            savedAt: showsSavedTime ? log.map { localizer("log.savedAt", localizer.time($0.updatedAt)) } : nil,
            statsHref: "/stats?week=\(day)", statsLabel: localizer("log.toStats"),
            sleepQuality: log?.sleepQuality, moodValue: log?.mood,
            reflectionFingerprint: DailyLog.fingerprint(log?.reflection ?? ""))
    }

    static func ratingField(
        _ rating: DailyRating, stored: Int?, typed: String?, problem: Log.Problem?, localizer: Localizer
    ) -> Log.RatingField {
        let key = rating == .sleep ? "log.sleep" : "log.mood"
        let selected = typed ?? stored.map(String.init) ?? ""
        return Log.RatingField(
            name: rating == .sleep ? "sleepQuality" : "mood",
            legend: localizer("\(key).legend"),
            options: [FormOption(value: "", label: localizer("log.rating.none"), isSelected: selected.isEmpty)]
                + DailyLog.Limits.rating.map {
                    FormOption(value: String($0), label: localizer("\(key).\($0)"), isSelected: selected == String($0))
                },
            hasError: problem == .invalidRating(rating))
    }

    public static func message(for problem: Log.Problem, localizer: Localizer) -> String {
        switch problem {
        case .invalidDate: localizer("log.error.date")
        case .futureDay: localizer("log.error.future")
        case .invalidRating: localizer("log.error.rating")
        case .reflectionTooLong:
            localizer("log.error.reflectionTooLong", localizer.number(DailyLog.Limits.reflectionLength))
        }
    }
}
