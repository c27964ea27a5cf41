import DaybookCore
import Foundation

/// How an import went, as the API answers it and the page shows it: for each kind of item, how many the file
/// held, were imported and were skipped, and every problem.
public enum ImportPresenter {
    public struct JSON: Sendable, Encodable {
        public var dryRun: Bool
        public var created: Created
        public var alreadyImported: Int
        /// Every kind, always: `read == imported + skipped`, and `skipped` is the sum of its three reasons.
        public var counts: [String: Count]
        public var table: Table
        public var problems: [Problem]
        /// Mood names (of a Daylio CSV) that need a level before their rows' moods can come in.
        public var unmappedMoods: [UnmappedMood]
        /// What to do about them, in the owner's language; absent when there are none.
        public var unmappedHint: String?
        /// One line in the owner's language.
        public var summary: String
    }

    public struct Created: Sendable, Encodable {
        public var entries: Int
        public var photos: Int
        public var trackers: Int
        public var values: Int
        public var moods: Int
    }

    public struct Count: Sendable, Encodable, Equatable {
        public var read: Int
        public var imported: Int
        public var skipped: Int
        public var alreadyImported: Int
        public var problems: Int
        public var unchanged: Int
    }

    /// The counts as the page and the command line print them: the kinds the file held, with final labels.
    public struct Table: Sendable, Encodable {
        public var headings: [String]
        public var rows: [Row]
    }

    public struct Row: Sendable, Encodable {
        public var kind: String
        public var label: String
        public var read: Int
        public var imported: Int
        public var skipped: Int
        /// Why they were skipped, when some were.
        public var skippedDetail: String?
    }

    public struct Problem: Sendable, Encodable {
        public var item: String
        public var reason: String
        public var kind: String
    }

    public struct UnmappedMood: Sendable, Encodable {
        public var name: String
        public var count: Int
        public var label: String
    }

    public static func message(for problem: ImportScene.Problem, localizer: Localizer) -> String {
        switch problem {
        case .unknownSource: localizer("import.error.source")
        case .invalidDryRun: localizer("import.error.dryRun")
        case .invalidMood: localizer("import.error.mood")
        }
    }

    /// Why nothing of a file was imported, in the owner's language.
    public static func message(for failure: ImportBatch.Problem, localizer: Localizer) -> String {
        switch failure {
        case .tooLarge, .unreadable, .unknownVersion: localizer("import.failed", failure.description)
        case .encryptedJrnl: localizer("import.jrnl.encrypted")
        case .unknownJournal(let name, let found):
            localizer(
                "import.dayone.unknownJournal", name,
                found.map { "“\($0)”" }.joined(separator: localizer("import.separator")))
        }
    }

    /// A problem's reason in the owner's language when it has a catalog key, else as the importer wrote it.
    static func reason(of problem: ImportProblem, localizer: Localizer) -> String {
        guard let key = problem.key else { return problem.reason }
        return localizer.string(key, arguments: problem.arguments)
    }

    public static func present(_ report: ImportReport, dryRun: Bool, localizer: Localizer) -> JSON {
        let parts = [
            (report.entries, "import.count.entries"), (report.photos, "import.count.photos"),
            (report.trackers, "import.count.trackers"), (report.values, "import.count.values"),
            (report.moods, "import.count.moods"),
        ].filter { $0.0 > 0 }.map { localizer.plural($0.1, count: $0.0) }
        let summary: String
        if parts.isEmpty {
            summary = localizer(report.alreadyImported > 0 ? "import.nothingNew" : "import.nothing")
        } else {
            summary = localizer(
                dryRun ? "import.wouldCreate" : "import.created", parts.joined(separator: localizer("import.separator"))
            )
        }
        var counts: [String: Count] = [:]
        var rows: [Row] = []
        for kind in ImportItemKind.allCases {
            let count = report[kind]
            counts[kind.rawValue] = Count(
                read: count.read, imported: count.imported, skipped: count.skipped,
                alreadyImported: count.alreadyImported, problems: count.problems, unchanged: count.unchanged)
            guard count.read > 0 else { continue }
            rows.append(
                Row(
                    kind: kind.rawValue, label: localizer("import.kind.\(kind.rawValue)"), read: count.read,
                    imported: count.imported, skipped: count.skipped,
                    skippedDetail: count.skipped == 0
                        ? nil
                        : localizer(
                            "import.skipped.detail", localizer.number(count.alreadyImported),
                            localizer.number(count.problems), localizer.number(count.unchanged))))
        }
        let headings = [
            localizer("import.table.kind"), localizer("import.table.read"),
            localizer(dryRun ? "import.table.wouldImport" : "import.table.imported"), localizer("import.table.skipped"),
        ]
        return JSON(
            dryRun: dryRun,
            created: Created(
                entries: report.entries, photos: report.photos, trackers: report.trackers, values: report.values,
                moods: report.moods),
            alreadyImported: report.alreadyImported, counts: counts, table: Table(headings: headings, rows: rows),
            problems: report.problems.map {
                Problem(item: $0.item, reason: reason(of: $0, localizer: localizer), kind: ($0.kind ?? .other).rawValue)
            },
            unmappedMoods: report.unmappedMoods.map {
                UnmappedMood(
                    name: $0.name, count: $0.count,
                    label: "“\($0.name)” – " + localizer.plural("import.unmapped.rows", count: $0.count))
            },
            unmappedHint: report.unmappedMoods.isEmpty ? nil : localizer("import.unmapped"),
            summary: summary)
    }
}
