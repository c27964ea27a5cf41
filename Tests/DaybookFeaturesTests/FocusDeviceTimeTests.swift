import DaybookCore
import DaybookStore
import DaybookTestSupport
import Foundation
import Testing

@testable import DaybookFeatures

@Suite("Focus actions made on a device away from the server, sent later with their own times")
struct FocusDeviceTimeTests {
    let nine = Date.iso("2026-11-21T09:00:00+09:00")

    func make(_ database: AppDatabase, clock: any DaybookClock) -> FocusInteractor {
        FocusInteractor(
            store: database, tasks: database, snapshots: database, settings: database, clock: clock,
            events: EventBus(), initial: { Fixtures.settings() })
    }

    @Test("a session run offline and sent an hour later is recorded with the times the person acted")
    func trueTimes() async throws {
        let database = try await Fixtures.database(settings: Fixtures.settings())
        // Given the server's clock at 10:00, when the device's 09:00–09:30 session arrives
        let clock = ManualClock(nine.addingTimeInterval(3600))
        let focus = make(database, clock: clock)
        _ = try await focus.start(Focus.Start.Request(minutes: 25, sound: "none"), madeAt: nine)
        _ = try await focus.pause(madeAt: nine.addingTimeInterval(600))
        _ = try await focus.resume(madeAt: nine.addingTimeInterval(1200))
        let stopped = try await focus.stop(madeAt: nine.addingTimeInterval(1800))
        // Then it is one session from 09:00 to 09:30 with 20 minutes focused: the 25-minute countdown did not
        // finish at 09:25 by the server's clock, because it was paused for ten minutes.
        #expect(stopped.timer == .idle)
        let sessions = try await database.sessions(in: DateInterval(start: nine, duration: 86_400))
        #expect(sessions.count == 1)
        #expect(sessions.first?.startedAt == nine)
        #expect(sessions.first?.endedAt == nine.addingTimeInterval(1800))
        #expect(sessions.first?.focusedSeconds == 1200)
        #expect(sessions.first?.pausedSeconds == 600)
        #expect(sessions.first?.outcome == .stoppedEarly)
    }

    @Test("a pause dated before its start is refused, and the timer is as it was")
    func outOfOrder() async throws {
        let database = try await Fixtures.database(settings: Fixtures.settings())
        let clock = ManualClock(nine.addingTimeInterval(3600))
        let focus = make(database, clock: clock)
        _ = try await focus.start(Focus.Start.Request(minutes: 25, sound: "none"), madeAt: nine)
        await #expect(throws: Focus.Problem.deviceTime(.outOfOrder)) {
            try await focus.pause(madeAt: nine.addingTimeInterval(-60))
        }
        let timer = try await database.loadTimer()
        #expect(timer.phase == .running)
        #expect(timer.startedAt == nine)
        let message = FocusPresenter.message(
            for: .deviceTime(.outOfOrder), localizer: Fixtures.localizer())
        #expect(message.contains("before the timer's last change"))
    }

    @Test("a time from the future beyond five minutes, or older than eight days, is refused")
    func bounds() async throws {
        let database = try await Fixtures.database(settings: Fixtures.settings())
        let clock = ManualClock(nine)
        let focus = make(database, clock: clock)
        let start = Focus.Start.Request(minutes: 25, sound: "none")
        await #expect(throws: Focus.Problem.deviceTime(.inFuture)) {
            try await focus.start(start, madeAt: nine.addingTimeInterval(DeviceTime.skew + 1))
        }
        await #expect(throws: Focus.Problem.deviceTime(.tooOld)) {
            try await focus.start(start, madeAt: nine.addingTimeInterval(-DeviceTime.replayWindow - 1))
        }
        #expect(try await database.loadTimer() == .idle)
        // A device clock a little ahead is fine.
        let ahead = try await focus.start(start, madeAt: nine.addingTimeInterval(30))
        #expect(ahead.timer.sessionStartedAt == nine.addingTimeInterval(30))
        #expect(DeviceTime.replayWindow == AppDatabase.idempotencyKeyLifetime)
    }
}
