import DaybookCore
import DaybookStore
import DaybookTestSupport
import Foundation
import Testing

@testable import DaybookFeatures

@Suite("Focus scene")
struct FocusInteractorTests {
    let nine = Date.iso("2026-11-21T09:00:00+09:00")

    func make(_ database: AppDatabase, clock: any DaybookClock, events: EventBus = EventBus()) -> FocusInteractor {
        FocusInteractor(
            store: database, tasks: database, snapshots: database, settings: database, clock: clock, events: events,
            initial: { Fixtures.settings() })
    }

    @Test("start, pause, resume, stop: the numbers come from timestamps and the session is recorded")
    func fullSession() async throws {
        let database = try await Fixtures.database(settings: Fixtures.settings())
        let clock = ManualClock(nine)
        let focus = make(database, clock: clock)
        let started = try await focus.start(Focus.Start.Request(minutes: 25))
        #expect(started.timer.phase == .running)
        #expect(started.timer.sound == .rain)  // from settings
        clock.advance(by: 600)
        _ = try await focus.pause()
        clock.advance(by: 1800)  // a long pause counts nothing
        let resumed = try await focus.resume()
        let model = FocusPresenter.present(resumed, localizer: Fixtures.localizer())
        #expect(model.display == "15:00")  // the resume shows the right value at once
        clock.advance(by: 300)
        let stopped = try await focus.stop()
        #expect(stopped.timer == .idle)
        #expect(stopped.todaySeconds == 900)
        let day = DateInterval(start: nine.addingTimeInterval(-9 * 3600), duration: 86_400)
        let sessions = try await database.sessions(in: day)
        #expect(sessions.count == 1)
        #expect(sessions.first?.outcome == .stoppedEarly)
        #expect(sessions.first?.pausedSeconds == 1800)
    }

    @Test("the sound can change mid-session, paused or running; the session records the last one")
    func soundChange() async throws {
        let database = try await Fixtures.database(settings: Fixtures.settings())
        let clock = ManualClock(nine)
        let events = EventBus()
        let focus = make(database, clock: clock, events: events)
        await #expect(throws: Focus.Problem.timer(.idle)) { try await focus.changeSound("waves") }
        _ = try await focus.start(Focus.Start.Request(minutes: 25, sound: "rain"))
        let stream = await events.subscribe()
        #expect(try await focus.changeSound("waves").timer.sound == .waves)
        var iterator = stream.makeAsyncIterator()
        #expect(await iterator.next() == .timer)  // other pages crossfade
        await #expect(throws: Focus.Problem.unknownSound) { try await focus.changeSound("thunder") }
        #expect(try await focus.current().timer.sound == .waves)
        clock.advance(by: 300)
        _ = try await focus.pause()
        _ = try await focus.changeSound("fireplace")
        clock.advance(by: 60)
        _ = try await focus.stop()
        let sessions = try await database.sessions(in: DateInterval(start: nine, duration: 3600))
        #expect(sessions.map(\.sound) == [.fireplace])
    }

    @Test("a countdown that ends while nobody watches is recorded as completed at the moment it reached zero")
    func completesUnwatched() async throws {
        let database = try await Fixtures.database(settings: Fixtures.settings())
        let clock = ManualClock(nine)
        _ = try await make(database, clock: clock).start(Focus.Start.Request(minutes: 25, sound: "waves"))
        clock.advance(by: 5 * 3600)
        // A new interactor, as after a server restart.
        let later = try await make(database, clock: clock).current()
        #expect(later.timer.phase == .finished)
        let sessions = try await database.sessions(in: DateInterval(start: nine, duration: 86_400))
        #expect(sessions.map(\.outcome) == [.completed])
        #expect(sessions.first?.endedAt == nine.addingTimeInterval(1500))
        #expect(sessions.first?.sound == .waves)
        // Looking again records nothing twice.
        _ = try await make(database, clock: clock).current()
        #expect(try await database.sessions(in: DateInterval(start: nine, duration: 86_400)).count == 1)
    }

    @Test("illegal actions are refused with a reason and change nothing")
    func conflicts() async throws {
        let database = try await Fixtures.database(settings: Fixtures.settings())
        let focus = make(database, clock: ManualClock(nine))
        await #expect(throws: Focus.Problem.timer(.idle)) { try await focus.pause() }
        await #expect(throws: Focus.Problem.invalidMinutes(1...240)) {
            try await focus.start(Focus.Start.Request(minutes: 241))
        }
        await #expect(throws: Focus.Problem.unknownSound) {
            try await focus.start(Focus.Start.Request(sound: "thunder"))
        }
        await #expect(throws: Focus.Problem.unknownTask) { try await focus.start(Focus.Start.Request(taskID: "nope")) }
        _ = try await focus.start(Focus.Start.Request())
        await #expect(throws: Focus.Problem.timer(.alreadyRunning)) { try await focus.start(Focus.Start.Request()) }
        #expect(try await database.loadTimer().phase == .running)
        #expect(
            FocusPresenter.message(for: .timer(.alreadyRunning), localizer: Fixtures.localizer(.korean))
                == Fixtures.localizer(.korean)("focus.error.alreadyRunning"))
    }

    @Test("every change is announced to open pages")
    func publishesEvents() async throws {
        let database = try await Fixtures.database(settings: Fixtures.settings())
        let events = EventBus()
        let stream = await events.subscribe()
        let focus = make(database, clock: ManualClock(nine), events: events)
        _ = try await focus.start(Focus.Start.Request(minutes: 5))
        _ = try await focus.stop()
        var received: [DaybookEvent] = []
        for await event in stream {
            received.append(event)
            if received.count == 2 { break }
        }
        #expect(received == [.timer, .timer])
    }

    @Test("the display: countdowns show time left, stopwatches time spent, hours when needed")
    func display() {
        #expect(FocusPresenter.clock(59) == "00:59")
        #expect(FocusPresenter.clock(25 * 60) == "25:00")
        #expect(FocusPresenter.clock(3600 + 61) == "1:01:01")
        #expect(FocusPresenter.duration(85 * 60, localizer: Fixtures.localizer()) == "1 h 25 min")
        #expect(FocusPresenter.duration(85 * 60, localizer: Fixtures.localizer(.korean)) == "1시간 25분")
    }
}
