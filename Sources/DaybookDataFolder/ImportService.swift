import DaybookArchive
import DaybookCore
import DaybookStore
import Foundation
import ZIPFoundation

/// Reads another app's export into an `ImportBatch`: a file as the app writes it (a ZIP for Day One, Loop and
/// Daylio, or Loop's SQLite backup; JSON or text for jrnl). Archives are read entry by entry with a limit on the bytes that come out, so a
/// ZIP bomb stops at the limit, and names inside an archive only ever pick an entry, never a path on disk.
package struct ImportService: Sendable {
    /// The largest import file.
    package static let largestFile = 1 << 30
    /// The largest JSON or CSV inside an archive, or a jrnl JSON export (a plain-text journal is read a line at a
    /// time, as large as an import file may be).
    package static let largestText = 64 << 20
    package static let largestPhoto = Photo.Limits.bytes

    /// - Parameters:
    ///   - options: which Day One journal to import, the file's name for problems to name, and the levels of a
    ///     Daylio CSV's own mood names (by `DaylioCSVImport.moodKey`).
    ///   - localizer: the owner's time zone (for dates that carry none) and language (for mentions in the text).
    ///   - photosInto: where to unpack the photos an import will store; nil for a dry run.
    /// - Returns: the batch, and each photo's unpacked file by source id.
    package static func read(
        _ file: URL, as source: ImportSource, options: Options = Options(), localizer: Localizer,
        photosInto folder: URL?
    ) throws -> (ImportBatch, [String: UnpackedPhoto]) {
        let timeZone = localizer.timeZone
        switch source {
        case .jrnl:
            let size = try BackupService.size(of: file)
            guard size <= largestText else { throw ImportBatch.Problem.tooLarge(limit: largestText) }
            let name = options.fileName ?? "journal"
            return (try JrnlImport.parse(try Data(contentsOf: file), name: name, timeZone: timeZone), [:])
        case .loop:
            if LoopBackupReader.isDatabase(file) {
                return (try LoopImport.parse(try LoopBackupReader.read(file)), [:])
            }
            return (try loopExport(try open(file)), [:])
        case .daylio:
            // A backup (a ZIP holding backup.daylio) or the CSV export, told apart by their first bytes.
            let handle = try FileHandle(forReadingFrom: file)
            let start = try handle.read(upToCount: 4) ?? Data()
            try handle.close()
            guard start.starts(with: [0x50, 0x4B, 0x03, 0x04]) else {
                let size = try BackupService.size(of: file)
                guard size <= largestText else { throw ImportBatch.Problem.tooLarge(limit: largestText) }
                let data = try Data(contentsOf: file)
                guard DaylioCSVImport.looksLikeExport(data) else {
                    throw ImportBatch.Problem.unreadable(
                        "it is neither a Daylio backup (a ZIP with backup.daylio) nor Daylio's CSV export")
                }
                return (
                    try DaylioCSVImport.parse(
                        data, name: options.fileName ?? "daylio_export.csv", timeZone: timeZone,
                        moodLevels: options.moodLevels), [:]
                )
            }
            let archive = try open(file)
            guard let backup = entry(archive, DaylioImport.backupName) else {
                throw ImportBatch.Problem.unreadable("it is not a Daylio backup (no backup.daylio inside)")
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
                throw ImportBatch.Problem.unreadable("it is not a Daybook export (no daybook-export/daybook.json)")
            }
            var batch = try DaybookExportImport.parse(try read(archive, json))
            let files = try unpack(&batch, from: archive, into: folder)
            return (batch, files)
        case .markdown:
            return try notesFolder(
                file, timeZone: timeZone, photosInto: folder, skipping: options.photosImportedBefore,
                takenOut: options.photosTakenOut, scanned: options.tarEntries)
        case .dayone:
            let archive = try open(file)
            var batch = try dayOne(archive, journal: options.journal, localizer: localizer)
            let files = try unpack(&batch, from: archive, into: folder, localizer: localizer)
            return (batch, files)
        }
    }

    /// A photo taken out of an archive, with the SHA-256 of its bytes, taken before they were written.
    package struct UnpackedPhoto: Sendable {
        package var file: URL
        package var sha256: String
    }

    /// What an import is asked for besides the file.
    package struct Options: Sendable {
        /// The one Day One journal to import (by its name); all of them when nil.
        package var journal: String?
        /// The imported file's name, as problems name it.
        package var fileName: String?
        /// Daybook's mood levels for the mood names of a Daylio CSV, by `DaylioCSVImport.moodKey`.
        package var moodLevels: [String: Int]
        /// Photos (by source id) an earlier import of the same source brought: a folder of notes does not unpack
        /// them again.
        package var photosImportedBefore: Set<String>
        /// A notes folder's photos (by their file in the archive) already taken out while the upload arrived: they
        /// are not unpacked again.
        package var photosTakenOut: Set<String> = []
        /// A notes folder's tar stream's entries, found while the upload arrived: the stream is not read again.
        package var tarEntries: [TarIndex.Entry]?

        package init(
            journal: String? = nil, fileName: String? = nil, moodLevels: [String: Int] = [:],
            photosImportedBefore: Set<String> = []
        ) {
            self.journal = journal
            self.fileName = fileName
            self.moodLevels = moodLevels
            self.photosImportedBefore = photosImportedBefore
        }
    }

    /// Each journal of a Day One export (`<Journal name>.json` at the top of the ZIP), or only `journal`. When the
    /// export holds several journals, each entry is tagged with its journal's name.
    private static func dayOne(_ archive: ImportArchive, journal wanted: String?, localizer: Localizer) throws
        -> ImportBatch
    {
        let journals = archive.filter {
            $0.type == .file && $0.path.hasSuffix(".json") && !$0.path.contains("/") && !$0.path.hasPrefix(".")
        }.map { (name: DayOneImport.tagText(String($0.path.dropLast(".json".count))), entry: $0) }
        guard !journals.isEmpty else {
            throw ImportBatch.Problem.unreadable("it is not a Day One export (no journal JSON)")
        }
        var chosen = journals
        if let wanted {
            let key = wanted.precomposedStringWithCanonicalMapping.trimmingCharacters(in: .whitespaces)
            chosen = journals.filter { $0.name == key }
            if chosen.isEmpty { chosen = journals.filter { $0.name.caseInsensitiveCompare(key) == .orderedSame } }
            guard !chosen.isEmpty else { throw ImportBatch.Problem.unknownJournal(wanted, found: journals.map(\.name)) }
        }
        var batch = ImportBatch()
        var photoIDs: Set<String> = []
        for journal in chosen {
            let part = try DayOneImport.parse(
                try read(archive, journal.entry), journal: journal.name, tag: journals.count > 1 ? journal.name : nil,
                timeZone: localizer.timeZone, localizer: localizer)
            batch.entries += part.entries
            batch.photos += part.photos.filter { photoIDs.insert($0.sourceID).inserted }
            batch.problems += part.problems
        }
        return batch
    }

    /// Unpacks the batch's photos that are in the archive into `folder` (none for a dry run); a photo the
    /// archive lacks, or one too large, is a problem and the rest go on.
    ///
    /// A photo is looked for by its path, then by its name with any extension (Day One names files by md5 and
    /// type, and the type in the JSON is not always the file's extension).
    package static func unpack(
        _ batch: inout ImportBatch, from archive: ImportArchive, into folder: URL?, localizer: Localizer? = nil
    ) throws -> [String: UnpackedPhoto] {
        var problems: [ImportProblem] = []
        var byStem: [String: Entry] = [:]
        for entry in archive where entry.type == .file {
            if let dot = entry.path.lastIndex(of: "."), !entry.path[dot...].contains("/") {
                byStem[String(entry.path[..<dot])] = byStem[String(entry.path[..<dot])] ?? entry
            }
        }
        var found: [String: Entry] = [:]
        var missing: Set<String> = []
        for photo in batch.photos {
            let stem = photo.path.lastIndex(of: ".").map { String(photo.path[..<$0]) } ?? photo.path
            if let entry = archive[photo.path].flatMap({ $0.type == .file ? $0 : nil }) ?? byStem[stem] {
                found[photo.sourceID] = entry
            } else {
                missing.insert(photo.sourceID)
                problems.append(
                    .init(
                        item: Self.item(photo), reason: "the photo is not in the archive", kind: .photos,
                        key: "import.problem.photoMissing"))
            }
        }
        if let localizer {
            DayOneImport.leavingOut(missing, from: &batch, localizer: localizer)
        } else {
            batch.photos.removeAll { missing.contains($0.sourceID) }
        }
        var files: [String: UnpackedPhoto] = [:]
        if let folder {
            let unpacked = try UnpackedPhotoFiles.unpack(batch.photos, into: folder, problems: &problems) { photo in
                try read(archive, found[photo.sourceID]!, limit: largestPhoto)
            }
            files = unpacked.files
            batch.photos.removeAll { unpacked.unreadable.contains($0.sourceID) }
        }
        batch.problems += problems
        return files
    }

    /// A photo as a problem names it: the entry that shows it, and its file.
    package static func item(_ photo: ImportBatch.Photo) -> String {
        photo.entry.map { "\($0): photo \(photo.path)" } ?? photo.path
    }

    /// Loop's CSV export: `Habits.csv` at the top of the archive or inside its one folder, with the
    /// `Checkmarks.csv` beside it and the habit folders (`001 Name/Checkmarks.csv`).
    private static func loopExport(_ archive: ImportArchive) throws -> ImportBatch {
        let name = LoopImport.habitsFile
        guard let habits = entry(archive, name) else {
            throw ImportBatch.Problem.unreadable(
                "it is not a Loop Habit Tracker export (no Habits.csv) nor a Loop backup (.db)")
        }
        let root = String(habits.path.dropLast(name.count))
        let checkmarks = archive[root + LoopImport.checkmarksFile].flatMap { $0.type == .file ? $0 : nil }
        var folders: [String: Data] = [:]
        for entry in archive where entry.type == .file && entry.path.hasPrefix(root) {
            let parts = entry.path.dropFirst(root.count).split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, parts[1] == LoopImport.checkmarksFile else { continue }
            folders[String(parts[0])] = try read(archive, entry)
        }
        guard checkmarks != nil || !folders.isEmpty else {
            throw ImportBatch.Problem.unreadable("the Loop export has no Checkmarks.csv and no habit folders")
        }
        return try LoopImport.parse(
            habits: try read(archive, habits), checkmarks: try checkmarks.map { try read(archive, $0) },
            folders: folders)
    }

    package static func open(_ file: URL) throws -> ImportArchive { try ImportArchive(file) }

    /// An entry by its name, at the top of the archive or inside its one folder (never the copies of the files'
    /// metadata that macOS adds under `__MACOSX/`).
    private static func entry(_ archive: ImportArchive, _ name: String) -> Entry? {
        archive.first { entry in
            entry.type == .file && !entry.path.hasPrefix("__MACOSX/")
                && (entry.path == name
                    || (entry.path.hasSuffix("/" + name) && entry.path.split(separator: "/").count == 2))
        }
    }

    private static func read(_ archive: ImportArchive, _ entry: Entry, limit: Int = largestText) throws -> Data {
        try archive.read(entry, limit: limit)
    }
}
