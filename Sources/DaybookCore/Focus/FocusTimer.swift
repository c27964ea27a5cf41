import Foundation

/// The focus timer as a value: what it is doing, and the timestamps its time is computed from.
///
/// Nothing counts ticks. A running timer is `(startedAt, accumulated)` and its elapsed time is
/// `accumulated + (now − startedAt)`, so a restart, a sleeping laptop or a locked phone loses no second.
/// Transitions (`start`, `pause`, `resume`, `stop`, `extend`, `settle`, `dismiss`) return a new value or throw
/// a `FocusTimerError`; the value they were called on never changes.
///
/// A running countdown that has reached zero is finished in fact even before anyone calls `settle(at:)`:
/// call `settle(at:)` before acting on a stored timer, so the completed session is recorded at the moment
/// it reached zero.
public struct FocusTimer: Equatable, Sendable {
    /// What the timer is doing.
    public enum Phase: String, CaseIterable, Codable, Sendable {
        case idle, running, paused, finished
    }

    /// Counting down from a planned length, or up with no end.
    public enum Mode: Equatable, Sendable {
        case countdown(seconds: Int)
        case stopwatch
    }

    public var phase: Phase
    public var mode: Mode
    /// The planned task this focus is for, if any; opaque to the timer.
    public var taskID: String?
    public var sound: AmbientSound
    /// When the current running stretch began; `nil` unless running.
    public var startedAt: Date?
    /// Focused seconds before the current running stretch.
    public var accumulated: TimeInterval
    /// When the session began (the first start); `nil` when idle.
    public var sessionStartedAt: Date?
    /// When the current pause began; `nil` unless paused.
    public var pausedAt: Date?
    /// Seconds spent in pauses that have ended.
    public var pausedTotal: TimeInterval

    public init(
        phase: Phase, mode: Mode, taskID: String? = nil, sound: AmbientSound, startedAt: Date? = nil,
        accumulated: TimeInterval = 0, sessionStartedAt: Date? = nil, pausedAt: Date? = nil,
        pausedTotal: TimeInterval = 0
    ) {
        self.phase = phase
        self.mode = mode
        self.taskID = taskID
        self.sound = sound
        self.startedAt = startedAt
        self.accumulated = accumulated
        self.sessionStartedAt = sessionStartedAt
        self.pausedAt = pausedAt
        self.pausedTotal = pausedTotal
    }

    /// The timer before anything was started, and after a stop.
    public static let idle = FocusTimer(phase: .idle, mode: .stopwatch, sound: .none)

    /// Explicit limits, shown to people when they are crossed.
    public enum Limits {
        /// A countdown's length when started, in minutes.
        public static let countdownMinutes = Settings.Limits.focusMinutes
        /// One extension of a running or paused countdown, in minutes.
        public static let extensionMinutes = 1...120
    }

    /// The countdown's planned length in seconds; `nil` for a stopwatch.
    public var plannedSeconds: Int? {
        if case .countdown(let seconds) = mode { seconds } else { nil }
    }

    /// Focused seconds at `now`, never more than a countdown's length.
    public func elapsed(at now: Date) -> TimeInterval {
        let total = uncappedElapsed(at: now)
        guard let planned = plannedSeconds else { return total }
        return min(total, TimeInterval(planned))
    }

    /// Seconds left on a countdown at `now` (0 once it reached zero); `nil` for a stopwatch or an idle timer.
    public func remaining(at now: Date) -> TimeInterval? {
        guard phase != .idle, let planned = plannedSeconds else { return nil }
        return max(0, TimeInterval(planned) - uncappedElapsed(at: now))
    }

    /// How much of a countdown is done at `now`, 0…1; always 0 for a stopwatch or an idle timer.
    public func progress(at now: Date) -> Double {
        guard phase != .idle, let planned = plannedSeconds, planned > 0 else { return 0 }
        return min(1, max(0, uncappedElapsed(at: now) / TimeInterval(planned)))
    }

    /// When a running countdown reaches zero if nobody pauses it; `nil` otherwise.
    ///
    /// The server can wait until this moment to announce completion, and pages can count down to it.
    public var endsAt: Date? {
        guard phase == .running, let startedAt, let planned = plannedSeconds else { return nil }
        return startedAt.addingTimeInterval(max(0, TimeInterval(planned) - accumulated))
    }

    /// Whether this is a running countdown that has reached zero by `now`, finished in fact if not yet settled.
    public func hasReachedZero(at now: Date) -> Bool {
        guard phase == .running, let planned = plannedSeconds else { return false }
        return uncappedElapsed(at: now) >= TimeInterval(planned)
    }

    /// The moment of the timer's latest transition (its start, a pause or a resume); `nil` when idle.
    public var lastChange: Date? {
        [sessionStartedAt, startedAt, pausedAt].compactMap { $0 }.max()
    }

    /// Seconds paused in this session up to `now`, including a pause still going on.
    func pausedSeconds(at now: Date) -> TimeInterval {
        guard phase == .paused, let pausedAt else { return pausedTotal }
        return pausedTotal + max(0, now.timeIntervalSince(pausedAt))
    }

    func uncappedElapsed(at now: Date) -> TimeInterval {
        guard phase == .running, let startedAt else { return phase == .idle ? 0 : accumulated }
        return accumulated + max(0, now.timeIntervalSince(startedAt))
    }
}

/// Why a timer refused a transition; each case is a conflict with what the timer is doing.
public enum FocusTimerError: Error, Equatable, Sendable {
    /// A session is already running or paused; stop it first.
    case alreadyRunning
    /// The timer is paused or finished, not running.
    case notRunning
    /// The timer is not paused, so it can't be resumed.
    case notPaused
    /// Nothing was started.
    case idle
    /// A countdown must last this many minutes.
    case invalidLength(ClosedRange<Int>)
    /// Only a countdown can be extended, by 1–120 minutes at a time.
    case invalidExtension
}
