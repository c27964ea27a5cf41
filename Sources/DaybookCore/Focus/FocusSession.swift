import Foundation

/// How a focus session ended.
public enum FocusOutcome: String, CaseIterable, Codable, Sendable {
    /// The countdown reached zero, or a stopwatch was stopped.
    case completed
    /// The countdown was stopped before zero.
    case stoppedEarly = "stopped-early"
}

/// A finished focus session, as recorded for the journal and the statistics.
public struct FocusSession: Equatable, Sendable, Codable {
    /// The planned task it was for, if any.
    public var taskID: String?
    /// When the session was first started.
    public var startedAt: Date
    /// When it ended: the stop, or the exact moment a countdown reached zero.
    public var endedAt: Date
    /// Seconds actually focused (pauses excluded).
    public var focusedSeconds: Int
    public var pausedSeconds: Int
    public var outcome: FocusOutcome
    public var sound: AmbientSound
    /// The countdown's length at the end (extensions included); `nil` for a stopwatch.
    public var plannedSeconds: Int?

    public init(
        taskID: String?, startedAt: Date, endedAt: Date, focusedSeconds: Int, pausedSeconds: Int,
        outcome: FocusOutcome, sound: AmbientSound, plannedSeconds: Int?
    ) {
        self.taskID = taskID
        self.startedAt = startedAt
        self.endedAt = endedAt
        self.focusedSeconds = focusedSeconds
        self.pausedSeconds = pausedSeconds
        self.outcome = outcome
        self.sound = sound
        self.plannedSeconds = plannedSeconds
    }

    /// The focused seconds each local day received, for totals per day when a session crosses midnight.
    /// - Parameter timeZone: the owner's time zone, which decides where midnight falls.
    public func focusedSecondsByDay(in timeZone: TimeZone) -> [DayKey: Int] {
        FocusSpan(startedAt: startedAt, endedAt: endedAt, focusedSeconds: focusedSeconds)
            .focusedSecondsByDay(in: timeZone)
    }
}
