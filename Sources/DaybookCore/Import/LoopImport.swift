import Foundation

/// Loop Habit Tracker's CSV export: `Habits.csv` (one habit a row) and `Checkmarks.csv` (a day a row, a column per
/// habit). Yes/no habits become yes/no trackers and numeric ones number trackers with their unit; a checkmark of
/// 2 (done) becomes done, and a numeric habit's value (kept × 1000) its number. Days not done are left empty.
public enum LoopImport {
    /// The two files the export is read from.
    public static let files = ["Habits.csv", "Checkmarks.csv"]

    /// - Parameters:
    ///   - habits: the rows of `Habits.csv`, its header first.
    ///   - checks: the rows of `Checkmarks.csv`, its header first.
    public static func parse(habits: [[String]], checks: [[String]]) throws -> ImportBatch {
        guard let header = habits.first, let nameColumn = header.firstIndex(of: "Name") else {
            throw ImportFailure.unreadable("Habits.csv has no Name column")
        }
        let typeColumn = header.firstIndex(of: "Type")
        let unitColumn = header.firstIndex(of: "Unit")
        let archivedColumn = header.firstIndex(where: { $0.hasPrefix("Archived") })
        let positionColumn = header.firstIndex(of: "Position")
        var batch = ImportBatch()
        var byName: [String: ImportBatch.Tracker] = [:]
        for row in habits.dropFirst() where row.count > nameColumn {
            let name = row[nameColumn].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { continue }
            let numeric = typeColumn.map { row.count > $0 && row[$0].uppercased().hasPrefix("NUM") } ?? false
            let unit = unitColumn.flatMap { row.count > $0 ? row[$0].trimmingCharacters(in: .whitespaces) : nil }
            let tracker = ImportBatch.Tracker(
                sourceID: (positionColumn.map { row.count > $0 ? row[$0] : "" } ?? "") + ":" + name, name: name,
                kind: numeric ? .number : .boolean,
                unit: numeric && unit?.isEmpty == false ? unit.map(TrackerUnit.custom) : nil,
                isArchived: archivedColumn.map { row.count > $0 && row[$0].lowercased() == "true" } ?? false)
            batch.trackers.append(tracker)
            byName[name] = tracker
        }
        guard let checkHeader = checks.first, checkHeader.first == "Date" else {
            throw ImportFailure.unreadable("Checkmarks.csv does not start with a Date column")
        }
        for row in checks.dropFirst() {
            guard let date = row.first, !date.isEmpty else { continue }
            guard let day = DayKey(string: date) else {
                batch.problems.append(.init(item: "Checkmarks.csv “\(date)”", reason: "the date is not YYYY-MM-DD"))
                continue
            }
            for (column, name) in checkHeader.enumerated().dropFirst() where column < row.count {
                guard let tracker = byName[name.trimmingCharacters(in: .whitespaces)],
                    let raw = Double(row[column].trimmingCharacters(in: .whitespaces))
                else { continue }
                switch tracker.kind {
                case .boolean where raw == 2:
                    batch.values.append(.init(trackerSourceID: tracker.sourceID, day: day, value: 1))
                case .number where raw > 0:
                    batch.values.append(.init(trackerSourceID: tracker.sourceID, day: day, value: raw / 1000))
                default: continue
                }
            }
        }
        return batch
    }
}
