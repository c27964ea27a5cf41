import DaybookCore
import Foundation
import ZIPFoundation

/// A folder of daily notes as a ZIP (the Backups page uploads one; `daybook import markdown FOLDER` packs one):
/// each note is read on its own, with a limit on its bytes, so neither a huge file nor many files hold much memory.
///
/// Names inside the archive only ever pick an entry, never a path on disk: a name that climbs out of the folder
/// (`../`) or starts at `/` is a problem, and so is a symbolic link (never followed). An archive of more than
/// `NotesFolder.Limits.files` entries is refused before any is read.
extension ImportService {
    /// - Parameter skipping: photos an earlier import brought, which are not unpacked again.
    static func notesFolder(
        _ file: URL, timeZone: TimeZone, photosInto folder: URL?, skipping: Set<String> = []
    ) throws -> (
        ImportBatch, [String: UnpackedPhoto]
    ) {
        try countEntries(file)
        let archive = try open(file)
        var batch = ImportBatch()
        var notes: [(path: String, role: NotesFolder.Role, entry: Entry)] = []
        var imageFiles: [(path: String, file: String)] = []
        var entries: [String: Entry] = [:]
        // Some Windows tools write `\` between folders.
        let all = archive.filter { $0.type != .directory && !$0.path.hasPrefix("__MACOSX/") }
            .map { (name: $0.path.replacingOccurrences(of: "\\", with: "/"), entry: $0) }
        let root = commonFolder(all.map(\.name))
        for (name, entry) in all {
            let relative = String(name.dropFirst(root.count))
            let parts = name.split(separator: "/", omittingEmptySubsequences: false)
            if name.hasPrefix("/") || parts.contains("..") || parts.first?.last == ":" {
                let kind = Self.kind(of: NotesFolder.role(of: parts.last.map(String.init) ?? "")) ?? .other
                batch.problems.append(.init(item: name, key: "import.problem.outsideFolder", kind: kind))
                continue
            }
            let role = NotesFolder.role(of: relative)
            guard let kind = Self.kind(of: role) else { continue }
            if entry.type == .symlink {
                batch.problems.append(.init(item: relative, key: "import.problem.link", kind: kind))
                continue
            }
            if role == .image {
                imageFiles.append((relative, entry.path))
                entries[entry.path] = entry
            } else {
                notes.append((relative, role, entry))
            }
        }
        let images = NotesFolderImages(imageFiles)
        var firstOf: [String: String] = [:]
        var photoIDs: Set<String> = []
        for note in notes.sorted(by: { $0.path < $1.path }) {
            let data: Data
            do {
                data = try archive.read(note.entry, limit: NotesFolder.Limits.noteBytes)
            } catch ImportFailure.tooLarge {
                batch.problems.append(
                    .init(
                        item: note.path, key: "import.problem.noteTooLarge", ["\(NotesFolder.Limits.noteBytes >> 20)"],
                        kind: .entries))
                continue
            } catch {
                batch.problems.append(.init(item: note.path, reason: "\(error)", kind: .entries))
                continue
            }
            let part = NotesFolderImport.read(
                data, path: note.path, role: note.role, images: images, timeZone: timeZone)
            for entry in part.entries {
                if let first = firstOf[entry.sourceID] {
                    batch.problems.append(
                        .init(item: entry.item ?? note.path, key: "import.problem.sameNote", [first], kind: .entries))
                    continue
                }
                firstOf[entry.sourceID] = entry.item ?? note.path
                batch.entries.append(entry)
            }
            batch.photos += part.photos.filter { photoIDs.insert($0.sourceID).inserted }
            batch.problems += part.problems
        }
        let files = try unpackImages(&batch, from: archive, entries: entries, into: folder, skipping: skipping)
        return (batch, files)
    }

    /// What an entry of this role would have been, as the report counts it; nil for files that are not read.
    private static func kind(of role: NotesFolder.Role) -> ImportItemKind? {
        switch role {
        case .image: .photos
        case .ignored: nil
        case .jrnl, .logseq, .note: .entries
        }
    }

    /// Refuses an archive of more entries than a notes folder may hold, counting no further than the limit.
    private static func countEntries(_ file: URL) throws {
        let archive: Archive
        do {
            archive = try Archive(url: file, accessMode: .read, pathEncoding: nil)
        } catch {
            throw ImportFailure.unreadable("it is not a ZIP archive, or the archive is damaged")
        }
        var count = 0
        for _ in archive {
            count += 1
            if count > NotesFolder.Limits.files {
                throw ImportFailure.unreadable(
                    "it holds more than \(NotesFolder.Limits.files.formatted()) files; import the folder in parts "
                        + "(a year's folder at a time)")
            }
        }
    }

    /// The one folder every path is inside (`Vault/`), or "" when the archive holds the folder's contents.
    static func commonFolder(_ paths: [String]) -> String {
        guard let first = paths.first, let slash = first.firstIndex(of: "/") else { return "" }
        let folder = String(first[...slash])
        return paths.allSatisfy { $0.hasPrefix(folder) } ? folder : ""
    }

    /// The embedded images taken out of the archive into `folder` (none for a dry run), each at most a photo's
    /// size; one that cannot be read is a problem and the rest go on.
    private static func unpackImages(
        _ batch: inout ImportBatch, from archive: ImportArchive, entries: [String: Entry], into folder: URL?,
        skipping: Set<String>
    ) throws -> [String: UnpackedPhoto] {
        guard let folder else { return [:] }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var files: [String: UnpackedPhoto] = [:]
        var unreadable: Set<String> = []
        for photo in batch.photos where !skipping.contains(photo.sourceID) {
            let target = folder.appendingPathComponent(UUID().uuidString)
            do {
                guard let entry = entries[photo.path] else { throw ImportFailure.unreadable(photo.path) }
                let bytes = try archive.read(entry, limit: largestPhoto)
                try bytes.write(to: target)
                files[photo.sourceID] = UnpackedPhoto(file: target, sha256: FileDigest.sha256(bytes))
            } catch {
                if let full = DiskFull.cause(of: error) { throw full }
                batch.problems.append(.init(item: item(photo), reason: "\(error)", kind: .photos))
                unreadable.insert(photo.sourceID)
            }
        }
        batch.photos.removeAll { unreadable.contains($0.sourceID) }
        return files
    }
}
