import CSV
import DaybookCore
import Foundation
import ZIPFoundation

/// Reads another app's export into an `ImportBatch`: a file as the app writes it (a ZIP for Day One, Loop and
/// Daylio; JSON or text for jrnl). Archives are read entry by entry with a limit on the bytes that come out, so a
/// ZIP bomb stops at the limit, and names inside an archive only ever pick an entry, never a path on disk.
struct ImportService: Sendable {
    /// The largest import file.
    static let largestFile = 1 << 30
    /// The largest JSON or CSV inside an archive, or a jrnl file.
    static let largestText = 64 << 20
    static let largestPhoto = Photo.Limits.bytes

    /// - Parameters:
    ///   - photosInto: where to unpack the photos an import will store; nil for a dry run.
    ///   - moodLevels: Daybook levels for mood names a Daylio CSV uses, by `DaylioCSVImport.moodKey`.
    /// - Returns: the batch, and each photo's unpacked file by source id.
    static func read(
        _ file: URL, as source: ImportSource, timeZone: TimeZone, moodLevels: [String: Int] = [:],
        photosInto folder: URL?
    ) throws -> (ImportBatch, [String: URL]) {
        switch source {
        case .jrnl:
            let size = try BackupService.size(of: file)
            guard size <= largestText else { throw ImportFailure.tooLarge(limit: largestText) }
            return (try JrnlImport.parse(try Data(contentsOf: file), timeZone: timeZone), [:])
        case .loop:
            let archive = try open(file)
            guard let habits = entry(archive, "Habits.csv"), let checks = entry(archive, "Checkmarks.csv") else {
                throw ImportFailure.unreadable(
                    "it is not a Loop Habit Tracker export (no Habits.csv and Checkmarks.csv)")
            }
            return (
                try LoopImport.parse(habits: try rows(read(archive, habits)), checks: try rows(read(archive, checks))),
                [:]
            )
        case .daylio:
            // A backup (a ZIP holding backup.daylio) or the CSV export, told apart by their first bytes.
            let handle = try FileHandle(forReadingFrom: file)
            let start = try handle.read(upToCount: 4) ?? Data()
            try handle.close()
            guard start.starts(with: [0x50, 0x4B, 0x03, 0x04]) else {
                let size = try BackupService.size(of: file)
                guard size <= largestText else { throw ImportFailure.tooLarge(limit: largestText) }
                let data = try Data(contentsOf: file)
                guard DaylioCSVImport.looksLikeExport(data) else {
                    throw ImportFailure.unreadable(
                        "it is neither a Daylio backup (a ZIP with backup.daylio) nor Daylio's CSV export")
                }
                return (
                    try DaylioCSVImport.parse(
                        data, name: "daylio_export.csv", timeZone: timeZone, moodLevels: moodLevels), [:]
                )
            }
            let archive = try open(file)
            guard let backup = entry(archive, DaylioImport.backupName) else {
                throw ImportFailure.unreadable("it is not a Daylio backup (no backup.daylio inside)")
            }
            let text = try read(archive, backup)
            let json = Data(base64Encoded: text, options: .ignoreUnknownCharacters) ?? text
            var batch = try DaylioImport.parse(
                json, archivePaths: archive.filter { $0.type == .file }.map(\.path))
            let files = try unpack(&batch, from: archive, into: folder)
            return (batch, files)
        case .daybook:
            let archive = try open(file)
            guard let json = archive[DaybookExportImport.folder + "daybook.json"] else {
                throw ImportFailure.unreadable("it is not a Daybook export (no daybook-export/daybook.json)")
            }
            var batch = try DaybookExportImport.parse(try read(archive, json))
            let files = try unpack(&batch, from: archive, into: folder)
            return (batch, files)
        case .dayone:
            let archive = try open(file)
            let journals = archive.filter { $0.type == .file && $0.path.hasSuffix(".json") && !$0.path.contains("/") }
            guard !journals.isEmpty else {
                throw ImportFailure.unreadable("it is not a Day One export (no journal JSON)")
            }
            var batch = ImportBatch()
            for journal in journals {
                let part = try DayOneImport.parse(try read(archive, journal), name: journal.path)
                batch.entries += part.entries
                batch.photos += part.photos
                batch.problems += part.problems
            }
            let files = try unpack(&batch, from: archive, into: folder)
            return (batch, files)
        }
    }

    /// Unpacks the batch's photos that are in the archive into `folder` (none for a dry run); a photo the
    /// archive lacks, or one too large, is a problem and the rest go on.
    private static func unpack(_ batch: inout ImportBatch, from archive: Archive, into folder: URL?) throws -> [String:
        URL]
    {
        var problems: [ImportProblem] = []
        batch.photos = batch.photos.filter { photo in
            guard let found = archive[photo.path], found.type == .file else {
                problems.append(
                    .init(
                        item: photo.path, reason: "the photo is not in the archive", kind: .photos,
                        key: "import.problem.photoMissing"))
                return false
            }
            return true
        }
        var files: [String: URL] = [:]
        if let folder {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            var unreadable: Set<String> = []
            for photo in batch.photos {
                let target = folder.appendingPathComponent(UUID().uuidString)
                do {
                    try read(archive, archive[photo.path]!, limit: largestPhoto).write(to: target)
                    files[photo.sourceID] = target
                } catch {
                    problems.append(.init(item: photo.path, reason: "\(error)", kind: .photos))
                    unreadable.insert(photo.sourceID)
                }
            }
            batch.photos.removeAll { unreadable.contains($0.sourceID) }
        }
        batch.problems += problems
        return files
    }

    private static func open(_ file: URL) throws -> Archive {
        do {
            return try Archive(url: file, accessMode: .read, pathEncoding: nil)
        } catch {
            throw ImportFailure.unreadable("it is not a ZIP archive, or the archive is damaged")
        }
    }

    /// An entry by its name, at the top of the archive or inside its one folder.
    private static func entry(_ archive: Archive, _ name: String) -> Entry? {
        archive.first { entry in
            entry.type == .file
                && (entry.path == name
                    || (entry.path.hasSuffix("/" + name) && entry.path.split(separator: "/").count == 2))
        }
    }

    /// An entry's bytes, stopping as soon as more come out than `limit` (whatever the entry claims).
    private static func read(_ archive: Archive, _ entry: Entry, limit: Int = largestText) throws -> Data {
        guard entry.uncompressedSize <= UInt64(limit) else { throw ImportFailure.tooLarge(limit: limit) }
        var data = Data()
        do {
            _ = try archive.extract(entry) { piece in
                data.append(piece)
                if data.count > limit { throw ImportFailure.tooLarge(limit: limit) }
            }
        } catch let failure as ImportFailure {
            throw failure
        } catch {
            throw ImportFailure.unreadable("\(entry.path) is damaged")
        }
        return data
    }

    private static func rows(_ data: Data) throws -> [[String]] {
        guard let text = String(data: data, encoding: .utf8) else {
            throw ImportFailure.unreadable("a CSV file is not UTF-8")
        }
        let reader = try CSVReader(string: text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text)
        var rows: [[String]] = []
        while let row = reader.next() { rows.append(row) }
        return rows
    }
}
