import DaybookArchive
import DaybookCore
import DaybookFeatures
import DaybookStore
import Foundation

/// Makes one backup at a time for the server (the daily one and "Back up now"), copies it to the second folder,
/// keeps 7 daily and 4 weekly in each, and records how it went where Settings and Today show it.
package final class BackupRunner: Sendable {
    package let service: BackupService
    /// The scrypt work factor of passphrase backups (lower only in tests).
    package let workFactor: Int
    private let progress = Locked<(done: Int64, total: Int64)?>(nil)

    package init(dataFolder: URL, workFactor: Int = Age.defaultWorkFactor) {
        service = BackupService(dataFolder: dataFolder)
        self.workFactor = workFactor
    }

    /// Bytes done and total while a backup is being made.
    package var current: (done: Int64, total: Int64)? { progress.withLock { $0 } }

    /// The backups in the data folder's `backups/`, newest first.
    package func files() -> [BackupsScene.File] {
        Self.backups(in: service.backupsFolder).map { .init(name: $0.name, size: $0.size, date: $0.date) }
    }

    /// The file of a backup by its name, when it is one of ours.
    package func file(named name: String) -> URL? {
        guard BackupService.date(ofName: name) != nil else { return nil }
        let url = service.backupsFolder.appendingPathComponent(name)
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    /// Starts a backup unless one is running.
    /// - Returns: false when one was already running (nothing new is started).
    @discardableResult
    package func run(_ database: AppDatabase, now: Date, calendar: Calendar, events: EventBus) async -> Bool {
        guard begin() else { return false }
        await perform(database, now: now, calendar: calendar, events: events)
        return true
    }

    /// Claims the runner, so the page shows the backup as running from its first paint.
    /// - Returns: false when a backup is already running.
    package func begin() -> Bool {
        progress.withLock { value -> Bool in
            guard value == nil else { return false }
            value = (0, 1)
            return true
        }
    }

    /// Makes the backup `begin()` claimed, lets the runner go, and tells open pages how it went.
    package func perform(_ database: AppDatabase, now: Date, calendar: Calendar, events: EventBus) async {
        await make(database, now: now, calendar: calendar)
        progress.withLock { $0 = nil }
        await events.publish(.settings)
    }

    private func make(_ database: AppDatabase, now: Date, calendar: Calendar) async {
        do {
            let plan = try await database.loadBackupPlan()
            guard plan.isConfigured else { return }
            let recipients: [AgeRecipient] =
                plan.passphrase.isEmpty
                ? try plan.recipients.map(AgeRecipient.parse) : [.passphrase(plan.passphrase, workFactor: workFactor)]
            let destination = service.backupsFolder.appendingPathComponent(BackupService.fileName(at: now))
            let service = self.service
            let progress = self.progress
            let made = try await Self.offThePool {
                try service.create(from: database, recipients: recipients, to: destination, now: now) { done, total in
                    progress.withLock { $0 = (done, total) }
                }
            }
            Self.prune(service.backupsFolder, calendar: calendar)
            if !plan.secondFolder.isEmpty {
                try Self.copy(made.file, to: URL(fileURLWithPath: plan.secondFolder, isDirectory: true))
                Self.prune(URL(fileURLWithPath: plan.secondFolder, isDirectory: true), calendar: calendar)
            }
            try await database.recordBackup(success: made.file.lastPathComponent, size: made.size, at: now)
        } catch {
            // A full disk may refuse this record too; the page then shows the previous state, and the next try
            // runs in an hour.
            try? await database.recordBackup(failure: String(describing: DiskFull.cause(of: error) ?? error), at: now)
        }
    }

    /// Blocking file work runs on a thread of its own, not on the server's few task threads.
    package static func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
        }
    }

    private static func copy(_ file: URL, to folder: URL) throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw CopyProblem(folder: folder.path)
        }
        let partial = folder.appendingPathComponent(".\(file.lastPathComponent).partial")
        try? FileManager.default.removeItem(at: partial)
        try FileManager.default.copyItem(at: file, to: partial)
        let target = folder.appendingPathComponent(file.lastPathComponent)
        try? FileManager.default.removeItem(at: target)
        try FileManager.default.moveItem(at: partial, to: target)
    }

    package struct CopyProblem: Error, CustomStringConvertible {
        package var folder: String
        package var description: String { "The second folder \(folder) is not there (is the disk mounted?)." }
    }

    /// Deletes the backups a folder no longer keeps (7 daily, 4 weekly); other files are left alone.
    package static func prune(_ folder: URL, calendar: Calendar) {
        let backups = backups(in: folder)
        let kept = BackupSchedule.kept(backups.map(\.date), calendar: calendar)
        for backup in backups where !kept.contains(backup.date) {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(backup.name))
        }
    }

    package static func backups(in folder: URL) -> [(name: String, size: Int64, date: Date)] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.compactMap { name in
            guard let date = BackupService.date(ofName: name) else { return nil }
            let size = (try? BackupService.size(of: folder.appendingPathComponent(name))) ?? 0
            return (name, size, date)
        }.sorted { $0.date > $1.date }
    }
}
