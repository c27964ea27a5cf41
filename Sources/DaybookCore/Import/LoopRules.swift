import Foundation

/// What Loop Habit Tracker means by the values it stores and writes, shared by its CSV export and its backup.
///
/// A day of a yes/no habit holds YES_MANUAL (2, done), YES_AUTO (1, filled in by Loop from the habit's frequency:
/// not a tick), NO (0), SKIP (3) or UNKNOWN (−1); a numerical habit's day holds the amount × 1000, or SKIP or
/// UNKNOWN. The CSV export writes the words for those five values and the numbers for the rest; older versions
/// wrote every value as a number.
enum LoopRules {
    /// One day of one habit, read into Daybook's terms.
    enum Day: Equatable {
        /// The value to import (1 for done).
        case value(Double)
        /// Nothing to import: not done, filled in by Loop, or unknown.
        case empty
        /// Loop's skipped day; Daybook has none.
        case skipped
        /// Not a value Loop writes.
        case invalid
    }

    static let words = ["YES_MANUAL": 2, "YES_AUTO": 1, "NO": 0, "SKIP": 3, "UNKNOWN": -1]

    /// A cell of an exported `Checkmarks.csv`.
    ///
    /// A numerical habit's bare `0` is an empty day: versions that wrote numbers wrote 0 for every day without a
    /// value, while current ones write an entered zero as `NO`.
    static func day(cell: String, numeric: Bool) -> Day {
        let text = cell.trimmingCharacters(in: .whitespaces)
        if let word = words[text.uppercased()] { return day(stored: word, numeric: numeric) }
        guard let number = Int(text) else { return text.isEmpty ? .empty : .invalid }
        if numeric && number == 0 { return .empty }
        return day(stored: number, numeric: numeric)
    }

    /// A value as Loop stores it (a backup's `Repetitions.value`).
    static func day(stored value: Int, numeric: Bool) -> Day {
        switch value {
        case -1: return .empty
        case 3: return .skipped
        case _ where numeric: return value >= 0 ? .value(Double(value) / 1000) : .invalid
        case 2: return .value(1)
        case 0, 1: return .empty
        default: return .invalid
        }
    }

    /// Loop's twenty colours (`PaletteColor.toCsvColor`), by palette index.
    static let palette = [
        "#d32f2f", "#e64a19", "#f57c00", "#ff8f00", "#f9a825", "#afb42b", "#7cb342", "#388e3c", "#00897b", "#00acc1",
        "#039be5", "#1976d2", "#303f9f", "#5e35b1", "#8e24aa", "#d81b60", "#5d4037", "#303030", "#757575", "#aaaaaa",
    ]

    /// Where the thirteen colours of schema versions 14–20 went in the twenty of version 21 (migration 21).
    static let oldPalette = [0, 1, 4, 5, 7, 8, 9, 10, 13, 14, 15, 17, 19]

    /// A backup's `Habits.color` as `#rrggbb`: an ARGB integer before schema version 14, an index into the old
    /// thirteen colours until version 21, an index into the twenty since.
    static func color(stored value: Int, schemaVersion: Int) -> String? {
        if schemaVersion < 14 {
            return "#" + String(format: "%06x", UInt32(truncatingIfNeeded: value) & 0xFF_FFFF)
        }
        if schemaVersion < 21 {
            return oldPalette.indices.contains(value) ? palette[oldPalette[value]] : nil
        }
        return palette.indices.contains(value) ? palette[value] : nil
    }

    /// `#RRGGBB` as written in `Habits.csv`, lowercased; nil for anything else.
    static func color(csv text: String) -> String? {
        let text = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard text.count == 7, text.hasPrefix("#"), text.dropFirst().allSatisfy(\.isHexDigit) else { return nil }
        return text
    }

    /// The habit's question and description, as one note.
    static func note(question: String?, description: String?) -> String? {
        let parts = [question, description]
            .compactMap {
                $0?.replacingOccurrences(of: "\r\n", with: "\n").trimmingWhiteSpace()
            }
            .filter { !$0.isEmpty }
        return parts.isEmpty ? nil : Tracker.clippedNote(parts.joined(separator: "\n\n"))
    }

    /// "At least 0" asks nothing, so it is no target; "at most 0" is one.
    static func target(_ comparison: TrackerTarget.Comparison?, _ value: Double?) -> TrackerTarget? {
        guard let comparison, let value, value.isFinite, value >= 0 else { return nil }
        if comparison == .atLeast && value == 0 { return nil }
        return TrackerTarget(comparison, value)
    }

    /// The habit's frequency (`times` in `days` days), or a problem when Daybook cannot keep it: then the tracker
    /// is daily.
    static func frequency(_ times: Int?, _ days: Int?, habit: String) -> (TrackerFrequency, ImportProblem?) {
        guard let times, let days else { return (.daily, nil) }
        if let frequency = TrackerFrequency.loop(numerator: times, denominator: days) { return (frequency, nil) }
        return (
            .daily,
            ImportProblem(item: habit, key: "import.problem.frequency", ["\(times)", "\(days)"])
        )
    }

    /// A numerical habit's target counts over its frequency's window (10 km a week is 10 in 7 days), while a
    /// Daybook tracker's target is each day's: such a habit comes in daily, without the target, and says so.
    static func numeric(
        target: TrackerTarget?, frequency: TrackerFrequency, habit: String
    ) -> (TrackerTarget?, TrackerFrequency, ImportProblem?) {
        guard !frequency.isDaily else { return (target, frequency, nil) }
        guard let target else { return (nil, .daily, nil) }
        let problem = ImportProblem(
            item: habit, key: "import.problem.windowTarget", [target.value.formatted(), "\(frequency.days)"])
        return (nil, .daily, problem)
    }
}

/// What one habit's days came to, for the problems that say what was not imported.
struct LoopDayTally {
    var skipped: [DayKey] = []
    var problems: [ImportProblem] = []

    /// Skipped days, summed up once per habit: Daybook has no skipped day, so they stay empty, and the person
    /// importing is told how many and when.
    func skipProblem(habit: String) -> ImportProblem? {
        guard let first = skipped.min(), let last = skipped.max() else { return nil }
        return skipped.count == 1
            ? ImportProblem(item: habit, key: "import.problem.skippedDay", [first.description], kind: .values)
            : ImportProblem(
                item: habit, key: "import.problem.skippedDays",
                ["\(skipped.count)", first.description, last.description], kind: .values, covers: skipped.count)
    }

    /// A note on one day: Daybook keeps no note on a tracker's day, so the note is shown here instead.
    static func noteProblem(habit: String, day: DayKey, note: String) -> ImportProblem {
        let note = note.replacingOccurrences(of: "\r\n", with: "\n")
        let shown = note.count > 500 ? String(note.prefix(500)) + "…" : note
        return ImportProblem(item: "\(habit), \(day)", key: "import.problem.dayNote", [shown])
    }
}
