import DaybookArchive
import DaybookCore
import Foundation

/// A folder of daily notes written as a tar stream for the upload, with the project's own `TarWriter`: only its
/// notes and images, each one's header then its bytes, in one pass.
///
/// Hidden files and folders and Logseq's `logseq/` folder are left out, symbolic links are written as links (the
/// server names them and never follows them), and a file past its limit is written cut to one byte past it, so the
/// server names it as too large without anyone reading the whole of it.
struct NotesFolderTar {
    /// Why a folder cannot be packed.
    struct Refusal: Error {
        var message: String
    }

    /// The largest upload the server takes.
    static let largestUpload = 1 << 30

    private var writer: TarWriter<FileSink>
    private var written = 0
    private(set) var count = 0
    /// Files whose path is too long for a tar header, left out (and told on the terminal).
    private(set) var leftOut: [String] = []

    /// Packs `folder` into `tar`.
    /// - Returns: the paths left out because they are too long for a tar header.
    /// - Throws: `Refusal` when the folder holds more than `NotesFolder.Limits.files` notes and images, or more
    ///   bytes than an upload can be.
    static func pack(_ folder: URL, into tar: URL) throws -> [String] {
        guard FileManager.default.createFile(atPath: tar.path, contents: nil) else {
            throw Refusal(message: "\(tar.path) cannot be written")
        }
        let handle = try FileHandle(forWritingTo: tar)
        defer { try? handle.close() }
        var packer = NotesFolderTar(writer: TarWriter(sink: FileSink(handle)))
        try packer.walk(folder, relative: "")
        _ = try packer.writer.finish()
        return packer.leftOut
    }

    private init(writer: TarWriter<FileSink>) { self.writer = writer }

    private mutating func walk(_ folder: URL, relative: String) throws {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names.sorted() where !name.hasPrefix(".") && name != "__MACOSX" {
            let path = relative + name
            let url = folder.appendingPathComponent(name)
            // The link itself, never what it points at.
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
                let type = attributes[.type] as? FileAttributeType
            else { continue }
            let modified = attributes[.modificationDate] as? Date ?? Date(timeIntervalSince1970: 0)
            switch type {
            case .typeDirectory:
                if name != "logseq" { try walk(url, relative: path + "/") }
            case .typeSymbolicLink:
                guard NotesFolder.role(of: path) != .ignored, try counted(path, bytes: 0) else { continue }
                let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) ?? ""
                try writer.addLink(name: path, target: target, modified: modified)
            case .typeRegular:
                let role = NotesFolder.role(of: path)
                guard role != .ignored else { continue }
                let limit = role == .image ? Photo.Limits.bytes : NotesFolder.Limits.noteBytes
                let handle = try FileHandle(forReadingFrom: url)
                defer { try? handle.close() }
                let bytes = try handle.read(upToCount: limit + 1) ?? Data()
                guard try counted(path, bytes: bytes.count) else { continue }
                try writer.add(name: path, data: bytes, modified: modified)
            default:
                continue
            }
        }
    }

    /// Counts a file about to be written, or leaves it out when its path does not fit a tar header.
    /// - Throws: `Refusal` past the number of files or the bytes an upload can be.
    private mutating func counted(_ path: String, bytes: Int) throws -> Bool {
        guard Tar.canName(path) else {
            leftOut.append(path)
            return false
        }
        count += 1
        guard count <= NotesFolder.Limits.files else {
            throw Refusal(
                message: "it holds more than \(NotesFolder.Limits.files.formatted()) notes and images; "
                    + "import it in parts (a year's folder at a time)")
        }
        // Each file is a 512-byte header and its bytes padded to 512; two empty blocks end the stream.
        written += 512 + (bytes + 511) / 512 * 512
        guard written + 1024 < Self.largestUpload else {
            throw Refusal(message: "its notes and images come to more than 1 GB; import it in parts")
        }
        return true
    }
}
