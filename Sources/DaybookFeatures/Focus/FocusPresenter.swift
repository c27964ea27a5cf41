import DaybookCore
import Foundation

public enum FocusPresenter {
    public static func present(_ response: Focus.Response, localizer: Localizer) -> Focus.ViewModel {
        let timer = response.timer
        let now = response.now
        let elapsed = Int(timer.elapsed(at: now).rounded(.down))
        let remaining = timer.remaining(at: now).map { Int($0.rounded(.up)) }
        let shown = remaining ?? elapsed
        return Focus.ViewModel(
            phase: timer.phase.rawValue,
            mode: timer.plannedSeconds == nil ? "stopwatch" : "countdown",
            title: response.task?.title ?? localizer("focus.untitled"),
            statusLabel: localizer("focus.status.\(timer.phase.rawValue)"),
            display: clock(shown),
            elapsedSeconds: elapsed,
            elapsedMilliseconds: Int((timer.elapsed(at: now) * 1000).rounded(.down)),
            remainingSeconds: remaining,
            plannedSeconds: timer.plannedSeconds,
            progress: timer.progress(at: now),
            serverTime: now,
            serverMilliseconds: Int64((now.timeIntervalSince1970 * 1000).rounded(.down)),
            isRunning: timer.phase == .running,
            isPaused: timer.phase == .paused,
            isIdle: timer.phase == .idle,
            isFinished: timer.phase == .finished,
            taskID: timer.taskID,
            sound: timer.phase == .idle ? response.settings.focusSound.rawValue : timer.sound.rawValue,
            todayTotal: duration(response.todaySeconds, localizer: localizer),
            progressPermille: Int((timer.progress(at: now) * 1000).rounded()),
            labels: Focus.Labels(
                start: localizer("focus.start"), pause: localizer("focus.pause"), resume: localizer("focus.resume"),
                stop: localizer("focus.stop"), extend: localizer("focus.extend", localizer.number(5)),
                minutes: localizer("focus.minutes"), sound: localizer("settings.focusSound.label"),
                today: localizer("focus.today"), leave: localizer("focus.leave"),
                shortcuts: localizer("focus.shortcuts"), progress: localizer("focus.progress"),
                volume: localizer("focus.volume"), timeLeft: localizer("focus.timeLeft", "%@"),
                statusIdle: localizer("focus.status.idle"), statusRunning: localizer("focus.status.running"),
                statusPaused: localizer("focus.status.paused")))
    }

    /// The focus page; after a refused action, `problem` says why.
    /// The timer after `action`, saying what it did: "Focus started: Deep work, 25 min", "Focus paused · 12 min left".
    public static func present(_ response: Focus.Response, after action: Focus.Action, localizer: Localizer)
        -> Focus.ViewModel
    {
        var model = present(response, localizer: localizer)
        let timer = response.timer
        let left = timer.remaining(at: response.now).map { duration(Int($0.rounded(.up)), localizer: localizer) }
        let spent = duration(Int(timer.elapsed(at: response.now).rounded(.down)), localizer: localizer)
        switch action {
        case .start:
            let planned = timer.plannedSeconds.map { duration($0, localizer: localizer) }
            let parts = [response.task?.title, planned].compactMap { $0 }
            model.say =
                parts.isEmpty
                ? localizer("focus.say.startedOpen") : localizer("focus.say.started", parts.joined(separator: ", "))
        case .pause:
            model.say = left.map { localizer("focus.say.paused", $0) } ?? localizer("focus.say.pausedSpent", spent)
        case .resume:
            model.say = left.map { localizer("focus.say.resumed", $0) } ?? localizer("focus.say.resumedSpent", spent)
        case .stop: model.say = localizer("focus.say.stopped", duration(response.todaySeconds, localizer: localizer))
        }
        return model
    }

    public static func presentPage(
        _ response: Focus.Response, problem: Focus.Problem? = nil, localizer: Localizer
    ) -> Focus.Page {
        let model = present(response, localizer: localizer)
        let sound = model.sound
        return Focus.Page(
            title: localizer("focus.title"),
            focus: model,
            minutes: FormField(
                id: "minutes", label: model.labels.minutes, value: String(response.settings.focusMinutes),
                maxLength: 3),
            sound: FormField(
                id: "sound", label: model.labels.sound, value: sound,
                options: AmbientSound.allCases.map {
                    FormOption(
                        value: $0.rawValue, label: localizer("settings.focusSound.\($0.rawValue)"),
                        isSelected: $0.rawValue == sound)
                }),
            error: problem.map { message(for: $0, localizer: localizer) })
    }

    /// `MM:SS`, or `H:MM:SS` from an hour on.
    public static func clock(_ seconds: Int) -> String {
        let s = max(0, seconds)
        let (hours, minutes, rest) = (s / 3600, (s % 3600) / 60, s % 60)
        let mm = minutes < 10 ? "0\(minutes)" : "\(minutes)"
        let ss = rest < 10 ? "0\(rest)" : "\(rest)"
        return hours > 0 ? "\(hours):\(mm):\(ss)" : "\(mm):\(ss)"
    }

    /// "1 h 25 min" in the person's language.
    public static func duration(_ seconds: Int, localizer: Localizer) -> String {
        let minutes = seconds / 60
        if seconds > 0, seconds < 60 { return localizer.plural("focus.duration.seconds", count: seconds) }
        if minutes < 60 { return localizer.plural("focus.duration.minutes", count: minutes) }
        if minutes % 60 == 0 { return localizer.plural("focus.duration.hours", count: minutes / 60) }
        return localizer("focus.duration.hoursMinutes", localizer.number(minutes / 60), localizer.number(minutes % 60))
    }

    public static func message(for problem: Focus.Problem, localizer: Localizer) -> String {
        switch problem {
        case .timer(.alreadyRunning): localizer("focus.error.alreadyRunning")
        case .timer(.notRunning): localizer("focus.error.notRunning")
        case .timer(.notPaused): localizer("focus.error.notPaused")
        case .timer(.idle): localizer("focus.error.idle")
        case .timer(.invalidLength(let range)), .invalidMinutes(let range):
            localizer("error.field.outOfRange", localizer.number(range.lowerBound), localizer.number(range.upperBound))
        case .timer(.invalidExtension): localizer("focus.error.invalidExtension")
        case .unknownTask: localizer("focus.error.unknownTask")
        case .unknownSound: localizer("focus.error.unknownSound")
        case .deviceTime(.inFuture): localizer("focus.error.deviceTime.inFuture")
        case .deviceTime(.tooOld): localizer("focus.error.deviceTime.tooOld")
        case .deviceTime(.outOfOrder): localizer("focus.error.deviceTime.outOfOrder")
        }
    }
}
