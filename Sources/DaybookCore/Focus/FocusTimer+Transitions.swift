import Foundation

extension FocusTimer {
    /// A new session, started at `now`.
    ///
    /// - Parameters:
    ///   - mode: a countdown of 1–240 minutes (given in seconds), or a stopwatch.
    ///   - taskID: the planned task to focus on, if any.
    ///   - sound: the ambient loop to play.
    /// - Throws: `.alreadyRunning` while a session is running or paused; `.invalidLength(1...240)` for a
    ///   countdown outside the limits.
    public func start(mode: Mode, taskID: String?, sound: AmbientSound, at now: Date) throws(FocusTimerError)
        -> FocusTimer
    {
        guard phase == .idle || phase == .finished else { throw .alreadyRunning }
        if case .countdown(let seconds) = mode {
            let limits = Limits.countdownMinutes
            guard (limits.lowerBound * 60...limits.upperBound * 60).contains(seconds) else {
                throw .invalidLength(limits)
            }
        }
        return FocusTimer(
            phase: .running, mode: mode, taskID: taskID, sound: sound, startedAt: now, sessionStartedAt: now)
    }

    /// The timer paused at `now`: the running stretch is added to `accumulated`.
    ///
    /// - Throws: `.idle` before a start; `.notRunning` when paused, finished, or a countdown that reached zero.
    public func pause(at now: Date) throws(FocusTimerError) -> FocusTimer {
        try requireRunning(at: now)
        var paused = self
        paused.accumulated = uncappedElapsed(at: now)
        paused.startedAt = nil
        paused.pausedAt = now
        paused.phase = .paused
        return paused
    }

    /// The timer running again from `now`; the pause is added to `pausedTotal`.
    ///
    /// - Throws: `.idle` before a start; `.notPaused` when running or finished.
    public func resume(at now: Date) throws(FocusTimerError) -> FocusTimer {
        if phase == .idle { throw .idle }
        guard phase == .paused else { throw .notPaused }
        var running = self
        running.pausedTotal = pausedSeconds(at: now)
        running.pausedAt = nil
        running.startedAt = now
        running.phase = .running
        return running
    }

    /// Ends the session at `now`.
    ///
    /// A countdown that had already reached zero while running ends at that moment, completed.
    /// - Returns: the idle timer, and the session to record: `.stoppedEarly` for a countdown stopped before
    ///   zero, `.completed` otherwise.
    /// - Throws: `.idle` before a start; `.notRunning` when finished (its session came from `settle(at:)`).
    public func stop(at now: Date) throws(FocusTimerError) -> (FocusTimer, FocusSession) {
        switch phase {
        case .idle: throw .idle
        case .finished: throw .notRunning
        case .running, .paused: break
        }
        if hasReachedZero(at: now), let session = settle(at: now).1 {
            return (.idle, session)
        }
        let focused = Int(elapsed(at: now).rounded())
        var session = session(endedAt: now, focusedSeconds: focused, pausedSeconds: pausedSeconds(at: now))
        if let planned = plannedSeconds, focused < planned { session.outcome = .stoppedEarly }
        return (.idle, session)
    }

    /// The countdown made longer by `minutes`, running or paused.
    ///
    /// - Throws: `.invalidExtension` for a stopwatch or outside 1–120 minutes; `.idle` before a start;
    ///   `.notRunning` when finished or reached zero.
    public func extend(byMinutes minutes: Int, at now: Date) throws(FocusTimerError) -> FocusTimer {
        if phase == .idle { throw .idle }
        guard case .countdown(let seconds) = mode, Limits.extensionMinutes.contains(minutes) else {
            throw .invalidExtension
        }
        guard phase == .paused || (phase == .running && !hasReachedZero(at: now)) else { throw .notRunning }
        var extended = self
        extended.mode = .countdown(seconds: seconds + minutes * 60)
        return extended
    }

    /// The session playing another ambient sound from now on, running or paused; the session records the last.
    ///
    /// - Throws: `.idle` before a start; `.notRunning` when finished.
    public func changingSound(to sound: AmbientSound) throws(FocusTimerError) -> FocusTimer {
        switch phase {
        case .idle: throw .idle
        case .finished: throw .notRunning
        case .running, .paused:
            var changed = self
            changed.sound = sound
            return changed
        }
    }

    /// Finishes a running countdown that has reached zero by `now`.
    ///
    /// - Returns: the finished timer and the completed session, which ends at the exact moment the countdown
    ///   reached zero (not at `now`), so completion is right even when nobody watched or the server restarted;
    ///   otherwise this timer unchanged and `nil`.
    public func settle(at now: Date) -> (FocusTimer, FocusSession?) {
        guard hasReachedZero(at: now), let endsAt, let planned = plannedSeconds else { return (self, nil) }
        var finished = self
        finished.phase = .finished
        finished.accumulated = TimeInterval(planned)
        finished.startedAt = nil
        finished.pausedAt = nil
        let session = session(endedAt: endsAt, focusedSeconds: planned, pausedSeconds: pausedTotal)
        return (finished, session)
    }

    /// Leaves the finished screen: the idle timer.
    ///
    /// - Throws: `.idle` when already idle; `.alreadyRunning` while running or paused (stop it instead).
    public func dismiss() throws(FocusTimerError) -> FocusTimer {
        switch phase {
        case .finished: .idle
        case .idle: throw .idle
        case .running, .paused: throw .alreadyRunning
        }
    }

    private func requireRunning(at now: Date) throws(FocusTimerError) {
        if phase == .idle { throw .idle }
        guard phase == .running, !hasReachedZero(at: now) else { throw .notRunning }
    }

    private func session(endedAt: Date, focusedSeconds: Int, pausedSeconds: TimeInterval) -> FocusSession {
        FocusSession(
            taskID: taskID, startedAt: sessionStartedAt ?? startedAt ?? endedAt, endedAt: endedAt,
            focusedSeconds: focusedSeconds, pausedSeconds: Int(pausedSeconds.rounded()), outcome: .completed,
            sound: sound, plannedSeconds: plannedSeconds)
    }
}
