import DaybookArchive
import DaybookCore
import DaybookStore
import Foundation

/// `daybook check`, and the server's weekly self-check: the database file, its foreign keys, the search index
/// against the entries, every photo row against its file (its size, type and SHA-256), and the newest backup
/// opened with its key.
public struct DataCheck: Sendable {
    public let dataFolder: URL

    public init(dataFolder: URL) { self.dataFolder = dataFolder }

    /// Where the last result is kept, for Settings → Backups.
    public var resultFile: URL { dataFolder.appendingPathComponent("check.json") }

    /// Runs every check.
    /// - Parameters:
    ///   - repair: rebuild what can be rebuilt (the search index; stray photo files go to `lost+found/`).
    ///   - identities: keys that open the newest backup; when empty, the backup plan's passphrase is tried.
    public func run(
        _ database: AppDatabase, repair: Bool, identities: [AgeIdentity] = [], now: Date
    ) async -> CheckReport {
        var findings: [CheckReport.Finding] = []
        findings.append(Self.finding(.database) { try database.integrityProblems() })
        findings.append(Self.finding(.foreignKeys) { try database.foreignKeyProblems() })
        findings.append(searchIndex(database, repair: repair))
        findings.append(await photos(database, repair: repair, now: now))
        findings.append(await backup(database, identities: identities))
        return CheckReport(checkedAt: now, findings: findings)
    }

    /// The last result the server kept, if any.
    public func lastResult() -> CheckReport? {
        guard let data = try? Data(contentsOf: resultFile) else { return nil }
        return try? Self.decoder.decode(CheckReport.self, from: data)
    }

    /// Keeps `report` as the last result (written whole or not at all).
    public func keep(_ report: CheckReport) throws {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        try DiskFull.mapping { try encoder.encode(report).write(to: resultFile, options: .atomic) }
    }

    private static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    private static func finding(_ part: CheckReport.Part, _ problems: () throws -> [String]) -> CheckReport.Finding {
        do {
            let found = try problems()
            return .init(part: part, outcome: found.isEmpty ? .ok : .problem, details: found)
        } catch {
            return .init(part: part, outcome: .problem, details: ["\(error)"])
        }
    }

    private func searchIndex(_ database: AppDatabase, repair: Bool) -> CheckReport.Finding {
        do {
            let (missing, extra) = try database.searchIndexDifference()
            guard missing > 0 || extra > 0 else { return .init(part: .searchIndex) }
            let details = ["\(missing) entries missing from the search index, \(extra) it holds for no entry"]
            guard repair else { return .init(part: .searchIndex, outcome: .problem, details: details) }
            try database.rebuildSearchIndex()
            let after = try database.searchIndexDifference()
            guard after == (0, 0) else { return .init(part: .searchIndex, outcome: .problem, details: details) }
            return .init(part: .searchIndex, outcome: .repaired, details: details + ["rebuilt from the entries"])
        } catch {
            return .init(part: .searchIndex, outcome: .problem, details: ["\(error)"])
        }
    }

    private func photos(_ database: AppDatabase, repair: Bool, now: Date) async -> CheckReport.Finding {
        let folder = dataFolder.appendingPathComponent("photos", isDirectory: true)
        var details: [String] = []
        do {
            for photo in try database.allPhotos() {
                let file = folder.appendingPathComponent(photo.id)
                guard FileManager.default.fileExists(atPath: file.path) else {
                    details.append("photo \(photo.id): its file is missing")
                    continue
                }
                guard let handle = try? FileHandle(forReadingFrom: file),
                    let head = try? handle.read(upToCount: PhotoType.signatureLength)
                else {
                    details.append("photo \(photo.id): its file cannot be read")
                    continue
                }
                try? handle.close()
                let size = (try? BackupService.size(of: file)) ?? -1
                if size != Int64(photo.bytes) {
                    details.append("photo \(photo.id): the file has \(size) bytes, the row says \(photo.bytes)")
                } else if PhotoType.sniff([UInt8](head)) != photo.type {
                    details.append("photo \(photo.id): the file is not the \(photo.type.rawValue) the row says")
                } else if let problem = contents(of: photo, in: file, database) {
                    details.append(problem)
                }
            }
            let store = FilePhotoStore(database: database, folder: folder)
            let known = Set(try database.allPhotos().map(\.id))
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            let strays = names.filter { !$0.hasPrefix(".") && !known.contains($0) }
            var repaired: [String] = []
            if !strays.isEmpty {
                if repair {
                    // A check is asked for by a person: every stray goes, whatever its age.
                    let moved = try await PhotoSweep(store: store).run(
                        now: now.addingTimeInterval(PhotoSweep.graceTime + 1))
                    repaired.append("\(moved.moved.count) files no photo names moved to lost+found/photos")
                } else {
                    details.append(
                        "\(strays.count) files in photos/ that no photo names (--repair moves them to lost+found)")
                }
            }
            if !details.isEmpty { return .init(part: .photos, outcome: .problem, details: details + repaired) }
            return .init(part: .photos, outcome: repaired.isEmpty ? .ok : .repaired, details: repaired)
        } catch {
            return .init(part: .photos, outcome: .problem, details: details + ["\(error)"])
        }
    }

    /// Whether the file's bytes are still those the row's hash was taken from. A row from before hashes were kept
    /// gets the file's hash now, so a later change is found from here on.
    private func contents(of photo: Photo, in file: URL, _ database: AppDatabase) -> String? {
        guard let hash = try? FileDigest.sha256(of: file) else { return "photo \(photo.id): its file cannot be read" }
        guard let kept = photo.sha256 else {
            do { try database.fillPhotoHash(id: photo.id, sha256: hash) } catch {
                return "photo \(photo.id): its hash cannot be kept: \(DiskFull.cause(of: error) ?? error)"
            }
            return nil
        }
        return kept == hash ? nil : "photo \(photo.id): contents changed (hash differs)"
    }

    private func backup(_ database: AppDatabase, identities: [AgeIdentity]) async -> CheckReport.Finding {
        let backups = BackupService(dataFolder: dataFolder)
        guard let newest = BackupRunner.backups(in: backups.backupsFolder).first else {
            return .init(part: .backup, outcome: .skipped, details: ["no backup in backups/ yet"])
        }
        var keys = identities
        if keys.isEmpty, let plan = try? await database.loadBackupPlan(), !plan.passphrase.isEmpty {
            keys = [.passphrase(plan.passphrase)]
        }
        guard !keys.isEmpty else {
            return .init(
                part: .backup, outcome: .skipped,
                details: ["\(newest.name) is locked with a key this folder does not hold (give it with --identity)"])
        }
        let staging = dataFolder.appendingPathComponent(".check-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: staging) }
        do {
            let handle = try FileHandle(forReadingFrom: backups.backupsFolder.appendingPathComponent(newest.name))
            defer { try? handle.close() }
            let manifest = try BackupArchive.extract(
                from: ByteSource(handle: handle), identities: keys, into: staging,
                freeSpace: freeSpace(at: dataFolder))
            let contents = try AppDatabase.inspectSnapshot(staging.appendingPathComponent(BackupArchive.databaseName))
            return .init(
                part: .backup, outcome: .ok,
                details: [
                    "\(newest.name) opens with its key: \(contents.photoIDs.count) photos, \(manifest.bytes) bytes"
                ])
        } catch {
            return .init(
                part: .backup, outcome: .problem, details: ["\(newest.name): \(DiskFull.cause(of: error) ?? error)"])
        }
    }
}
