import ArgumentParser
import DaybookArchive
import DaybookCore
import DaybookDataFolder
import DaybookStore
import Foundation

/// `daybook backup create|restore|key`: encrypted backups in the age format.
struct BackupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Make and restore encrypted backups (age format: `age -d FILE | tar x` opens one without Daybook).",
        subcommands: [Create.self, Restore.self, Key.self])

    /// Where a passphrase comes from: a file, the environment, or the terminal.
    struct PassphraseOptions: ParsableArguments {
        @Option(help: "Read the passphrase from the first line of this file (env: DAYBOOK_BACKUP_PASSPHRASE).")
        var passphraseFile: String?

        /// The passphrase from the file or the environment, or nil when neither gives one.
        func given() throws -> String? {
            if let passphraseFile {
                guard let text = try? String(contentsOfFile: passphraseFile, encoding: .utf8) else {
                    throw ValidationError("Cannot read the passphrase file \(passphraseFile).")
                }
                let line = text.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
                guard !line.isEmpty else { throw ValidationError("The passphrase file \(passphraseFile) is empty.") }
                return line
            }
            if let text = ProcessInfo.processInfo.environment["DAYBOOK_BACKUP_PASSPHRASE"], !text.isEmpty {
                return text
            }
            return nil
        }

        func asked(confirm: Bool) throws -> String {
            guard isatty(STDIN_FILENO) == 1 else {
                throw ValidationError(
                    "Give a passphrase with --passphrase-file or DAYBOOK_BACKUP_PASSPHRASE, or a recipient with --recipient."
                )
            }
            let first = String(cString: getpass("Backup passphrase: "))
            if confirm, String(cString: getpass("Again: ")) != first {
                throw ValidationError("The two passphrases differ.")
            }
            return first
        }
    }

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "create",
            abstract: "Back up the database, photos and keys into one encrypted file, while Daybook runs or not.")
        @OptionGroup var data: DataFolderOption
        @Option(help: "The file to write (default: backups/daybook-DATE.age in the data folder).") var to: String?
        @Option(
            name: .customLong("recipient"),
            help: "Encrypt to this age public key (age1…) instead of a passphrase; repeatable.")
        var recipients: [String] = []
        @OptionGroup var passphrase: PassphraseOptions
        @Flag(name: .shortAndLong, help: "Print nothing but errors.") var quiet = false

        func run() async throws {
            let recipients = try chooseRecipients()
            let service = BackupService(dataFolder: data.url)
            let now = Date()
            let destination =
                to.map { URL(fileURLWithPath: ($0 as NSString).expandingTildeInPath) }
                ?? service.backupsFolder.appendingPathComponent(BackupService.fileName(at: now))
            let database = try AppDatabase.open(folder: data.url)
            let bar = ProgressBar(label: "Backing up", quiet: quiet)
            let made: BackupService.Made
            do {
                made = try service.create(from: database, recipients: recipients, to: destination, now: now) {
                    bar.update($0, of: $1)
                }
                bar.finish()
            } catch {
                bar.finish()
                if DiskFull.cause(of: error) != nil {
                    throw failure(
                        "The backup was not written: the disk is full. Nothing half-written was left; free some space and run it again."
                    )
                }
                throw failure("The backup was not written: \(error)")
            }
            if !quiet {
                let seconds = String(format: "%.1f", Date().timeIntervalSince(now))
                print(
                    "Backup written to \(made.file.path) (\(ProgressBar.megabytes(made.size)); the database and \(made.photos) photos, \(seconds) s)."
                )
                if !made.manifest.missingPhotos.isEmpty {
                    print("\(made.manifest.missingPhotos.count) photos had no original file and are not in it.")
                }
            }
        }

        private func chooseRecipients() throws -> [AgeRecipient] {
            if !recipients.isEmpty {
                guard passphrase.passphraseFile == nil else {
                    throw ValidationError(
                        "Use either --recipient or a passphrase: the age format keeps a passphrase alone.")
                }
                return try recipients.map { text in
                    do { return try AgeRecipient.parse(text) } catch { throw ValidationError("\(error)") }
                }
            }
            let text = try passphrase.given() ?? passphrase.asked(confirm: true)
            guard text.count >= 8 else { throw ValidationError("Choose a passphrase of at least 8 characters.") }
            return [.passphrase(text)]
        }
    }

    struct Restore: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "restore",
            abstract: "Check a whole backup, then put it in place of the data folder's data (stop Daybook first).",
            discussion: "The data it replaces is moved to backups/before-restore-DATE/ in the data folder, not deleted."
        )
        @OptionGroup var data: DataFolderOption
        @Argument(help: "The backup file (.age).") var file: String
        @Option(
            name: .customLong("identity"),
            help: "An age identity file (AGE-SECRET-KEY-1…), for a backup made with --recipient; repeatable.")
        var identityFiles: [String] = []
        @OptionGroup var passphrase: PassphraseOptions
        @Flag(name: .shortAndLong, help: "Print nothing but errors.") var quiet = false

        func run() async throws {
            let url = URL(fileURLWithPath: (file as NSString).expandingTildeInPath)
            guard FileManager.default.isReadableFile(atPath: url.path) else {
                throw ValidationError("Cannot read the backup \(file).")
            }
            let identities = try chooseIdentities()
            let bar = ProgressBar(label: "Checking and restoring", quiet: quiet)
            let restored: BackupService.Restored
            do {
                restored = try BackupService(dataFolder: data.url).restore(
                    from: url, identities: identities, now: Date()
                ) {
                    bar.update($0, of: $1)
                }
                bar.finish()
            } catch {
                bar.finish()
                throw failure("Nothing was changed. \(error)")
            }
            if !quiet {
                print(
                    "Restored the backup of \(Self.describe(restored.manifest.createdAt)) into \(data.url.path): the database and \(restored.photos) photos."
                )
                if let previous = restored.previousData { print("The data it replaced is in \(previous.path).") }
            }
        }

        private func chooseIdentities() throws -> [AgeIdentity] {
            var identities: [AgeIdentity] = []
            for path in identityFiles {
                guard let text = try? String(contentsOfFile: (path as NSString).expandingTildeInPath, encoding: .utf8)
                else {
                    throw ValidationError("Cannot read the identity file \(path).")
                }
                do { identities += try AgeIdentity.parseFile(text) } catch {
                    throw ValidationError("\(path): \(error)")
                }
            }
            if let text = try passphrase.given() {
                identities.append(.passphrase(text))
            } else if identities.isEmpty {
                identities.append(.passphrase(try passphrase.asked(confirm: false)))
            }
            return identities
        }

        static func describe(_ date: Date) -> String {
            date.formatted(.dateTime.year().month().day().hour().minute())
        }
    }

    struct Key: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "key",
            abstract: "Make an age key pair: back up to its public key; keep the key file somewhere else.",
            discussion:
                "Example: daybook backup key --to ~/daybook-backup-key.txt, then daybook backup create --recipient age1…"
        )
        @Option(help: "Where to write the identity (private key) file; it must not exist yet.") var to: String

        func run() async throws {
            let url = URL(fileURLWithPath: (to as NSString).expandingTildeInPath)
            let key = AgeIdentity.generate()
            let stamp = Date().formatted(.iso8601)
            let text = "# created: \(stamp)\n# public key: \(key.publicKey.ageRecipient)\n\(key.ageIdentity)\n"
            guard !FileManager.default.fileExists(atPath: url.path) else {
                throw ValidationError("\(to) already exists; choose a new file.")
            }
            guard
                FileManager.default.createFile(
                    atPath: url.path, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600])
            else { throw ValidationError("Cannot write \(to).") }
            print("Public key: \(key.publicKey.ageRecipient)")
            print("Identity written to \(url.path). Keep it off this machine: it opens every backup made for this key.")
        }
    }
}

/// Prints a failure already worded for a person, without the usage text; exit status 1.
func failure(_ message: String) -> ExitCode {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    return ExitCode.failure
}
