import DaybookArchive
import DaybookCore
import Foundation
import NIOCore

#if canImport(Glibc)
    import Glibc
#endif

/// A folder of daily notes sent as a tar stream, written with the project's own `TarWriter` as the upload asks for
/// it: no copy of the folder is written first, and the server starts on the photos while the notes still arrive.
///
/// The folder is walked once before anything is sent, so a folder past the limits is refused at once and the
/// stream's length is known. Its images come first, then its notes: a server can check each photo while the rest of
/// the folder is on its way. Hidden files and folders and Logseq's `logseq/` folder are left out, symbolic links are
/// sent as links (the server names them and never follows them), and a file past its limit is sent cut to one byte
/// past it, so the server names it as too large without anyone reading the whole of it.
///
/// One upload reads it, a piece at a time (`next` is never called twice at once).
final class NotesFolderTar: @unchecked Sendable {
    /// Why a folder cannot be sent.
    struct Refusal: Error {
        var message: String
    }

    /// The largest upload the server takes.
    static let largestUpload = 1 << 30
    /// About how many bytes each piece of the stream holds.
    static let pieceBytes = 256 * 1024

    private struct Member {
        enum Content {
            /// The bytes sent: the file's, or one past its limit when it is larger.
            case file(URL, bytes: Int, cut: Bool)
            case link(target: String)
        }
        var path: String
        var content: Content
        var modified: Date
    }

    /// The bytes of the whole stream.
    let length: Int
    /// Files whose path is too long for a tar header, left out (and told on the terminal).
    let leftOut: [String]
    private let members: [Member]
    private var sent = 0
    private var writer = TarWriter(sink: PieceSink())
    private var finished = false

    /// Walks `folder`, counting what it will send.
    /// - Throws: `Refusal` when the folder holds more than `NotesFolder.Limits.files` notes and images, or more
    ///   bytes than an upload can be.
    init(_ folder: URL) throws {
        var walk = Walk()
        try walk.visit(folder, relative: "")
        members = walk.images + walk.others
        length = walk.length
        leftOut = walk.leftOut
    }

    /// The stream's next piece, nil after its end.
    /// - Throws: `Refusal` when a file changed size since the folder was walked (the upload must not send bytes
    ///   other than those counted), or the file's read error.
    func next() throws -> ByteBuffer? {
        while writer.sink.piece.readableBytes < Self.pieceBytes, !finished {
            guard sent < members.count else {
                _ = try writer.finish()
                finished = true
                break
            }
            let member = members[sent]
            sent += 1
            switch member.content {
            case .link(let target):
                try writer.addLink(name: member.path, target: target, modified: member.modified)
            case .file(let url, let bytes, let cut):
                let handle = try FileHandle(forReadingFrom: url)
                defer { try? handle.close() }
                let changed = Refusal(
                    message: "\(member.path) changed while it was being sent; import the folder again")
                try writer.add(name: member.path, size: Int64(bytes), modified: member.modified) { sink in
                    guard try sink.read(bytes, from: handle.fileDescriptor) == bytes else { throw changed }
                }
                // A whole file with a byte more than it had when the folder was walked grew since.
                if !cut, try handle.read(upToCount: 1)?.isEmpty == false { throw changed }
            }
        }
        guard writer.sink.piece.readableBytes > 0 else { return nil }
        let piece = writer.sink.piece
        writer = TarWriter(sink: PieceSink())
        return piece
    }

    /// The folder's notes and images, in the order they are sent.
    private struct Walk {
        var images: [Member] = []
        var others: [Member] = []
        var leftOut: [String] = []
        var count = 0
        /// Two empty blocks end the stream.
        var length = 1024

        mutating func visit(_ folder: URL, relative: String) throws {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            for name in names.sorted() where !name.hasPrefix(".") && name != "__MACOSX" {
                let path = relative + name
                let url = folder.appendingPathComponent(name)
                // The link itself, never what it points at.
                guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
                    let type = attributes[.type] as? FileAttributeType
                else { continue }
                let modified = attributes[.modificationDate] as? Date ?? Date(timeIntervalSince1970: 0)
                let role = NotesFolder.role(of: path)
                let member: Member
                switch type {
                case .typeDirectory:
                    if name != "logseq" { try visit(url, relative: path + "/") }
                    continue
                case .typeSymbolicLink:
                    guard role != .ignored else { continue }
                    let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) ?? ""
                    member = Member(path: path, content: .link(target: target), modified: modified)
                case .typeRegular:
                    guard role != .ignored else { continue }
                    let limit = role == .image ? Photo.Limits.bytes : NotesFolder.Limits.noteBytes
                    let size = (attributes[.size] as? Int) ?? 0
                    member = Member(
                        path: path, content: .file(url, bytes: min(size, limit + 1), cut: size > limit),
                        modified: modified)
                default:
                    continue
                }
                guard try counted(member) else { continue }
                if role == .image { images.append(member) } else { others.append(member) }
            }
        }

        /// Counts a file about to be sent, or leaves it out when its path does not fit a tar header.
        /// - Throws: `Refusal` past the number of files or the bytes an upload can be.
        private mutating func counted(_ member: Member) throws -> Bool {
            guard Tar.canName(member.path) else {
                leftOut.append(member.path)
                return false
            }
            count += 1
            guard count <= NotesFolder.Limits.files else {
                throw Refusal(
                    message: "it holds more than \(NotesFolder.Limits.files.formatted()) notes and images; "
                        + "import it in parts (a year's folder at a time)")
            }
            // Each file is a 512-byte header and its bytes padded to 512.
            if case .file(_, let bytes, _) = member.content { length += (bytes + 511) / 512 * 512 }
            length += 512
            guard length < NotesFolderTar.largestUpload else {
                throw Refusal(message: "its notes and images come to more than 1 GB; import it in parts")
            }
            return true
        }
    }
}

/// One piece of the upload: the tar's headers and padding, and files' bytes read straight into the buffer that is
/// sent.
private struct PieceSink: ByteSink {
    var piece = ByteBuffer()

    mutating func write(_ data: Data) throws { piece.writeBytes(data) }

    /// Reads up to `count` bytes of the open file `descriptor` into the piece.
    /// - Returns: how many there were (fewer at the file's end).
    mutating func read(_ count: Int, from descriptor: Int32) throws -> Int {
        piece.reserveCapacity(minimumWritableBytes: count)
        var total = 0
        while total < count {
            let got = try piece.writeWithUnsafeMutableBytes(minimumWritableBytes: 0) { buffer in
                let got = Glibc.read(descriptor, buffer.baseAddress, min(buffer.count, count - total))
                guard got >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
                return got
            }
            if got == 0 { break }
            total += got
        }
        return total
    }
}
