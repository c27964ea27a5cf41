import DaybookTestSupport
import Foundation
import Testing

@testable import DaybookCore

@Suite("Focus timer")
struct FocusTimerTests {
    let t0 = Date.iso("2026-11-21T09:00:00+09:00")
    let seoul = TimeZone(identifier: "Asia/Seoul")!
    let utc = TimeZone(identifier: "UTC")!

    /// `seconds` after `t0`.
    func at(_ seconds: TimeInterval) -> Date { t0.addingTimeInterval(seconds) }

    func countdown(minutes: Int = 25, taskID: String? = "t1") throws -> FocusTimer {
        try FocusTimer.idle.start(mode: .countdown(seconds: minutes * 60), taskID: taskID, sound: .rain, at: t0)
    }

    @Test("pausing stops the count; resuming shows the same elapsed at once and counts on")
    func pauseAndResume() throws {
        // Given a 25-minute countdown paused after 10 minutes
        let paused = try countdown().pause(at: at(600))
        #expect(paused.phase == .paused)
        #expect(paused.elapsed(at: at(900)) == 600)
        #expect(paused.remaining(at: at(900)) == 900)
        // When it is resumed 5 minutes later
        let resumed = try paused.resume(at: at(900))
        // Then it shows 10 minutes at once, counts from there, and remembers the pause
        #expect(resumed.elapsed(at: at(900)) == 600)
        #expect(resumed.elapsed(at: at(1200)) == 900)
        #expect(resumed.remaining(at: at(1200)) == 600)
        #expect(resumed.pausedTotal == 300)
        #expect(resumed.progress(at: at(1200)) == 0.6)
        #expect(resumed.endsAt == at(1800))
    }

    @Test("a 30-minute gap while running (screen locked, laptop asleep) counts fully")
    func backgroundGap() throws {
        let stopwatch = try FocusTimer.idle.start(mode: .stopwatch, taskID: nil, sound: .waves, at: t0)
        #expect(stopwatch.elapsed(at: at(1800)) == 1800)
        let hour = try countdown(minutes: 60)
        #expect(hour.elapsed(at: at(1800)) == 1800)
        #expect(hour.progress(at: at(1800)) == 0.5)
    }

    @Test("a timer saved as JSON and read back after a restart continues with the same elapsed")
    func survivesRestart() throws {
        // Given a countdown that was paused and resumed, stored as JSON text
        let timer = try countdown().pause(at: at(300.25)).resume(at: at(360.5))
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        let text = String(decoding: try encoder.encode(timer), as: UTF8.self)
        // When the server restarts and decodes it with another date strategy
        let restored = try JSONDecoder().decode(FocusTimer.self, from: Data(text.utf8))
        // Then nothing is lost
        #expect(restored == timer)
        #expect(restored.elapsed(at: at(1000)) == timer.elapsed(at: at(1000)))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["phase"] as? String == "running")
        #expect(object["mode"] as? String == "countdown")
        #expect(object["plannedSeconds"] as? Int == 1500)
        #expect(object["startedAt"] as? Double == at(360.5).timeIntervalSince1970)
        #expect(object["pausedAt"] == nil)
        #expect(
            Set(object.keys) == [
                "phase", "mode", "plannedSeconds", "taskID", "sound", "startedAt", "accumulated", "sessionStartedAt",
                "pausedTotal",
            ])
    }

    @Test("a stored timer missing the timestamps its phase needs is refused")
    func damagedJSON() throws {
        let json =
            #"{"phase":"running","mode":"countdown","plannedSeconds":1500,"sound":"rain","accumulated":0,"pausedTotal":0}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(FocusTimer.self, from: Data(json.utf8)) }
        let idle = #"{"phase":"idle","mode":"stopwatch","sound":"none","accumulated":0,"pausedTotal":0}"#
        #expect(try JSONDecoder().decode(FocusTimer.self, from: Data(idle.utf8)) == .idle)
    }

    @Test("a countdown that ends while nobody watches is recorded at the exact moment it reached zero")
    func completesUnwatched() throws {
        // Given a 25-minute countdown with a one-minute pause
        let timer = try countdown().pause(at: at(300)).resume(at: at(360))
        #expect(timer.settle(at: at(1559)).1 == nil)
        // When it is settled five hours later
        let (finished, session) = timer.settle(at: at(5 * 3600))
        // Then the session ended at zero, fully focused
        #expect(finished.phase == .finished)
        #expect(finished.remaining(at: at(5 * 3600)) == 0)
        #expect(finished.progress(at: at(5 * 3600)) == 1)
        #expect(
            session
                == FocusSession(
                    taskID: "t1", startedAt: t0, endedAt: at(1560), focusedSeconds: 1500, pausedSeconds: 60,
                    outcome: .completed, sound: .rain, plannedSeconds: 1500))
        #expect(finished.settle(at: at(6 * 3600)).1 == nil)
        #expect(try finished.dismiss() == .idle)
    }

    @Test("before settling, a countdown past zero reads as done and a stop records it completed at zero")
    func stopAfterZero() throws {
        let timer = try countdown()
        #expect(timer.elapsed(at: at(4000)) == 1500)
        #expect(timer.remaining(at: at(4000)) == 0)
        #expect(timer.hasReachedZero(at: at(1500)))
        let (idle, session) = try timer.stop(at: at(4000))
        #expect(idle == .idle)
        #expect(session.endedAt == at(1500))
        #expect(session.outcome == .completed)
    }

    @Test("stopping early is recorded as stopped early; a stopwatch stop is complete")
    func stopping() throws {
        let (idle, early) = try countdown().pause(at: at(600)).stop(at: at(700))
        #expect(idle == .idle)
        #expect(early.outcome == .stoppedEarly)
        #expect(early.focusedSeconds == 600 && early.pausedSeconds == 100)
        #expect(early.endedAt == at(700) && early.plannedSeconds == 1500)

        let stopwatch = try FocusTimer.idle.start(mode: .stopwatch, taskID: nil, sound: .none, at: t0)
        let (_, session) = try stopwatch.stop(at: at(3725))
        #expect(session.outcome == .completed && session.focusedSeconds == 3725 && session.plannedSeconds == nil)
    }

    @Test("a countdown can be extended while running or paused")
    func extending() throws {
        let running = try countdown().extend(byMinutes: 10, at: at(1000))
        #expect(running.mode == .countdown(seconds: 2100))
        #expect(running.remaining(at: at(1000)) == 1100)
        let paused = try countdown().pause(at: at(600)).extend(byMinutes: 120, at: at(700))
        #expect(paused.remaining(at: at(700)) == 8100)
        let session = try paused.resume(at: at(700)).settle(at: at(20_000)).1
        #expect(session?.endedAt == at(700 + 900 + 7200))
        #expect(session?.plannedSeconds == 1500 + 7200)
    }

    @Test("a stopwatch has no remaining time and no progress")
    func stopwatch() throws {
        let timer = try FocusTimer.idle.start(mode: .stopwatch, taskID: nil, sound: .fireplace, at: t0)
        #expect(timer.remaining(at: at(100)) == nil)
        #expect(timer.progress(at: at(100)) == 0)
        #expect(timer.endsAt == nil)
        #expect(timer.settle(at: at(1_000_000)).1 == nil)
        #expect(FocusTimer.idle.elapsed(at: t0) == 0 && FocusTimer.idle.remaining(at: t0) == nil)
    }

    @Test("a finished timer starts a fresh session")
    func startAfterFinish() throws {
        let (finished, _) = try countdown().settle(at: at(2000))
        let again = try finished.start(mode: .countdown(seconds: 300), taskID: nil, sound: .waves, at: at(2100))
        #expect(again.sessionStartedAt == at(2100) && again.elapsed(at: at(2160)) == 60 && again.pausedTotal == 0)
    }

    @Test("every illegal transition throws its error and leaves the timer as it was")
    func illegalTransitions() throws {
        let idle = FocusTimer.idle
        let running = try countdown()
        let paused = try running.pause(at: at(60))
        let finished = running.settle(at: at(1600)).0
        let stopwatch = try idle.start(mode: .stopwatch, taskID: nil, sound: .none, at: t0)
        let later = at(120)
        let cases: [(FocusTimer, FocusTimerError, (FocusTimer) throws -> Void)] = [
            (idle, .idle, { _ = try $0.pause(at: later) }),
            (idle, .idle, { _ = try $0.resume(at: later) }),
            (idle, .idle, { _ = try $0.stop(at: later) }),
            (idle, .idle, { _ = try $0.extend(byMinutes: 5, at: later) }),
            (idle, .idle, { _ = try $0.dismiss() }),
            (
                idle, .invalidLength(1...240),
                { _ = try $0.start(mode: .countdown(seconds: 59), taskID: nil, sound: .rain, at: later) }
            ),
            (
                idle, .invalidLength(1...240),
                { _ = try $0.start(mode: .countdown(seconds: 241 * 60), taskID: nil, sound: .rain, at: later) }
            ),
            (running, .alreadyRunning, { _ = try $0.start(mode: .stopwatch, taskID: nil, sound: .rain, at: later) }),
            (running, .notPaused, { _ = try $0.resume(at: later) }),
            (running, .alreadyRunning, { _ = try $0.dismiss() }),
            (running, .notRunning, { _ = try $0.pause(at: at(1500)) }),
            (running, .notRunning, { _ = try $0.extend(byMinutes: 5, at: at(1600)) }),
            (running, .invalidExtension, { _ = try $0.extend(byMinutes: 0, at: later) }),
            (running, .invalidExtension, { _ = try $0.extend(byMinutes: 121, at: later) }),
            (stopwatch, .invalidExtension, { _ = try $0.extend(byMinutes: 5, at: later) }),
            (paused, .alreadyRunning, { _ = try $0.start(mode: .stopwatch, taskID: nil, sound: .rain, at: later) }),
            (paused, .notRunning, { _ = try $0.pause(at: later) }),
            (paused, .alreadyRunning, { _ = try $0.dismiss() }),
            (finished, .notRunning, { _ = try $0.pause(at: later) }),
            (finished, .notPaused, { _ = try $0.resume(at: later) }),
            (finished, .notRunning, { _ = try $0.stop(at: later) }),
            (finished, .notRunning, { _ = try $0.extend(byMinutes: 5, at: later) }),
        ]
        for (index, (timer, expected, transition)) in cases.enumerated() {
            let before = timer
            #expect(throws: expected, "case \(index)") { try transition(timer) }
            #expect(timer == before)
        }
    }

    @Test("a session across midnight counts toward each local day: split in Seoul, one day in UTC")
    func sessionAcrossMidnight() {
        // 23:30–00:30 in Seoul is 14:30–15:30 UTC
        let session = FocusSession(
            taskID: nil, startedAt: .iso("2026-11-21T23:30:00+09:00"), endedAt: .iso("2026-11-22T00:30:00+09:00"),
            focusedSeconds: 3000, pausedSeconds: 600, outcome: .completed, sound: .rain, plannedSeconds: 3000)
        let saturday = DayKey(string: "2026-11-21")!
        #expect(session.focusedSecondsByDay(in: seoul) == [saturday: 1500, saturday.adding(days: 1): 1500])
        #expect(session.focusedSecondsByDay(in: utc) == [saturday: 3000])

        var uneven = session
        uneven.endedAt = .iso("2026-11-22T00:10:00+09:00")
        uneven.focusedSeconds = 2399
        let parts = uneven.focusedSecondsByDay(in: seoul)
        #expect(parts.values.reduce(0, +) == 2399)
        #expect(parts[saturday] == 1799 && parts[saturday.adding(days: 1)] == 600)
    }

    @Test("a session's day follows the owner's time zone, and its JSON uses the outcome's stored text")
    func sessionDayAndJSON() throws {
        let session = FocusSession(
            taskID: nil, startedAt: .iso("2026-11-21T08:00:00+09:00"), endedAt: .iso("2026-11-21T08:20:00+09:00"),
            focusedSeconds: 1200, pausedSeconds: 0, outcome: .stoppedEarly, sound: .brownNoise, plannedSeconds: 1500)
        #expect(session.focusedSecondsByDay(in: seoul) == [DayKey(string: "2026-11-21")!: 1200])
        #expect(session.focusedSecondsByDay(in: utc) == [DayKey(string: "2026-11-20")!: 1200])
        let text = String(decoding: try JSONEncoder().encode(session), as: UTF8.self)
        #expect(text.contains(#""outcome":"stopped-early""#) && text.contains(#""sound":"brown-noise""#))
        #expect(try JSONDecoder().decode(FocusSession.self, from: Data(text.utf8)) == session)
    }

    @Test("day keys parse, print, count and start in the owner's time zone")
    func dayKeys() throws {
        let day = try #require(DayKey(string: "2026-11-21"))
        #expect(day.description == "2026-11-21")
        #expect(day.date(in: seoul) == .iso("2026-11-21T00:00:00+09:00"))
        #expect(day.date(in: utc) == .iso("2026-11-21T00:00:00Z"))
        #expect(DayKey(date: .iso("2026-11-21T23:30:00Z"), timeZone: seoul).description == "2026-11-22")
        #expect(DayKey(date: .iso("2026-11-21T23:30:00Z"), timeZone: utc) == day)
        #expect(day.adding(days: 41).description == "2027-01-01")
        #expect(DayKey(string: "2028-02-28")!.adding(days: 1).description == "2028-02-29")
        #expect(DayKey(string: "2028-03-01")!.adding(days: -1).description == "2028-02-29")
        #expect(day.days(to: DayKey(string: "2026-12-25")!) == 34)
        #expect(day < day.adding(days: 1) && DayKey(string: "2025-12-31")! < day)
        for bad in [
            "2026-02-29", "2026-13-01", "2026-11-31", "2026-1-05", "26-11-21", "2026-11-21T00", "", "abcd-ef-gh",
        ] {
            #expect(DayKey(string: bad) == nil, "\(bad)")
        }
        #expect(String(decoding: try JSONEncoder().encode([day]), as: UTF8.self) == #"["2026-11-21"]"#)
    }
}
