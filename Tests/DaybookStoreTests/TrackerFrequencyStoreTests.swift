import DaybookCore
import DaybookTestSupport
import Foundation
import GRDB
import Testing

@testable import DaybookStore

@Suite("Tracker frequency and note in the store")
struct TrackerFrequencyStoreTests {
    let made = Date.iso("2026-11-01T09:00:00+09:00")

    @Test("a frequency and a note are saved, changed and cleared, and read back as they were")
    func roundTrip() async throws {
        // Given a tracker met 3 times a week, with a question
        let database = try AppDatabase.inMemory()
        let run = try await database.createTracker(
            Tracker(
                id: "run", name: "Run", kind: .boolean, createdAt: made,
                frequency: try TrackerFrequency(text: "3/week"),
                note: "Did you run today?\nEven a short one counts."), limit: Tracker.Limits.count)
        let water = try await database.createTracker(
            Tracker(id: "water", name: "Water", kind: .number, createdAt: made), limit: Tracker.Limits.count)
        // Then both read back as saved, the daily one as every day without a note
        let stored = try #require(try await database.tracker(id: run.id))
        #expect(stored.frequency.times == 3 && stored.frequency.days == 7)
        #expect(stored.note == "Did you run today?\nEven a short one counts.")
        #expect(try await database.tracker(id: water.id)?.frequency == .daily)
        #expect(try await database.tracker(id: water.id)?.note == nil)
        // When the frequency changes to a window of its own and the note is cleared
        var changed = stored
        changed.frequency = try #require(TrackerFrequency.loop(numerator: 2, denominator: 3))
        changed.note = nil
        try await database.updateTracker(changed)
        // Then the list reads the same
        let listed = try #require(try await database.trackers().first { $0.id == run.id })
        #expect(listed.frequency.text == "2/3")
        #expect(listed.note == nil)
        #expect(listed == changed)
    }

    @Test("trackers from before the migration are daily, without a note; unreadable windows read as daily")
    func olderRows() throws {
        // Given a database at the migration before frequencies, with a tracker in it
        let queue = try DatabaseQueue(configuration: AppDatabase.makeConfiguration())
        try AppDatabase.migrator.migrate(queue, upTo: "v12 imports")
        try queue.write { db in
            try db.execute(
                sql: """
                    INSERT INTO tracker (id, name, nameKey, kind, color, position, createdAt)
                    VALUES ('old', 'Old', 'old', 'boolean', 'teal', 0, '2026-01-01 00:00:00.000')
                    """)
        }
        // When the newer migrations run
        let database = try AppDatabase(queue)
        // Then it reads as every day, without a note
        let old = try #require(try database.writer.read { db in try TrackerRecord.fetchOne(db, key: "old")?.tracker })
        #expect(old.frequency == .daily)
        #expect(old.note == nil)
        // And a row whose window this version cannot keep still reads, as every day
        try queue.write { db in
            try db.execute(sql: "UPDATE tracker SET frequencyTimes = 9, frequencyDays = 7 WHERE id = 'old'")
        }
        let odd = try #require(try database.writer.read { db in try TrackerRecord.fetchOne(db, key: "old")?.tracker })
        #expect(odd.frequency == .daily)
    }
}
