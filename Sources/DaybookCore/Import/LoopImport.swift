import Foundation

/// Loop Habit Tracker's CSV export: `Habits.csv` (a habit a row), `Checkmarks.csv` (a day a row, newest first, a
/// column per habit) and a folder per habit, `NNN Name/`, whose `Checkmarks.csv` holds its known days with their
/// notes. Yes/no habits become yes/no trackers and numerical ones number trackers with their unit and target.
///
/// Every day is accounted for: a done day becomes done, an amount its number, a day Loop filled in from the
/// frequency (YES_AUTO), a NO and an UNKNOWN stay empty; skipped days, notes on days and anything unreadable are
/// problems that say where they are.
public enum LoopImport {
    public static let habitsFile = "Habits.csv"
    public static let checkmarksFile = "Checkmarks.csv"

    /// - Parameters:
    ///   - habits: `Habits.csv`.
    ///   - checkmarks: the `Checkmarks.csv` beside it; nil when the export has none.
    ///   - folders: each habit folder's `Checkmarks.csv`, by the folder's name (`001 Meditate`).
    /// - Throws: `ImportBatch.Problem.unreadable` when `Habits.csv` or `Checkmarks.csv` is not one Loop writes.
    public static func parse(habits: Data, checkmarks: Data?, folders: [String: Data] = [:]) throws -> ImportBatch {
        var batch = ImportBatch()
        var list = try readHabits(DelimitedText.commaSeparated(habits, file: habitsFile), problems: &batch.problems)
        var cells = Array(repeating: [LoopCell](), count: list.count)
        var fromSummary = Set<Int>()
        if let checkmarks {
            let columns = try readSummary(checkmarks, habits: list, into: &cells, problems: &batch.problems)
            fromSummary = Set(columns)
        }
        for (folder, data) in folders.sorted(by: { $0.key < $1.key }) {
            let file = folder + "/" + checkmarksFile
            let number = Int(folder.prefix(while: \.isNumber))
            guard let index = list.firstIndex(where: { $0?.number == number && number != nil }), let habit = list[index]
            else {
                batch.problems.append(
                    .init(item: file, key: "import.problem.folderNoHabit"))
                continue
            }
            for record in try DelimitedText.commaSeparated(data, file: file) where record.fields.first != "Date" {
                let text = record.fields[0].trimmingCharacters(in: .whitespaces)
                guard let day = DayKey(string: text) else {
                    batch.problems.append(
                        .init(
                            item: "\(file) line \(record.line)", key: "import.problem.lineNotADate", [text],
                            kind: .values))
                    continue
                }
                if record.fields.count > 2, !record.fields[2].isEmpty {
                    batch.problems.append(
                        LoopDayTally.noteProblem(habit: habit.label, day: day, note: record.fields[2]))
                }
                guard !fromSummary.contains(index) else { continue }
                let cell = record.fields.count > 1 ? record.fields[1] : ""
                cells[index].append(LoopCell(place: "\(file) line \(record.line)", day: day, text: cell))
            }
        }
        for index in list.indices {
            guard var habit = list[index] else { continue }
            if !habit.kindIsKnown {
                let numbers = cells[index].compactMap { Int($0.text.trimmingCharacters(in: .whitespaces)) }
                habit.tracker.kind = numbers.contains { !(-1...3).contains($0) } ? .number : .boolean
                list[index] = habit
            }
            var tally = LoopDayTally()
            var seen: [DayKey: String] = [:]
            for cell in cells[index] {
                if let earlier = seen[cell.day] {
                    tally.problems.append(
                        .init(
                            item: cell.place, key: "import.problem.dayAgain", [cell.day.description, earlier],
                            kind: .values))
                    continue
                }
                seen[cell.day] = cell.place
                switch LoopRules.day(cell: cell.text, numeric: habit.tracker.kind == .number) {
                case .value(let value):
                    batch.values.append(.init(trackerSourceID: habit.tracker.sourceID, day: cell.day, value: value))
                case .empty: continue
                case .skipped: tally.skipped.append(cell.day)
                case .invalid:
                    tally.problems.append(
                        .init(
                            item: cell.place, key: "import.problem.loopCell", [cell.text, habit.label], kind: .values))
                }
            }
            batch.problems += tally.problems
            if let skipped = tally.skipProblem(habit: habit.label) { batch.problems.append(skipped) }
        }
        batch.trackers = list.compactMap { $0?.tracker }
        return batch
    }

}

/// A habit of `Habits.csv`, before its days are read.
struct LoopHabit {
    var tracker: ImportBatch.Tracker
    /// Its number in the export (the `Position` column; its folder's `NNN`).
    var number: Int
    /// Whether `Habits.csv` said yes/no or numerical; older exports did not.
    var kindIsKnown: Bool
    /// How problems name it: its name, and its number when another habit has the same name.
    var label: String
}

/// One day's cell of one habit, and where it was read.
struct LoopCell {
    var place: String
    var day: DayKey
    var text: String
}

extension LoopImport {
    /// The habits in the export's order; nil for a row that is no habit (its column still counts).
    static func readHabits(_ records: [DelimitedText.Record], problems: inout [ImportProblem]) throws -> [LoopHabit?] {
        guard let header = records.first?.fields.map({ $0.trimmingCharacters(in: .whitespaces) }),
            let nameColumn = header.firstIndex(of: "Name")
        else { throw ImportBatch.Problem.unreadable("Habits.csv has no Name column") }
        func column(_ names: String...) -> Int? { header.firstIndex { names.contains($0) } }
        let columns = (
            position: column("Position"), type: column("Type"), question: column("Question"),
            description: column("Description"), times: column("FrequencyNumerator", "NumRepetitions"),
            days: column("FrequencyDenominator", "Interval"), color: column("Color"), unit: column("Unit"),
            targetType: column("Target Type"), targetValue: column("Target Value"),
            archived: header.firstIndex { $0.hasPrefix("Archived") }
        )
        var habits: [LoopHabit?] = []
        for (offset, record) in records.dropFirst().enumerated() {
            func field(_ column: Int?) -> String? {
                guard let column, column < record.fields.count else { return nil }
                return record.fields[column]
            }
            let place = "Habits.csv line \(record.line)"
            let name = (field(nameColumn) ?? "").trimmingWhiteSpace()
            guard !name.isEmpty else {
                problems.append(
                    .init(item: place, key: "import.problem.habitNoName", kind: .trackers))
                habits.append(nil)
                continue
            }
            let positionText = field(columns.position) ?? ""
            let type = field(columns.type)?.trimmingCharacters(in: .whitespaces).uppercased() ?? ""
            if !["", "YES_NO", "NUMERICAL"].contains(type) {
                problems.append(
                    .init(item: place, key: "import.problem.loopType", [type]))
            }
            let numeric = type == "NUMERICAL"
            let unit = (field(columns.unit) ?? "").trimmingCharacters(in: .whitespaces)
            let comparison: TrackerTarget.Comparison? =
                switch (field(columns.targetType) ?? "").trimmingCharacters(in: .whitespaces).uppercased() {
                case "AT_LEAST": .atLeast
                case "AT_MOST": .atMost
                default: nil
                }
            let colorText = field(columns.color) ?? ""
            let color = LoopRules.color(csv: colorText)
            if color == nil && !colorText.isEmpty {
                problems.append(
                    .init(item: place, key: "import.problem.loopColour", [colorText]))
            }
            var (frequency, frequencyProblem) = LoopRules.frequency(
                field(columns.times).flatMap(integer), field(columns.days).flatMap(integer), habit: "“\(name)”")
            var target = numeric ? LoopRules.target(comparison, field(columns.targetValue).flatMap(number)) : nil
            if numeric {
                (target, frequency, frequencyProblem) = LoopRules.numeric(
                    target: target, frequency: frequency, habit: "“\(name)”")
            }
            if let frequencyProblem { problems.append(frequencyProblem) }
            let tracker = ImportBatch.Tracker(
                sourceID: positionText + ":" + name, name: name, kind: numeric ? .number : .boolean,
                unit: numeric && !unit.isEmpty ? .custom(unit) : nil,
                isArchived: field(columns.archived)?.trimmingCharacters(in: .whitespaces).lowercased() == "true",
                color: color, target: target, frequency: frequency,
                note: LoopRules.note(question: field(columns.question), description: field(columns.description)))
            habits.append(
                LoopHabit(
                    tracker: tracker, number: integer(positionText) ?? offset + 1, kindIsKnown: !type.isEmpty,
                    label: "“\(name)”"))
        }
        let names = habits.compactMap { $0?.tracker.name }
        for index in habits.indices {
            guard let habit = habits[index], names.filter({ $0 == habit.tracker.name }).count > 1 else { continue }
            habits[index]?.label = "“\(habit.tracker.name)” (habit \(habit.number))"
        }
        return habits
    }

    /// Reads the export's `Checkmarks.csv` into each habit's cells.
    ///
    /// Loop writes this file by hand, not as CSV: the header is `Date,` then each habit's name and a comma,
    /// unquoted, and each line the date and each habit's value, each followed by a comma. Its columns are the
    /// habits of `Habits.csv` in the same order (names can repeat); an export of one habit has only that habit's
    /// column, found by its name.
    /// - Returns: the habits that have a column.
    static func readSummary(
        _ data: Data, habits: [LoopHabit?], into cells: inout [[LoopCell]], problems: inout [ImportProblem]
    ) throws -> [Int] {
        let file = checkmarksFile
        guard var text = String(data: data, encoding: .utf8) else {
            throw ImportBatch.Problem.unreadable("\(file) is not UTF-8 text")
        }
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated()
            .map { (number: $0.offset + 1, cells: $0.element.split(separator: ",", omittingEmptySubsequences: false)) }
            .filter { $0.cells.count > 1 || $0.cells.first?.isEmpty == false }
        guard let header = lines.first, header.cells[0].trimmingCharacters(in: .whitespaces) == "Date" else {
            throw ImportBatch.Problem.unreadable("\(file) does not start with a Date column")
        }
        lines.removeFirst()
        var names = header.cells.dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }
        // Loop ends every line with a comma; a line that does not was cut short.
        let trailingComma = names.last?.isEmpty == true
        if trailingComma { names.removeLast() }
        var columns: [Int?] = []
        if names.count == habits.count {
            columns = Array(habits.indices)
        } else {
            var taken = Set<Int>()
            for name in names {
                let index = habits.indices.first { !taken.contains($0) && habits[$0]?.tracker.name == name }
                if let index {
                    taken.insert(index)
                } else {
                    problems.append(
                        .init(item: "\(file) line 1", key: "import.problem.loopColumn", [name]))
                }
                columns.append(index)
            }
        }
        for line in lines {
            let place = "\(file) line \(line.number)"
            var values = line.cells.dropFirst().map(String.init)
            let cut = trailingComma && values.last?.isEmpty != true
            if trailingComma && !cut { values.removeLast() }
            let date = line.cells[0].trimmingCharacters(in: .whitespaces)
            guard let day = DayKey(string: date) else {
                problems.append(.init(item: place, key: "import.problem.lineNotADate", [date], kind: .values))
                continue
            }
            guard !cut, values.count == names.count else {
                problems.append(
                    values.count == names.count
                        ? .init(item: place, key: "import.problem.lineCut", kind: .values)
                        : .init(
                            item: place, key: "import.problem.lineValues", ["\(values.count)", "\(names.count)"],
                            kind: .values))
                continue
            }
            for (column, value) in values.enumerated() {
                guard let index = columns[column], habits[index] != nil else { continue }
                cells[index].append(LoopCell(place: place, day: day, text: value))
            }
        }
        return columns.compactMap { $0 }
    }

    static func integer(_ text: String) -> Int? { Int(text.trimmingCharacters(in: .whitespaces)) }
    static func number(_ text: String) -> Double? { Double(text.trimmingCharacters(in: .whitespaces)) }
}
