import DaybookArchive
import DaybookCore
import Foundation
import ZIPFoundation

/// A folder of daily notes as a ZIP (the Backups page uploads one) or a tar stream (`daybook import markdown FOLDER`
/// sends one, written by `TarWriter`): once the container is read, both are the same list of files, and each note
/// is read on its own, with a limit on its bytes, so neither a huge file nor many files hold much memory.
///
/// Names inside the archive only ever pick an entry, never a path on disk: a name that climbs out of the folder
/// (`../`) or starts at `/` is a problem, and so is a symbolic link (never followed). An archive of more than
/// `NotesFolder.Limits.files` entries is refused before any is read.
extension ImportService {
    /// A notes folder's files as its container holds them: names in the container's order (folders left out),
    /// whether each is a link, and a file's bytes read by its name, stopping past a limit.
    package struct NotesFolderFiles {
        package var files: [(name: String, isLink: Bool)]
        /// - Throws: `ImportBatch.Problem.tooLarge` past the limit, `.unreadable` when the file is damaged.
        package var read: (_ name: String, _ limit: Int) throws -> Data
    }

    /// - Parameters:
    ///   - skipping: photos an earlier import brought (by source id), which are not unpacked again.
    ///   - takenOut: photos (by their file in the archive) already taken out while the upload arrived.
    ///   - scanned: the tar stream's entries, when they were found as it was received.
    package static func notesFolder(
        _ file: URL, timeZone: TimeZone, photosInto folder: URL?, skipping: Set<String> = [],
        takenOut: Set<String> = [], scanned: [TarIndex.Entry]? = nil
    ) throws -> (
        ImportBatch, [String: UnpackedPhoto]
    ) {
        let container = try isTar(file) ? tarFiles(file, scanned: scanned) : zipFiles(file)
        var batch = ImportBatch()
        var notes: [(path: String, role: NotesFolder.Role, file: String)] = []
        var imageFiles: [(path: String, file: String)] = []
        // Some Windows tools write `\` between folders.
        let all = container.files.filter { !$0.name.hasPrefix("__MACOSX/") }
            .map { (name: $0.name.replacingOccurrences(of: "\\", with: "/"), file: $0.name, isLink: $0.isLink) }
        let root = commonFolder(all.map(\.name))
        for (name, file, isLink) in all {
            let relative = String(name.dropFirst(root.count))
            if leavesFolder(name) {
                let last = name.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? ""
                let kind = Self.kind(of: NotesFolder.role(of: last)) ?? .other
                batch.problems.append(.init(item: name, key: "import.problem.outsideFolder", kind: kind))
                continue
            }
            let role = NotesFolder.role(of: relative)
            guard let kind = Self.kind(of: role) else { continue }
            if isLink {
                batch.problems.append(.init(item: relative, key: "import.problem.link", kind: kind))
                continue
            }
            if role == .image {
                imageFiles.append((relative, file))
            } else {
                notes.append((relative, role, file))
            }
        }
        let images = NotesFolderImages(imageFiles)
        var firstOf: [String: String] = [:]
        var photoIDs: Set<String> = []
        for note in notes.sorted(by: { $0.path < $1.path }) {
            let data: Data
            do {
                data = try container.read(note.file, NotesFolder.Limits.noteBytes)
            } catch ImportBatch.Problem.tooLarge {
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
        let files = try unpackImages(
            &batch, from: container, into: folder,
            skipping: { skipping.contains($0.sourceID) || takenOut.contains($0.path) })
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

    package static let tooManyFiles = ImportBatch.Problem.unreadable(
        "it holds more than \(NotesFolder.Limits.files.formatted()) files; import the folder in parts "
            + "(a year's folder at a time)")

    /// Whether the file is a tar stream: ustar's mark in its first header.
    private static func isTar(_ file: URL) throws -> Bool {
        let handle = try FileHandle(forReadingFrom: file)
        defer { try? handle.close() }
        return isTarHead(try handle.read(upToCount: Tar.block) ?? Data())
    }

    /// Whether `head`, a stream's first 512 bytes, is a tar header: ustar's mark in it.
    package static func isTarHead(_ head: Data) -> Bool {
        head.count == Tar.block && head[head.startIndex + 257..<head.startIndex + 262] == Data("ustar".utf8)
    }

    /// Whether a name (with `/` between folders) leads out of the folder: from the root (`/`, `C:`) or up (`..`).
    package static func leavesFolder(_ name: String) -> Bool {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        return name.hasPrefix("/") || parts.contains("..") || parts.first?.last == ":"
    }

    /// A ZIP's files, read by ZIPFoundation; an archive of more entries than a notes folder may hold is refused,
    /// counting no further than the limit.
    private static func zipFiles(_ file: URL) throws -> NotesFolderFiles {
        do {
            var count = 0
            for _ in try Archive(url: file, accessMode: .read, pathEncoding: nil) {
                count += 1
                if count > NotesFolder.Limits.files { throw tooManyFiles }
            }
        } catch let failure as ImportBatch.Problem {
            throw failure
        } catch {
            throw ImportBatch.Problem.unreadable("it is not a ZIP archive, or the archive is damaged")
        }
        let archive = try open(file)
        var entries: [String: Entry] = [:]
        var files: [(name: String, isLink: Bool)] = []
        for entry in archive where entry.type != .directory && entries[entry.path] == nil {
            entries[entry.path] = entry
            files.append((entry.path, entry.type == .symlink))
        }
        return NotesFolderFiles(files: files) { name, limit in
            guard let entry = entries[name] else { throw ImportBatch.Problem.unreadable("\(name) is damaged") }
            return try archive.read(entry, limit: limit)
        }
    }

    /// A tar stream's files: `scanned`, the notes folder's entries found while it was received (as `scan` finds
    /// them), or else those `scan` finds reading it once; the bytes are then taken from the mapped file. Links, `../` and
    /// absolute names are kept, to be named as problems; folders and other entries (devices, extended headers) are
    /// passed over.
    private static func tarFiles(_ file: URL, scanned: [TarIndex.Entry]?) throws -> NotesFolderFiles {
        let entries = try scanned ?? scan(file)
        var files: [(name: String, isLink: Bool)] = []
        var ranges: [String: Range<Int>] = [:]
        for entry in entries where ranges[entry.header.name] == nil {
            files.append((entry.header.name, !entry.header.isFile))
            ranges[entry.header.name] = entry.bytes
        }
        let bytes = try Data(contentsOf: file, options: .alwaysMapped)
        return NotesFolderFiles(files: files) { name, limit in
            guard let range = ranges[name] else { throw ImportBatch.Problem.unreadable("\(name) is damaged") }
            guard range.count <= limit else { throw ImportBatch.Problem.tooLarge(limit: limit) }
            return Data(bytes[range])
        }
    }

    /// The notes folder's files in the tar stream in `file` (`isNotesFolderFile`), no more than a notes folder
    /// may hold.
    /// - Throws: `tooManyFiles`, or `ImportBatch.Problem.unreadable` for a damaged stream.
    private static func scan(_ file: URL) throws -> [TarIndex.Entry] {
        let handle = try FileHandle(forReadingFrom: file)
        defer { try? handle.close() }
        var chunks = FileChunks(handle)
        var index = TarIndex()
        var entries: [TarIndex.Entry] = []
        do {
            while let piece = try chunks.next() {
                try piece.withUnsafeBytes { bytes in
                    try index.read(bytes) { entry in
                        guard isNotesFolderFile(entry.header) else { return }
                        entries.append(entry)
                        if entries.count > NotesFolder.Limits.files { throw tooManyFiles }
                    }
                }
            }
            try index.finish()
        } catch let failure as ImportBatch.Problem {
            throw failure
        } catch {
            throw damagedTar
        }
        return entries
    }

    /// Whether a tar entry is one of a notes folder's files (or a link, to be named): not a folder, a device or an
    /// extended header.
    package static func isNotesFolderFile(_ header: Tar.Header) -> Bool {
        (header.isFile || header.linkTarget != nil) && !header.name.hasSuffix("/")
    }

    package static let damagedTar = ImportBatch.Problem.unreadable(
        "it is not a tar or ZIP archive, or the archive is damaged")

    /// The one folder every path is inside (`Vault/`), or "" when the archive holds the folder's contents. A jrnl
    /// folder journal of one year sent from its own folder holds only `2024/`: that is its layout, not a wrapper.
    package static func commonFolder(_ paths: [String]) -> String {
        guard let first = paths.first, let slash = first.firstIndex(of: "/") else { return "" }
        let folder = String(first[...slash])
        guard paths.allSatisfy({ $0.hasPrefix(folder) }) else { return "" }
        let isYear = folder.count == 5 && folder.dropLast().allSatisfy { $0.isASCII && $0.isNumber }
        return isYear && paths.contains(where: { NotesFolder.role(of: $0) == .jrnl }) ? "" : folder
    }

    /// The embedded images taken out of the archive into `folder` (none for a dry run), each at most a photo's
    /// size; one that cannot be read is a problem and the rest go on.
    private static func unpackImages(
        _ batch: inout ImportBatch, from container: NotesFolderFiles, into folder: URL?,
        skipping: (ImportBatch.Photo) -> Bool
    ) throws -> [String: UnpackedPhoto] {
        guard let folder else { return [:] }
        let unpacked = try UnpackedPhotoFiles.unpack(
            batch.photos.filter { !skipping($0) }, into: folder, problems: &batch.problems
        ) { photo in try container.read(photo.path, largestPhoto) }
        batch.photos.removeAll { unpacked.unreadable.contains($0.sourceID) }
        return unpacked.files
    }
}
