import Foundation

/// The rows of a Loop Habit Tracker backup (`.db`, the app's SQLite database) as they are stored, read by the
/// store layer; `LoopImport.parse(_:)` turns them into Daybook's terms.
///
/// Schema 2 (Loop's first release) has `Habits` with `name`, `description`, `freq_num`, `freq_den`, `color` and
/// `position`, and `Repetitions` with `habit` and `timestamp`, keyed by ActiveAndroid's `Id`; `archived` came in 7.
/// Columns came over the later schema versions (`PRAGMA user_version`): `type` and `Repetitions.value` in 16 (before,
/// a repetition meant done), `target_type`, `target_value` and `unit` in 18, `question` in 23 (the question was
/// the description until then), `uuid` in 24, `Repetitions.notes` in 25. A column the file lacks is nil here.
public struct LoopBackup: Sendable, Equatable {
    /// The newest schema Loop writes, and so the newest Daybook reads.
    public static let newestVersion = 25

    public var version: Int
    public var habits: [Habit]
    public var repetitions: [Repetition]

    public init(version: Int, habits: [Habit], repetitions: [Repetition]) {
        self.version = version
        self.habits = habits
        self.repetitions = repetitions
    }

    public struct Habit: Sendable, Equatable {
        public var id: Int64
        public var position: Int?
        public var name: String?
        /// 0 yes/no, 1 numerical.
        public var type: Int?
        public var question: String?
        public var description: String?
        public var frequencyNumerator: Int?
        public var frequencyDenominator: Int?
        public var color: Int?
        public var unit: String?
        /// 0 at least, 1 at most.
        public var targetType: Int?
        public var targetValue: Double?
        public var archived: Int?
        public var uuid: String?

        public init(
            id: Int64, position: Int? = nil, name: String?, type: Int? = nil, question: String? = nil,
            description: String? = nil, frequencyNumerator: Int? = nil, frequencyDenominator: Int? = nil,
            color: Int? = nil, unit: String? = nil, targetType: Int? = nil, targetValue: Double? = nil,
            archived: Int? = nil, uuid: String? = nil
        ) {
            self.id = id
            self.position = position
            self.name = name
            self.type = type
            self.question = question
            self.description = description
            self.frequencyNumerator = frequencyNumerator
            self.frequencyDenominator = frequencyDenominator
            self.color = color
            self.unit = unit
            self.targetType = targetType
            self.targetValue = targetValue
            self.archived = archived
            self.uuid = uuid
        }
    }

    public struct Repetition: Sendable, Equatable {
        public var id: Int64
        public var habit: Int64?
        /// Milliseconds since 1970 at the day's UTC midnight.
        public var timestamp: Int64?
        /// Nil before schema 16, where the row itself means done.
        public var value: Int?
        public var notes: String?

        public init(id: Int64, habit: Int64?, timestamp: Int64?, value: Int? = nil, notes: String? = nil) {
            self.id = id
            self.habit = habit
            self.timestamp = timestamp
            self.value = value
            self.notes = notes
        }
    }
}

extension LoopImport {
    /// A backup's habits (in Loop's order) and their days.
    /// - Throws: `ImportBatch.Problem.unknownVersion` for a schema newer than Loop's newest.
    public static func parse(_ backup: LoopBackup) throws -> ImportBatch {
        guard backup.version <= LoopBackup.newestVersion else {
            throw ImportBatch.Problem.unknownVersion("Loop database \(backup.version)")
        }
        var batch = ImportBatch()
        let habits = backup.habits.sorted { ($0.position ?? .max, $0.id) < ($1.position ?? .max, $1.id) }
        var byID: [Int64: (tracker: ImportBatch.Tracker, label: String)] = [:]
        let names = habits.compactMap { $0.name?.trimmingWhiteSpace() }
        for habit in habits {
            let name = (habit.name ?? "").trimmingWhiteSpace()
            guard !name.isEmpty else {
                batch.problems.append(
                    .init(item: "Habits row \(habit.id)", key: "import.problem.habitNoName", kind: .trackers))
                continue
            }
            let numeric = habit.type == 1
            let unit = (habit.unit ?? "").trimmingCharacters(in: .whitespaces)
            // Until schema 23 the question was kept as the description.
            let question = backup.version < 23 && habit.question == nil ? habit.description : habit.question
            let description = backup.version < 23 && habit.question == nil ? nil : habit.description
            var (frequency, frequencyProblem) = LoopRules.frequency(
                habit.frequencyNumerator, habit.frequencyDenominator, habit: "“\(name)”")
            var target =
                numeric
                ? LoopRules.target(
                    habit.targetType == 1 ? .atMost : habit.targetType == 0 ? .atLeast : nil, habit.targetValue)
                : nil
            if numeric {
                (target, frequency, frequencyProblem) = LoopRules.numeric(
                    target: target, frequency: frequency, habit: "“\(name)”")
            }
            if let frequencyProblem { batch.problems.append(frequencyProblem) }
            let tracker = ImportBatch.Tracker(
                sourceID: habit.uuid.map { "uuid:" + $0 } ?? "id:\(habit.id)", name: name,
                kind: numeric ? .number : .boolean, unit: numeric && !unit.isEmpty ? .custom(unit) : nil,
                isArchived: (habit.archived ?? 0) != 0,
                color: habit.color.flatMap { LoopRules.color(stored: $0, schemaVersion: backup.version) },
                target: target, frequency: frequency, note: LoopRules.note(question: question, description: description)
            )
            batch.trackers.append(tracker)
            let shared = names.filter { $0 == name }.count > 1
            byID[habit.id] = (tracker, shared ? "“\(name)” (habit \(habit.id))" : "“\(name)”")
        }
        var tallies: [Int64: LoopDayTally] = [:]
        var seen: [Int64: [DayKey: Int64]] = [:]
        var orphans = 0
        for row in backup.repetitions.sorted(by: { $0.id < $1.id }) {
            let place = "Repetitions row \(row.id)"
            guard let habitID = row.habit, let habit = byID[habitID] else {
                if row.habit.flatMap({ id in backup.habits.first { $0.id == id } }) == nil { orphans += 1 }
                continue
            }
            guard let timestamp = row.timestamp, abs(timestamp) < 400_000_000_000_000 else {
                tallies[habitID, default: .init()].problems.append(
                    .init(item: place, key: "import.problem.rowNoDay", kind: .values))
                continue
            }
            let day = DayKey(
                date: Date(timeIntervalSince1970: Double(timestamp) / 1000), timeZone: TimeZone(secondsFromGMT: 0)!)
            if let notes = row.notes, !notes.isEmpty {
                batch.problems.append(LoopDayTally.noteProblem(habit: habit.label, day: day, note: notes))
            }
            if let earlier = seen[habitID]?[day] {
                tallies[habitID, default: .init()].problems.append(
                    .init(
                        item: place, key: "import.problem.dayAgainRow", [day.description, "\(earlier)"], kind: .values))
                continue
            }
            seen[habitID, default: [:]][day] = row.id
            let outcome =
                row.value.map { LoopRules.day(stored: $0, numeric: habit.tracker.kind == .number) } ?? .value(1)
            switch outcome {
            case .value(let value):
                batch.values.append(.init(trackerSourceID: habit.tracker.sourceID, day: day, value: value))
            case .empty: continue
            case .skipped: tallies[habitID, default: .init()].skipped.append(day)
            case .invalid:
                tallies[habitID, default: .init()].problems.append(
                    .init(
                        item: place, key: "import.problem.loopStored", ["\(row.value ?? 0)", habit.label], kind: .values
                    ))
            }
        }
        for habit in habits {
            guard let tally = tallies[habit.id], let label = byID[habit.id]?.label else { continue }
            batch.problems += tally.problems
            if let skipped = tally.skipProblem(habit: label) { batch.problems.append(skipped) }
        }
        if orphans > 0 {
            batch.problems.append(
                .init(
                    item: "Repetitions", key: "import.problem.orphans", ["\(orphans)"], kind: .values, covers: orphans))
        }
        return batch
    }
}
