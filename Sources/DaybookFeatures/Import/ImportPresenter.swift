import DaybookCore
import Foundation

/// How an import went, as the API answers it and the page shows it.
public enum ImportPresenter {
    public struct JSON: Sendable, Encodable {
        public var dryRun: Bool
        public var created: Created
        public var alreadyImported: Int
        public var problems: [Problem]
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

    public struct Problem: Sendable, Encodable {
        public var item: String
        public var reason: String
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
        return JSON(
            dryRun: dryRun,
            created: Created(
                entries: report.entries, photos: report.photos, trackers: report.trackers, values: report.values,
                moods: report.moods),
            alreadyImported: report.alreadyImported,
            problems: report.problems.map { Problem(item: $0.item, reason: $0.reason) }, summary: summary)
    }
}
