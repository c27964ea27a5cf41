import DaybookArchive
import DaybookCore
import Foundation

/// A folder of daily notes packed into a ZIP for the upload, as the server reads it: only its notes and images,
/// stored as they are (no compression: photos are compressed already, and notes are small).
///
/// Written here in one pass (each entry's header, its bytes, then the directory once at the end), since adding
/// entries one by one to an archive rewrites its directory each time. Hidden files and folders and Logseq's
/// `logseq/` folder are left out, symbolic links are packed as links (the server names them and never follows
/// them), and a file past its limit is packed cut to one byte past it, so the server names it as too large without
/// anyone reading the whole of it.
struct NotesFolderZip {
    /// Why a folder cannot be packed.
    struct Refusal: Error {
        var message: String
    }

    /// The largest upload the server takes.
    static let largestUpload = 1 << 30

    private var output: FileHandle
    private var directory = Data()
    private var offset = 0
    private(set) var count = 0

    /// Packs `folder` into `zip`.
    /// - Throws: `Refusal` when the folder holds more than `NotesFolder.Limits.files` notes and images, or more
    ///   bytes than an upload can be.
    static func pack(_ folder: URL, into zip: URL) throws {
        guard FileManager.default.createFile(atPath: zip.path, contents: nil) else {
            throw Refusal(message: "\(zip.path) cannot be written")
        }
        var writer = NotesFolderZip(output: try FileHandle(forWritingTo: zip))
        defer { try? writer.output.close() }
        try writer.walk(folder, relative: "")
        try writer.finish()
    }

    private init(output: FileHandle) { self.output = output }

    private mutating func walk(_ folder: URL, relative: String) throws {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names.sorted() where !name.hasPrefix(".") && name != "__MACOSX" {
            let path = relative + name
            let url = folder.appendingPathComponent(name)
            // The link itself, never what it points at.
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
                let type = attributes[.type] as? FileAttributeType
            else { continue }
            switch type {
            case .typeDirectory:
                if name != "logseq" { try walk(url, relative: path + "/") }
            case .typeSymbolicLink:
                guard NotesFolder.role(of: path) != .ignored else { continue }
                let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) ?? ""
                try add(path, Data(target.utf8), mode: 0o120777)
            case .typeRegular:
                let role = NotesFolder.role(of: path)
                guard role != .ignored else { continue }
                let limit = role == .image ? Photo.Limits.bytes : NotesFolder.Limits.noteBytes
                let handle = try FileHandle(forReadingFrom: url)
                defer { try? handle.close() }
                try add(path, try handle.read(upToCount: limit + 1) ?? Data(), mode: 0o100644)
            default:
                continue
            }
        }
    }

    private mutating func add(_ path: String, _ bytes: Data, mode: UInt32) throws {
        count += 1
        guard count <= NotesFolder.Limits.files else {
            throw Refusal(
                message: "it holds more than \(NotesFolder.Limits.files.formatted()) notes and images; "
                    + "import it in parts (a year's folder at a time)")
        }
        guard offset + bytes.count < Self.largestUpload else {
            throw Refusal(message: "its notes and images come to more than 1 GB; import it in parts")
        }
        let name = Data(path.utf8)
        let crc = ArchiveCRC32.checksum(bytes)
        var header = Data()
        header.append(le: 0x0403_4b50, 4)
        header.append(le: 20, 2)  // version needed
        header.append(le: 0x0800, 2)  // names in UTF-8
        header.append(le: 0, 2)  // stored
        header.append(le: 0, 2)  // time
        header.append(le: 0x21, 2)  // date: 1980-01-01
        header.append(le: Int(crc), 4)
        header.append(le: bytes.count, 4)
        header.append(le: bytes.count, 4)
        header.append(le: name.count, 2)
        header.append(le: 0, 2)
        header.append(name)
        var central = Data()
        central.append(le: 0x0201_4b50, 4)
        central.append(le: 0x0314, 2)  // made on Unix, version 2.0
        central.append(header[4..<30])
        central.append(le: 0, 2)  // comment
        central.append(le: 0, 2)  // disk
        central.append(le: 0, 2)  // internal attributes
        central.append(le: Int(mode) << 16, 4)
        central.append(le: offset, 4)
        central.append(name)
        directory.append(central)
        try output.write(contentsOf: header)
        try output.write(contentsOf: bytes)
        offset += header.count + bytes.count
    }

    private mutating func finish() throws {
        var end = Data()
        end.append(le: 0x0605_4b50, 4)
        end.append(le: 0, 2)
        end.append(le: 0, 2)
        end.append(le: count, 2)
        end.append(le: count, 2)
        end.append(le: directory.count, 4)
        end.append(le: offset, 4)
        end.append(le: 0, 2)
        try output.write(contentsOf: directory)
        try output.write(contentsOf: end)
    }
}

extension Data {
    fileprivate mutating func append(le value: Int, _ width: Int) {
        for index in 0..<width { append(UInt8(truncatingIfNeeded: value >> (8 * index))) }
    }
}
