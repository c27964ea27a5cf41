import DaybookCore
import DaybookStore
import DaybookTestSupport
import Foundation
import Testing

@testable import DaybookFeatures

/// Taps that arrive at once — the lock screen and the page, two devices, an outbox replaying beside a live tap —
/// leave the timer and the recorded sessions as one serial order of them would.
@Suite("Focus: simultaneous taps")
struct FocusRaceTests {
    let nine = Date.iso("2026-11-21T09:00:00+09:00")

    func make(_ database: AppDatabase, clock: any DaybookClock) -> FocusInteractor {
        FocusInteractor(
            store: database, tasks: database, snapshots: database, settings: database, clock: clock,
            events: EventBus(), initial: { Fixtures.settings() })
    }

    /// A file database (a pool of readers beside its one writer, as the server runs it) with the owner's settings,
    /// a clock at nine and the focus scene on them.
    func fileDatabase() async throws -> (URL, AppDatabase, ManualClock, FocusInteractor) {
        let folder = Fixtures.temporaryFolder()
        let database = try AppDatabase.open(folder: folder)
        try await database.saveSettings(Fixtures.settings())
        let clock = ManualClock(nine)
        return (folder, database, clock, make(database, clock: clock))
    }

    /// Runs `action` `count` times at once; the errors of those refused.
    func atOnce(_ count: Int, _ action: @escaping @Sendable () async throws -> Void) async -> [any Error] {
        await withTaskGroup(of: (any Error)?.self) { group in
            for _ in 0..<count {
                group.addTask {
                    do { try await action() } catch { return error }
                    return nil
                }
            }
            var errors: [any Error] = []
            for await error in group { if let error { errors.append(error) } }
            return errors
        }
    }

    @Test("four stops at the same moment record one session, round after round")
    func fourStops() async throws {
        let (folder, database, clock, focus) = try await fileDatabase()
        defer { try? FileManager.default.removeItem(at: folder) }
        for round in 1...6 {
            _ = try await focus.start(Focus.Start.Request(minutes: 25))
            clock.advance(by: 300)
            let refused = await atOnce(4) { _ = try await focus.stop() }
            #expect(refused.count == 3, "round \(round)")
            #expect(refused.allSatisfy { ($0 as? Focus.Problem) == .timer(.idle) }, "round \(round)")
            clock.advance(by: 60)
        }
        let day = DateInterval(start: nine.addingTimeInterval(-9 * 3600), duration: 86_400)
        let sessions = try await database.sessions(in: day)
        #expect(sessions.count == 6)
        #expect(sessions.allSatisfy { $0.focusedSeconds == 300 })
        #expect(try await focus.current().todaySeconds == 6 * 300)
    }

    @Test("pauses and resumes at once leave one of the serial orders' states, never a doubled pause")
    func pausesAndResumes() async throws {
        let (folder, database, clock, focus) = try await fileDatabase()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try await focus.start(Focus.Start.Request(minutes: 25))
        clock.advance(by: 120)
        let pauses = await atOnce(4) { _ = try await focus.pause() }
        #expect(pauses.count == 3)
        #expect(try await focus.current().timer.phase == .paused)
        clock.advance(by: 60)
        let resumes = await atOnce(4) { _ = try await focus.resume() }
        #expect(resumes.count == 3)
        clock.advance(by: 60)
        _ = try await focus.stop()
        let day = DateInterval(start: nine.addingTimeInterval(-9 * 3600), duration: 86_400)
        let sessions = try await database.sessions(in: day)
        #expect(sessions.count == 1)
        #expect(sessions.first?.focusedSeconds == 180)
        #expect(sessions.first?.pausedSeconds == 60)
    }
}
