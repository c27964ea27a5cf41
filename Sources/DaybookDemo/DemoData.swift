import DaybookCore
import DaybookStore
import Foundation
import GRDB

extension AppDatabase {
    /// Fills the database with realistic, deterministic demo data: settings, a few repeating routines, one-off
    /// tasks, about six focus sessions a weekday (fewer at weekends, some crossing midnight), daily logs
    /// whose sleep and mood move with the day's focus, a journal of about a thousand entries a year in
    /// English, Korean, Japanese and Chinese, and five trackers noted on most days.
    ///
    /// - Parameters:
    ///   - years: how many years of history to make, ending on `today`.
    ///   - seed: the same seed (and `today`) always makes the same data.
    ///   - timeZone: the owner's time zone.
    ///   - today: the last day with history; later days get only what repeats.
    /// - Returns: how many rows of each kind were written.
    @discardableResult
    public func fillDemo(years: Int, seed: UInt64, timeZone: TimeZone, today: DayKey? = nil) async throws
        -> DemoSummary
    {
        var random = SeededGenerator(seed: seed)
        let names = ["Mina", "Jun", "Aiko", "Wei", "Sam", "Noor", "Elena", "Tomas"]
        let journals = ["Morning Pages", "Field Notes", "Quiet Hours", "The Long Week", "Small Wins"]
        var settings = Settings.initial(language: .english, timeZone: timeZone)
        settings.name = names.randomElement(using: &random)!
        settings.journalName = journals.randomElement(using: &random)!
        settings.accentColor = HexColor.presets.randomElement(using: &random)!
        settings.focusMinutes = [25, 30, 45, 50].randomElement(using: &random)!
        settings.dailyGoalMinutes = [120, 150, 180, 240].randomElement(using: &random)!
        let last = today ?? DayKey(date: Date(), timeZone: timeZone)
        let first = last.adding(days: -(365 * years) + 1)
        let owner = settings
        let plan = DemoPlan(first: first, last: last, settings: owner, timeZone: timeZone)
        let history = random
        return try await writeDemo(settings: owner) { db in
            var random = history
            var summary = try plan.write(db, random: &random)
            summary.entries = try DemoJournal(first: first, last: last, timeZone: timeZone)
                .write(db, random: &random)
            summary.trackerValues = try DemoTrackers(first: first, last: last, timeZone: timeZone)
                .write(db, random: &random)
            return summary
        }
    }
}

/// How much demo data was written.
public struct DemoSummary: Equatable, Sendable {
    public var days = 0
    public var tasks = 0
    public var completions = 0
    public var sessions = 0
    public var logs = 0
    public var entries = 0
    public var trackerValues = 0
}

/// The shape of a demo history, written in one transaction with prepared statements.
private struct DemoPlan {
    let first: DayKey
    let last: DayKey
    let settings: Settings
    let timeZone: TimeZone

    struct Routine {
        var id: String
        var title: String
        var start: String?
        var minutes: Int?
        var color: String
        var rule: String
    }

    static let routines = [
        Routine(
            id: "demo-pages", title: "Morning pages", start: "07:00", minutes: 30, color: "amber", rule: "weekdays"),
        Routine(id: "demo-deep", title: "Deep work", start: "09:00", minutes: 120, color: "teal", rule: "weekdays"),
        Routine(
            id: "demo-review", title: "Inbox and review", start: "14:00", minutes: 45, color: "slate", rule: "weekdays"),
        Routine(id: "demo-run", title: "Run", start: "18:30", minutes: 45, color: "green", rule: "weekly:tue,thu,sat"),
        Routine(id: "demo-read", title: "Read 20 pages", start: nil, minutes: nil, color: "purple", rule: "daily"),
    ]

    static let errands = [
        "Call the bank", "Plan the week", "Groceries", "Write to Jun", "Fix the bike", "Book the dentist",
        "Tidy the desk", "Sketch the talk", "Water the plants", "Pay the rent", "Back up photos", "Draft the essay",
    ]

    static let reflections = [
        "A slow start, then two good hours.", "Too many meetings; protect the mornings.", "Felt clear after the run.",
        "Finished the draft. Celebrate a little.", "Tired. Early night.", "Good focus, but skipped lunch again.",
        "Rain all day; the rain loop helped.", "Small wins: inbox zero and a walk.",
    ]

    static let sounds: [AmbientSound] = [.rain, .rain, .birdsong, .waves, .brownNoise, .fireplace, .none]

    func write(_ db: Database, random: inout SeededGenerator) throws -> DemoSummary {
        var summary = DemoSummary()
        let insertTask = try db.makeStatement(
            sql: """
                INSERT OR REPLACE INTO task (id, title, notes, day, startMinute, durationMinutes, color, isDone, repeatRule)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
        let insertCompletion = try db.makeStatement(
            sql: "INSERT OR IGNORE INTO taskCompletion (taskID, day) VALUES (?, ?)")
        let insertSession = try db.makeStatement(
            sql: """
                INSERT INTO focusSession (taskID, startedAt, endedAt, focusedSeconds, pausedSeconds, outcome, sound, plannedSeconds)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """)
        let insertLog = try db.makeStatement(
            sql:
                "INSERT OR REPLACE INTO dailyLog (day, sleepQuality, mood, reflection, updatedAt) VALUES (?, ?, ?, ?, ?)"
        )

        for routine in Self.routines {
            try insertTask.execute(arguments: [
                routine.id, routine.title, "", first.description,
                routine.start.flatMap(TimeOfDay.init(string:))?.minutes,
                routine.minutes, routine.color, false, routine.rule,
            ])
            summary.tasks += 1
        }
        let calendar = Calendar.gregorian(in: timeZone)
        let routines = Self.routines.compactMap { routine in
            RepeatRule(string: routine.rule).map { (routine, $0) }
        }
        let goalSeconds = max(settings.dailyGoalMinutes, 60) * 60
        var day = first
        var index = 0
        while day <= last {
            summary.days += 1
            let weekday = calendar.component(.weekday, from: day.date(in: timeZone))
            let weekend = weekday == 1 || weekday == 7
            let midnight = day.date(in: timeZone)
            let isToday = day == last

            // How the night went sets the tone of the day.
            let sleep = Int.random(in: 1...5, using: &random)
            let energy = Double(sleep - 3) * 0.15 + Double.random(in: -0.25...0.25, using: &random)

            // Routines done (not today: it is still going).
            for (routine, rule) in routines where rule.occurs(on: day, startingFrom: first, calendar: calendar) {
                if !isToday, Double.random(in: 0...1, using: &random) < 0.72 + energy {
                    try insertCompletion.execute(arguments: [routine.id, day.description])
                    summary.completions += 1
                }
            }
            // One to three one-off tasks, some on the timeline.
            let errandIDs = (0..<Int.random(in: weekend ? 0...2 : 1...3, using: &random)).map { n in
                "demo-\(index)-\(n)"
            }
            for (n, id) in errandIDs.enumerated() {
                let timed = Bool.random(using: &random)
                let start = timed ? [11 * 60, 12 * 60 + 30, 16 * 60, 17 * 60][n % 4] : nil
                try insertTask.execute(arguments: [
                    id, Self.errands.randomElement(using: &random)!, "", day.description, start, timed ? 30 : nil,
                    ["blue", "rose", "orange", "teal"].randomElement(using: &random)!,
                    !isToday && Double.random(in: 0...1, using: &random) < 0.7, nil,
                ])
                summary.tasks += 1
            }

            // Focus sessions: about six a weekday, three at weekends; late owls sometimes cross midnight.
            var focused = 0
            let count = max(
                0, Int((Double(weekend ? 3 : 6) * (1 + energy)).rounded()) + Int.random(in: -1...1, using: &random))
            var clock = (weekend ? 10 : 8) * 3600 + Int.random(in: 0...3600, using: &random)
            for n in 0..<(isToday ? 0 : count) {
                let planned = [25, 25, 30, 45, 50].randomElement(using: &random)! * 60
                let early = Double.random(in: 0...1, using: &random) < 0.14
                let seconds = early ? Int.random(in: 5 * 60...(planned - 60), using: &random) : planned
                let paused =
                    Double.random(in: 0...1, using: &random) < 0.3 ? Int.random(in: 30...600, using: &random) : 0
                var start = clock
                if n == count - 1, Double.random(in: 0...1, using: &random) < 0.03 { start = 23 * 3600 + 40 * 60 }
                let startedAt = midnight.addingTimeInterval(TimeInterval(start))
                let endedAt = startedAt.addingTimeInterval(TimeInterval(seconds + paused))
                let task: String? =
                    switch Int.random(in: 0...5, using: &random) {
                    case 0, 1: weekend ? nil : "demo-deep"
                    case 2: weekend ? nil : "demo-pages"
                    case 3: errandIDs.first
                    default: nil
                    }
                try insertSession.execute(arguments: [
                    task, startedAt, endedAt, seconds, paused,
                    (early ? FocusOutcome.stoppedEarly : .completed).rawValue,
                    Self.sounds.randomElement(using: &random)!.rawValue, planned,
                ])
                focused += seconds
                summary.sessions += 1
                clock = start + seconds + paused + Int.random(in: 5 * 60...90 * 60, using: &random)
                if clock > 22 * 3600 { break }
            }

            // The log: most days have one; mood follows sleep and how much focus the day held.
            if !isToday, Double.random(in: 0...1, using: &random) < 0.85 {
                let reached = Double(focused) / Double(goalSeconds)
                let moodScore =
                    2.2 + Double(sleep) * 0.35 + min(reached, 1.2) * 1.1
                    + Double.random(in: -0.8...0.8, using: &random)
                let mood = min(5, max(1, Int(moodScore.rounded())))
                let reflection =
                    Double.random(in: 0...1, using: &random) < 0.4
                    ? Self.reflections.randomElement(using: &random)! : ""
                try insertLog.execute(arguments: [
                    day.description, sleep, mood, reflection, midnight.addingTimeInterval(22 * 3600),
                ])
                summary.logs += 1
            }
            day = day.adding(days: 1)
            index += 1
        }
        return summary
    }
}
