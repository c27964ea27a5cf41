import Foundation

/// What `daybook check` found: one line per part of the data folder, and the time it ran.
public struct CheckReport: Codable, Equatable, Sendable {
    /// A part of the data folder that is checked.
    public enum Part: String, Codable, CaseIterable, Sendable {
        case database
        case foreignKeys
        case searchIndex
        case photos
        case backup
    }

    public enum Outcome: String, Codable, Sendable {
        /// All is well.
        case ok
        /// Something was wrong and was rebuilt.
        case repaired
        /// Something is wrong (and could not be, or was not asked to be, rebuilt).
        case problem
        /// Could not be checked here (a backup locked with a key this machine does not have).
        case skipped
    }

    public struct Finding: Codable, Equatable, Sendable {
        public var part: Part
        public var outcome: Outcome
        /// What exactly, for the command line and the log (technical, in English).
        public var details: [String]

        public init(part: Part, outcome: Outcome = .ok, details: [String] = []) {
            self.part = part
            self.outcome = outcome
            self.details = details
        }
    }

    public var checkedAt: Date
    public var findings: [Finding]

    public init(checkedAt: Date, findings: [Finding]) {
        self.checkedAt = checkedAt
        self.findings = findings
    }

    /// True when nothing is left wrong (what was repaired counts as well).
    public var isClean: Bool { findings.allSatisfy { $0.outcome != .problem } }

    /// The parts with a problem left.
    public var problems: [Part] { findings.filter { $0.outcome == .problem }.map(\.part) }

    /// How the server runs it: once a week.
    public static let interval: TimeInterval = 7 * 86400

    /// True when the last check is a week old, or there was none.
    public static func isDue(last: CheckReport?, now: Date) -> Bool {
        guard let last else { return true }
        return now.timeIntervalSince(last.checkedAt) >= interval
    }
}
