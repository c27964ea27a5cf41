import Foundation

/// Where an edit of an entry comes from: the revision it started from, when the person made it on their device,
/// and the editing session that made it.
///
/// Successive saves of one session build on each other: a save that names an older revision than the stored one
/// is no conflict when the stored version is that same session's (its earlier save arrived, its answer did not).
/// Only a version made by someone else since `revision` makes two versions to choose from.
public struct JournalEditOrigin: Equatable, Sendable {
    /// The revision the edit started from; `0` for a new entry sent again.
    public var revision: Int
    /// When the person made the edit, on their device's clock (not when it reached the server).
    public var madeAt: Date
    /// The editing session on a device that made the edit; `nil` for a writer that names none (the CLI, a form).
    public var lineage: String?

    public init(revision: Int, madeAt: Date, lineage: String? = nil) {
        self.revision = revision
        self.madeAt = madeAt
        self.lineage = lineage
    }

    /// Whether `lineage` is one a device may name: 1–64 letters, digits and dashes (a UUID).
    public static func isValid(lineage: String) -> Bool {
        (1...64).contains(lineage.utf8.count)
            && lineage.utf8.allSatisfy {
                $0 == 0x2D || (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0)
            }
    }
}
