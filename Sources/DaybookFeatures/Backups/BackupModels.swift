import DaybookCore
import Foundation

/// The backups page: how backups are locked, where they go, how the last one went, and the files kept.
public enum BackupsScene {
    public enum Problem: Error, Equatable, Sendable {
        /// "Back up now" with neither a passphrase nor a key to lock the backup with.
        case notSet
        /// A backup file asked for by a name the data folder's `backups/` does not hold.
        case unknownFile
    }

    /// A backup file in the data folder's `backups/`.
    public struct File: Sendable, Equatable {
        public var name: String
        public var size: Int64
        public var date: Date

        public init(name: String, size: Int64, date: Date) {
            self.name = name
            self.size = size
            self.date = date
        }
    }

    /// Everything the page shows, gathered by the routes (files and progress come from the file system).
    public struct Response: Sendable {
        public var plan: BackupPlan
        public var status: BackupStatus
        public var files: [File]
        /// Bytes done and total while a backup is being made.
        public var progress: (done: Int64, total: Int64)?
        /// The last self-check (`daybook check`, or the server's weekly one).
        public var check: CheckReport?
        /// The copies of the database taken before upgrades, newest first, and the folder that holds them.
        public var upgradeCopies: [File]
        public var upgradeFolder: String

        public init(
            plan: BackupPlan, status: BackupStatus, files: [File], progress: (done: Int64, total: Int64)?,
            check: CheckReport? = nil, upgradeCopies: [File] = [], upgradeFolder: String = "pre-upgrade"
        ) {
            self.plan = plan
            self.status = status
            self.files = files
            self.progress = progress
            self.check = check
            self.upgradeCopies = upgradeCopies
            self.upgradeFolder = upgradeFolder
        }
    }

    public struct ViewModel: Sendable, Encodable {
        public var title: String
        public var lead: String
        public var state: State
        public var lockHeading: String
        public var lockState: String
        public var passphraseLabel: String
        public var passphraseHint: String
        public var passphraseError: String?
        public var recipients: FormField
        public var secondFolder: FormField
        public var stopLabel: String?
        public var saveLabel: String
        public var backLabel: String
        public var filesHeading: String
        public var files: [FileRow]
        public var noFiles: String?
        public var exportHeading: String
        public var exportHint: String
        public var exportLabel: String
        public var importing: Importing
        public var restoreHeading: String
        public var restoreHint: String
        public var restoreCommand: String
        public var check: Check
        public var upgrades: Upgrades
        public var error: String?
        public var flash: String?
    }

    /// The copies taken before upgrades, and how to go back to one.
    public struct Upgrades: Sendable, Encodable {
        public var heading: String
        public var hint: String
        public var copies: [UpgradeCopyRow]
        public var none: String?
        public var command: String
    }

    public struct UpgradeCopyRow: Sendable, Encodable {
        public var name: String
        public var label: String
        public var size: String
    }

    /// How the last self-check went.
    public struct Check: Sendable, Encodable {
        public var heading: String
        public var summary: String
        public var isClean: Bool
        public var hint: String
        public var command: String
    }

    /// The status card, also sent to the page's script while a backup runs.
    public struct State: Sendable, Encodable {
        public var running: Bool
        public var percent: Int
        public var progressLabel: String
        public var summary: String
        public var failure: String?
        public var runLabel: String
        public var canRun: Bool
    }

    /// The import form; the page's script sends the file to the import API and shows what came in.
    public struct Importing: Sendable, Encodable {
        public var heading: String
        public var hint: String
        public var sourceLabel: String
        public var sources: [FormOption]
        public var fileLabel: String
        public var dryRunLabel: String
        public var runLabel: String
        public var runningLabel: String
        public var chooseFileLabel: String
        public var problemsLabel: String
        /// Levels for a Daylio CSV's own mood names, one `NAME=LEVEL` a line.
        public var moodsLabel: String
        public var moodsHint: String
    }

    public struct FileRow: Sendable, Encodable {
        public var name: String
        public var when: String
        public var size: String
        public var href: String
    }
}
