import Foundation

/// How automatic backups are locked and where a second copy goes. With neither a passphrase nor a recipient,
/// no automatic backup is made.
public struct BackupPlan: Equatable, Sendable {
    /// A passphrase for the backups (kept in the database, so the server can make them unattended); empty for none.
    public var passphrase: String
    /// age public keys (`age1…`) to encrypt to instead: the server can make backups it cannot read.
    public var recipients: [String]
    /// An absolute folder (a NAS mount, a synced folder) that gets a copy of each backup; empty for none.
    public var secondFolder: String

    public init(passphrase: String = "", recipients: [String] = [], secondFolder: String = "") {
        self.passphrase = passphrase
        self.recipients = recipients
        self.secondFolder = secondFolder
    }

    public var isConfigured: Bool { !passphrase.isEmpty || !recipients.isEmpty }

    public enum Limits {
        public static let shortestPassphrase = 8
        public static let longestPassphrase = 1_000
        public static let mostRecipients = 20
        public static let folderLength = 1_000
    }
}

/// What the owner sends to change the plan: nil keeps a field. A passphrase and recipients exclude each other
/// (the age format keeps a passphrase alone), so setting one clears the other.
public struct BackupPlanChange: Equatable, Sendable {
    public var passphrase: String?
    public var recipients: String?
    public var secondFolder: String?
    /// Forget the passphrase and recipients: automatic backups stop.
    public var stop: Bool?

    public init(passphrase: String? = nil, recipients: String? = nil, secondFolder: String? = nil, stop: Bool? = nil) {
        self.passphrase = passphrase
        self.recipients = recipients
        self.secondFolder = secondFolder
        self.stop = stop
    }

    /// - Throws: `BackupPlan.Problem` naming each refused field; nothing is applied then.
    public func applied(to plan: BackupPlan) throws -> BackupPlan {
        var plan = plan
        var problems: [BackupPlanField: BackupPlanProblem] = [:]
        let passphrase = passphrase ?? ""
        let recipients = (recipients ?? "").split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        if !passphrase.isEmpty && !recipients.isEmpty {
            problems[.recipients] = .both
        } else if !passphrase.isEmpty {
            if passphrase.count < BackupPlan.Limits.shortestPassphrase {
                problems[.passphrase] = .shortPassphrase
            } else if passphrase.count > BackupPlan.Limits.longestPassphrase {
                problems[.passphrase] = .longPassphrase
            } else {
                plan.passphrase = passphrase
                plan.recipients = []
            }
        } else if self.recipients != nil {
            if recipients.count > BackupPlan.Limits.mostRecipients {
                problems[.recipients] = .tooManyRecipients
            } else if let bad = recipients.first(where: { !Self.looksLikeRecipient($0) }) {
                problems[.recipients] = .notARecipient(String(bad.prefix(80)))
            } else {
                plan.recipients = recipients
                if !recipients.isEmpty { plan.passphrase = "" }
            }
        }
        if stop == true {
            plan.passphrase = ""
            plan.recipients = []
        }
        if let folder = secondFolder?.trimmingCharacters(in: .whitespaces) {
            if folder.isEmpty {
                plan.secondFolder = ""
            } else if !folder.hasPrefix("/") || folder.count > BackupPlan.Limits.folderLength
                || folder.contains("\u{0}")
            {
                problems[.secondFolder] = .notAnAbsoluteFolder
            } else {
                plan.secondFolder = folder
            }
        }
        guard problems.isEmpty else { throw BackupPlan.Problem(problems: problems) }
        return plan
    }

    /// `age1` and 58 Bech32 characters: the shape of an X25519 recipient (its checksum is checked when used).
    static func looksLikeRecipient(_ text: String) -> Bool {
        let alphabet = Set("qpzry9x8gf2tvdw0s3jn54khce6mua7l")
        return text.count == 62 && text.hasPrefix("age1") && text.dropFirst(4).allSatisfy(alphabet.contains)
    }
}

public enum BackupPlanField: String, Sendable, CaseIterable {
    case passphrase, recipients, secondFolder
}

public enum BackupPlanProblem: Equatable, Sendable {
    case shortPassphrase, longPassphrase, both, tooManyRecipients
    case notARecipient(String)
    case notAnAbsoluteFolder
}

extension BackupPlan {
    public struct Problem: Error, Equatable, Sendable {
        public var problems: [BackupPlanField: BackupPlanProblem]
    }
}

/// How the last automatic (or "Back up now") backup went.
public struct BackupStatus: Equatable, Sendable {
    public var lastSuccessAt: Date?
    public var lastFile: String?
    public var lastSize: Int64?
    public var lastFailureAt: Date?
    public var lastFailure: String?

    public init(
        lastSuccessAt: Date? = nil, lastFile: String? = nil, lastSize: Int64? = nil, lastFailureAt: Date? = nil,
        lastFailure: String? = nil
    ) {
        self.lastSuccessAt = lastSuccessAt
        self.lastFile = lastFile
        self.lastSize = lastSize
        self.lastFailureAt = lastFailureAt
        self.lastFailure = lastFailure
    }

    /// The failure to show the owner: the last attempt failed and nothing succeeded since.
    public var currentFailure: String? {
        guard let lastFailureAt, let lastFailure else { return nil }
        if let lastSuccessAt, lastSuccessAt > lastFailureAt { return nil }
        return lastFailure
    }
}

/// Where the backup plan and status are kept.
public protocol BackupPlanStore: Sendable {
    func loadBackupPlan() async throws -> BackupPlan
    func saveBackupPlan(_ plan: BackupPlan) async throws
    func loadBackupStatus() async throws -> BackupStatus
    func recordBackup(success file: String, size: Int64, at date: Date) async throws
    func recordBackup(failure reason: String, at date: Date) async throws
}
