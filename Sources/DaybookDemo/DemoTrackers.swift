import DaybookCore
import DaybookStore
import Foundation
import GRDB

/// Demo trackers with a value on most days: a habit, water, energy (which follows the day's mood), reading
/// time and weight, so the tracker pages, the widgets and the insight have years to show.
struct DemoTrackers {
    let first: DayKey
    let last: DayKey
    let timeZone: TimeZone

    static let trackers: [Tracker] = [
        Tracker(id: "demo-meditate", name: "Meditate", kind: .boolean, color: "purple", createdAt: .distantPast),
        Tracker(
            id: "demo-water", name: "Water", kind: .number, unit: .canonical(.litres),
            target: TrackerTarget(.atLeast, 2), color: "blue", createdAt: .distantPast),
        Tracker(id: "demo-energy", name: "Energy", kind: .rating, color: "amber", createdAt: .distantPast),
        Tracker(
            id: "demo-reading", name: "Reading", kind: .duration, target: TrackerTarget(.atLeast, 30), color: "green",
            createdAt: .distantPast),
        Tracker(
            id: "demo-weight", name: "Weight", kind: .number, unit: .canonical(.kilograms), color: "slate",
            createdAt: .distantPast),
    ]

    /// Writes the trackers and their values; returns how many values.
    func write(_ db: Database, random: inout SeededGenerator) throws -> Int {
        let created = first.date(in: timeZone)
        for (position, tracker) in Self.trackers.enumerated() {
            var tracker = tracker
            tracker.position = position
            tracker.createdAt = created
            try AppDatabase.insertDemoTracker(db, tracker)
        }
        var moods: [String: Int] = [:]
        let rows = try Row.fetchCursor(db, sql: "SELECT day, mood FROM dailyLog WHERE mood IS NOT NULL")
        while let row = try rows.next() { moods[row[0]] = row[1] }

        let insert = try db.makeStatement(
            sql: "INSERT INTO trackerValue (trackerID, day, value, updatedAt) VALUES (?, ?, ?, ?)")
        var count = 0
        var weight = 74.0
        var day = first
        while day <= last {
            let key = day.description
            let evening = day.date(in: timeZone).addingTimeInterval(21 * 3600)
            func add(_ id: String, _ value: Double) throws {
                try insert.execute(arguments: [id, key, value, evening])
                count += 1
            }
            let weekend = day.weekday == 1 || day.weekday == 7
            // A habit kept on most days, more often at weekends; streaks of a week or two are common.
            if Double.random(in: 0..<1, using: &random) < (weekend ? 0.85 : 0.7) { try add("demo-meditate", 1) }
            if Double.random(in: 0..<1, using: &random) < 0.9 {
                try add("demo-water", (Double.random(in: 1.2...2.9, using: &random) * 10).rounded() / 10)
            }
            if let mood = moods[key], Double.random(in: 0..<1, using: &random) < 0.8 {
                let energy = Double(mood) + Double(Int.random(in: -1...1, using: &random))
                try add("demo-energy", min(5, max(1, energy)))
            }
            if Double.random(in: 0..<1, using: &random) < 0.75 {
                try add("demo-reading", Double(Int.random(in: 1...18, using: &random) * 5))
            }
            if day.weekday == 2 || Double.random(in: 0..<1, using: &random) < 0.2 {
                weight = min(82, max(66, weight + Double.random(in: -0.6...0.6, using: &random)))
                try add("demo-weight", (weight * 10).rounded() / 10)
            }
            day = day.adding(days: 1)
        }
        return count
    }
}
