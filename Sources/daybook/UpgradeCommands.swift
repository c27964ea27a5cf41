import ArgumentParser
import DaybookCore
import DaybookDataFolder
import DaybookStore
import Foundation

/// `daybook migrate`: upgrades the data folder's database now, as `daybook serve` does at its start: a checked copy
/// into `pre-upgrade/` first, and never while a server holds the folder.
struct MigrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Upgrade the data folder's database to this Daybook, after copying it to pre-upgrade/.")

    @OptionGroup var data: DataFolderOption

    func run() throws {
        let lock: DataFolderLock
        do { lock = try DataFolderLock(folder: data.url) } catch { throw failure("\(error)") }
        defer { withExtendedLifetime(lock) {} }
        let file = data.url.appendingPathComponent(AppDatabase.fileName)
        guard FileManager.default.fileExists(atPath: file.path) else {
            throw failure("There is no Daybook database in \(data.url.path).")
        }
        let before = try AppDatabase.schemaStatus(ofFile: file)
        do {
            let (database, copy) = try AppDatabase.upgrade(folder: data.url, now: Date())
            guard let copy else {
                print("The database is up to date (\(try database.appliedMigrations().last ?? "new")); nothing to do.")
                return
            }
            print("Copied the database to \(copy.path) and checked the copy.")
            print("Applied \(before.pending.count) migration\(before.pending.count == 1 ? "" : "s"):")
            for migration in before.pending { print("  \(migration)") }
            print("To go back: stop Daybook, run daybook upgrade-undo, then install the version you had.")
        } catch let problem as UpgradeProblem {
            throw failure(problem.description)
        }
    }
}

/// `daybook upgrade-check`: what starting this Daybook on the data folder would do to its database, read without
/// changing anything: the migrations it would apply, the copy it would take first, and whether the disk has room.
struct UpgradeCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "upgrade-check",
        abstract: "Say what this Daybook would do to the data folder's database, changing nothing.",
        discussion: "Exits with 0 when the database is up to date or can be upgraded, 1 when it cannot.")

    @OptionGroup var data: DataFolderOption

    func run() throws {
        let file = data.url.appendingPathComponent(AppDatabase.fileName)
        guard FileManager.default.fileExists(atPath: file.path) else {
            print("There is no database in \(data.url.path) yet: Daybook \(BuildInfo.version) would make a new one.")
            return
        }
        let status: SchemaStatus
        do { status = try AppDatabase.schemaStatus(ofFile: file) } catch {
            throw failure("The database in \(file.path) cannot be read: \(error)")
        }
        let opened = status.openedBy.map { "last opened by Daybook \($0), " } ?? ""
        print("The database \(file.path): \(opened)at \(status.applied.last ?? "no migration").")
        if status.isSuperseded {
            throw failure(
                UpgradeProblem.newerDatabase(version: status.openedBy, migrations: status.unknown).description)
        }
        guard status.needsUpgrade else {
            print("It is up to date for Daybook \(BuildInfo.version): nothing would change.")
            return
        }
        print(
            "Daybook \(BuildInfo.version) would apply \(status.pending.count) migration\(status.pending.count == 1 ? "" : "s"):"
        )
        for migration in status.pending { print("  \(migration)") }
        let copy = try PreUpgradeCopies.copySize(of: file)
        let database = Self.size(of: file)
        // The copy, and room for the database to grow while it migrates (as much again, at most).
        let needed = copy + database
        let folder = PreUpgradeCopies(dataFolder: data.url).folder
        let free = freeSpace(at: data.url)
        print(
            "First it copies the database to \(folder.path)/ (about \(ProgressBar.megabytes(copy)); the last three copies are kept)."
        )
        guard let free else {
            print("How much room the disk has could not be told; it needs about \(ProgressBar.megabytes(needed)).")
            return
        }
        if free >= needed {
            print(
                "The disk has \(ProgressBar.megabytes(free)) free: room enough (about \(ProgressBar.megabytes(needed)) is needed)."
            )
        } else {
            throw failure(
                "The disk has \(ProgressBar.megabytes(free)) free, and the upgrade needs about \(ProgressBar.megabytes(needed)): free some space first."
            )
        }
    }

    /// The database file and its write-ahead log.
    static func size(of file: URL) -> Int64 {
        ["", "-wal"].reduce(Int64(0)) { total, suffix in
            let attributes = try? FileManager.default.attributesOfItem(atPath: file.path + suffix)
            return total + ((attributes?[.size] as? NSNumber)?.int64Value ?? 0)
        }
    }
}

/// `daybook upgrade-undo [COPY]`: puts a copy taken before an upgrade back as the data folder's database (the newest,
/// unless one is named), keeping the database it replaces beside the copies. Then the version that made the copy
/// is installed again.
struct UpgradeUndoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "upgrade-undo",
        abstract: "Put the database copied before the last upgrade back (Daybook must be stopped).",
        discussion:
            "What was written since the copy was taken is not in it; the database it replaces is kept in pre-upgrade/.")

    @Argument(help: "The copy to put back (default: the newest in pre-upgrade/).") var copy: String?
    @OptionGroup var data: DataFolderOption

    func run() throws {
        let lock: DataFolderLock
        do { lock = try DataFolderLock(folder: data.url) } catch { throw failure("\(error)") }
        defer { withExtendedLifetime(lock) {} }
        let copies = PreUpgradeCopies(dataFolder: data.url)
        let chosen: URL
        if let copy {
            let named = URL(fileURLWithPath: (copy as NSString).expandingTildeInPath)
            let inFolder = copies.folder.appendingPathComponent(copy)
            chosen = FileManager.default.fileExists(atPath: named.path) ? named : inFolder
            guard FileManager.default.fileExists(atPath: chosen.path) else {
                throw failure("There is no file \(copy).")
            }
        } else {
            guard let newest = copies.list().first else {
                throw failure("There is no copy in \(copies.folder.path): no upgrade has needed one.")
            }
            chosen = newest.file
        }
        do {
            let done = try copies.putBack(chosen, dataFolder: data.url, at: Date())
            print("The database is now the copy \(chosen.lastPathComponent).")
            if let kept = done.replacedKeptAt { print("The database it replaced is kept as \(kept.path).") }
            print(
                "Now install \(done.openedBy.map { "Daybook \($0)" } ?? "the Daybook you had before the upgrade") again and start it."
            )
        } catch let problem as UpgradeProblem {
            throw failure(problem.description)
        }
    }
}
