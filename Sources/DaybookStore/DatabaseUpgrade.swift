import DaybookCore
import Foundation
import GRDB

/// Where a database stands against this Daybook's migrations, read without changing it.
public struct SchemaStatus: Sendable, Equatable {
    /// This Daybook's migrations it has, in the order they are registered.
    public var applied: [String]
    /// This Daybook's migrations it lacks, in the order they would run.
    public var pending: [String]
    /// Migrations it has that this Daybook does not know: a newer Daybook migrated it.
    public var unknown: [String]
    /// The Daybook that last opened it, when one recorded its version.
    public var openedBy: String?

    /// No schema yet: a new data folder, made from nothing.
    public var isNew: Bool { applied.isEmpty && unknown.isEmpty }
    /// A newer Daybook migrated it (GRDB's `hasBeenSuperseded`).
    public var isSuperseded: Bool { !unknown.isEmpty }
    /// It holds data of an older Daybook, which the pending migrations would change.
    public var needsUpgrade: Bool { !isNew && !pending.isEmpty }
    /// The number of the last migration applied (`v25 app badge` → 25), which names a copy taken before upgrading.
    public var lastNumber: Int? { applied.last.flatMap(Self.number(of:)) }

    static func number(of migration: String) -> Int? {
        guard migration.hasPrefix("v") else { return nil }
        return Int(migration.dropFirst().prefix { $0.isNumber })
    }
}

/// Why a database was not opened, or not upgraded.
public enum UpgradeProblem: Error, Equatable, CustomStringConvertible {
    /// A newer Daybook migrated it: this one would write into a schema it does not understand.
    case newerDatabase(version: String?, migrations: [String])
    /// It needs migrating, which only `daybook serve` and `daybook migrate` do.
    case needsUpgrade(pending: [String])
    /// The copy before migrating could not be made or did not read back whole; nothing was migrated.
    case copyFailed(String)
    /// A migration failed: the database stays at `completed`, and the copy taken before is intact.
    case migrationFailed(copy: URL?, completed: String?, reason: String)

    public var description: String {
        switch self {
        case .newerDatabase(let version, let migrations):
            "This data folder was upgraded by a newer Daybook (\(version ?? migrations.joined(separator: ", "))). "
                + "Install that version again, or go back to the copy in \(PreUpgradeCopies.folderName)/."
        case .needsUpgrade(let pending):
            "This data folder's database is from an older Daybook and needs upgrading "
                + "(\(pending.joined(separator: ", "))). Start the server (daybook serve) or run daybook migrate: "
                + "a copy is taken first, in \(PreUpgradeCopies.folderName)/."
        case .copyFailed(let reason):
            "The database could not be copied before upgrading (\(reason)); nothing was changed. "
                + "Free some disk space and start Daybook again."
        case .migrationFailed(let copy, let completed, let reason):
            "Upgrading the database failed (\(reason)); it stays at \(completed ?? "its first step"). "
                + (copy.map {
                    "The copy taken before is \($0.path): stop Daybook, install the version you had and put the copy "
                        + "back as daybook.sqlite."
                } ?? "No copy was needed: the data folder was new.")
        }
    }
}

extension AppDatabase {
    /// Where `db` stands: one check for a database about to be opened and a backup about to be restored.
    public static func schemaStatus(_ db: Database) throws -> SchemaStatus {
        let migrator = migrator
        let appliedIdentifiers = try migrator.appliedIdentifiers(db)
        let known = migrator.migrations
        let applied = known.filter(appliedIdentifiers.contains)
        var unknown: [String] = []
        if try migrator.hasBeenSuperseded(db) {
            unknown = appliedIdentifiers.subtracting(known).sorted()
        }
        // Read as any Daybook from v26 on writes it; a table of that name that is something else says nothing.
        let openedBy = try? String.fetchOne(db, sql: "SELECT version FROM openedBy WHERE id = 1")
        return SchemaStatus(
            applied: applied, pending: known.filter { !appliedIdentifiers.contains($0) }, unknown: unknown,
            openedBy: openedBy)
    }

    /// Where the database in `file` stands, read through a read-only connection; a missing file is new.
    public static func schemaStatus(ofFile file: URL) throws -> SchemaStatus {
        guard FileManager.default.fileExists(atPath: file.path) else {
            return SchemaStatus(applied: [], pending: migrator.migrations, unknown: [], openedBy: nil)
        }
        let queue = try readOnly(file)
        defer { try? queue.close() }
        return try queue.read { db in try schemaStatus(db) }
    }

    /// A connection to the database in `file` that can change nothing in it.
    static func readOnly(_ file: URL) throws -> DatabaseQueue {
        var configuration = makeConfiguration()
        configuration.readonly = true
        configuration.busyMode = .timeout(5)
        return try DatabaseQueue(path: file.path, configuration: configuration)
    }

    /// Refuses a database a newer Daybook migrated.
    static func refuseNewer(_ status: SchemaStatus) throws {
        guard !status.isSuperseded else {
            throw UpgradeProblem.newerDatabase(version: status.openedBy, migrations: status.unknown)
        }
    }

    /// Opens the database of a data folder for a command: a new one is made, one that needs migrating or that a
    /// newer Daybook migrated is refused untouched (only `serve` and `migrate` upgrade, after a copy).
    /// - Throws: `UpgradeProblem.newerDatabase` or `.needsUpgrade`; a GRDB error when the file cannot be read.
    public static func open(folder: URL) throws -> AppDatabase {
        let file = folder.appendingPathComponent(fileName)
        let status = try schemaStatus(ofFile: file)
        try refuseNewer(status)
        guard !status.needsUpgrade else { throw UpgradeProblem.needsUpgrade(pending: status.pending) }
        return try AppDatabase(try pool(folder: folder))
    }

    /// Opens the database of a data folder for the server (or `daybook migrate`), upgrading it: when it needs
    /// migrating, a checked copy is first taken into `pre-upgrade/` (the last three are kept), then the migrations
    /// run, each in a transaction of its own.
    /// - Returns: the database, and the copy when one was taken.
    /// - Throws: `UpgradeProblem.newerDatabase`, `.copyFailed` (nothing migrated) or `.migrationFailed` (the database
    ///   at the last migration completed, the copy intact).
    public static func upgrade(folder: URL, now: Date) throws -> (AppDatabase, URL?) {
        let file = folder.appendingPathComponent(fileName)
        let status = try schemaStatus(ofFile: file)
        try refuseNewer(status)
        var copy: URL?
        if status.needsUpgrade {
            copy = try PreUpgradeCopies(dataFolder: folder).take(of: file, before: status.lastNumber ?? 0, at: now)
        }
        let pool = try pool(folder: folder)
        do {
            return (try AppDatabase(pool), copy)
        } catch {
            let completed = try? pool.read { db in try migrator.completedMigrations(db).last }
            throw UpgradeProblem.migrationFailed(copy: copy, completed: completed ?? nil, reason: "\(error)")
        }
    }

    private static func pool(folder: URL) throws -> DatabasePool {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var configuration = makeConfiguration()
        configuration.busyMode = .timeout(5)
        return try DatabasePool(path: folder.appendingPathComponent(fileName).path, configuration: configuration)
    }

    /// Notes this Daybook's version as the one that last opened the database, when another did before: an opening
    /// by the same version writes nothing.
    static func recordOpening(_ db: Database, version: String, at date: Date) throws {
        guard try String.fetchOne(db, sql: "SELECT version FROM openedBy WHERE id = 1") != version else { return }
        try db.execute(
            sql: """
                INSERT INTO openedBy (id, version, openedAt) VALUES (1, ?, ?)
                ON CONFLICT(id) DO UPDATE SET version = excluded.version, openedAt = excluded.openedAt
                """, arguments: [version, date])
    }
}

/// The copies of the database taken before upgrades, in the data folder's `pre-upgrade/`: the way back to the
/// version before, with what was written since lost.
public struct PreUpgradeCopies: Sendable {
    public static let folderName = "pre-upgrade"
    /// How many copies are kept: the oldest goes when a fourth is taken.
    public static let kept = 3
    public let folder: URL

    public init(dataFolder: URL) {
        folder = dataFolder.appendingPathComponent(Self.folderName, isDirectory: true)
    }

    /// One copy: its file, the migration it was taken before, and when.
    public struct Copy: Sendable, Equatable {
        public var file: URL
        public var bytes: Int64
        public var takenAt: Date
    }

    /// The copies there are, newest first (by the time in their names).
    public func list() -> [Copy] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasPrefix("daybook-before-") && $0.hasSuffix(".sqlite") }.compactMap { name in
            let file = folder.appendingPathComponent(name)
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: file.path) else { return nil }
            let taken = Self.time(in: name) ?? attributes[.modificationDate] as? Date ?? .distantPast
            return Copy(file: file, bytes: (attributes[.size] as? NSNumber)?.int64Value ?? 0, takenAt: taken)
        }.sorted { ($0.takenAt, $0.file.lastPathComponent) > ($1.takenAt, $1.file.lastPathComponent) }
    }

    /// The UTC time a copy's name carries.
    static func time(in name: String) -> Date? {
        let stamp = name.dropLast(".sqlite".count).split(separator: "-").last.map(String.init) ?? ""
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return formatter.date(from: stamp)
    }

    /// `daybook-before-25-20261128T201500Z.sqlite`.
    static func name(before number: Int, at date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let stamp = String(
            format: "%04d%02d%02dT%02d%02d%02dZ", parts.year!, parts.month!, parts.day!, parts.hour!, parts.minute!,
            parts.second!)
        return "daybook-before-\(number)-\(stamp).sqlite"
    }

    /// Copies the database in `file` (SQLite's `VACUUM INTO`, through a read-only connection), checks the copy
    /// reads back whole, and keeps the last three.
    /// - Throws: `UpgradeProblem.copyFailed`, with no copy left behind.
    func take(of file: URL, before number: Int, at date: Date) throws -> URL {
        let copy = folder.appendingPathComponent(Self.name(before: number, at: date))
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try? FileManager.default.removeItem(at: copy)
            let source = try AppDatabase.readOnly(file)
            defer { try? source.close() }
            try source.writeWithoutTransaction { db in
                try db.execute(sql: "VACUUM INTO ?", arguments: [copy.path])
            }
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: copy.path)
            guard Self.readsWhole(copy) else { throw UpgradeProblem.copyFailed("the copy did not read back whole") }
        } catch {
            try? FileManager.default.removeItem(at: copy)
            if let problem = error as? UpgradeProblem { throw problem }
            throw UpgradeProblem.copyFailed(DiskFull.cause(of: error) != nil ? "the disk is full" : "\(error)")
        }
        for old in list().dropFirst(Self.kept) { try? FileManager.default.removeItem(at: old.file) }
        return copy
    }

    /// Whether SQLite's `integrity_check` finds the copy whole.
    static func readsWhole(_ file: URL) -> Bool {
        guard let queue = try? AppDatabase.readOnly(file) else { return false }
        defer { try? queue.close() }
        return (try? queue.read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") }) == "ok"
    }
}

extension PreUpgradeCopies {
    /// What putting a copy back did: where the database it replaced went, and the Daybook that last opened the
    /// copy (the version to install again), when the copy says.
    public struct PutBack: Sendable {
        public var replacedKeptAt: URL?
        public var openedBy: String?
    }

    /// Puts `copy` back as the data folder's database, keeping the database it replaces (with its write-ahead log)
    /// in this folder as `daybook-undone-<UTC time>.sqlite`. Daybook must not be running on the folder.
    /// - Throws: `UpgradeProblem.copyFailed` when the copy does not read back whole; nothing is moved then.
    public func putBack(_ copy: URL, dataFolder: URL, at date: Date) throws -> PutBack {
        guard Self.readsWhole(copy) else { throw UpgradeProblem.copyFailed("\(copy.path) does not read back whole") }
        let openedBy = try? AppDatabase.schemaStatus(ofFile: copy).openedBy
        let live = dataFolder.appendingPathComponent(AppDatabase.fileName)
        let manager = FileManager.default
        var kept: URL?
        if manager.fileExists(atPath: live.path) {
            let name = Self.name(before: 0, at: date).replacingOccurrences(
                of: "daybook-before-0-", with: "daybook-undone-")
            let aside = folder.appendingPathComponent(name)
            try manager.createDirectory(at: folder, withIntermediateDirectories: true)
            for suffix in ["", "-wal", "-shm"] where manager.fileExists(atPath: live.path + suffix) {
                try manager.moveItem(atPath: live.path + suffix, toPath: aside.path + suffix)
            }
            kept = aside
        }
        try manager.copyItem(at: copy, to: live)
        try manager.setAttributes([.posixPermissions: 0o600], ofItemAtPath: live.path)
        return PutBack(replacedKeptAt: kept, openedBy: openedBy)
    }

    /// Bytes a copy of the database in `file` takes (its pages in use), read without changing it.
    public static func copySize(of file: URL) throws -> Int64 {
        let queue = try AppDatabase.readOnly(file)
        defer { try? queue.close() }
        return try queue.read { db in
            let pages = try Int64.fetchOne(db, sql: "PRAGMA page_count") ?? 0
            let free = try Int64.fetchOne(db, sql: "PRAGMA freelist_count") ?? 0
            let size = try Int64.fetchOne(db, sql: "PRAGMA page_size") ?? 4096
            return (pages - free) * size
        }
    }
}
