import DaybookArchive
import DaybookCore
import Foundation

/// A notes folder's tar stream written as it is received (`daybook import markdown` sends one, its images first):
/// each image `ArrivingPhotos` takes goes straight into a file of its own, hashed on the way, and is handed over as
/// soon as its last byte is in; everything else goes into the upload's file at its place in the stream (a gap is
/// left where each such image was), and where each file is is noted, so the stream is not read again. Anything else
/// (a ZIP from the Backups page) is written as it comes, to be read once it has arrived.
package struct NotesFolderUpload {
    private var index = TarIndex()
    /// Bytes of the upload received so far.
    private var received = 0
    private var head = Data()
    /// The notes folder's files (`isNotesFolderFile`), no more than a folder may hold.
    private var entries: [TarIndex.Entry] = []
    /// Whether the stream is still read: not once it proves not to be tar, damaged or past the limits.
    private var reading = true
    private let photos: ArrivingPhotos?
    private let folder: URL
    /// The image being written to a file of its own.
    private var image: (entry: TarIndex.Entry, file: URL, handle: FileHandle, digest: FileDigest)?

    /// - Parameters:
    ///   - photos: takes images as they arrive; nil for a dry run, which keeps none.
    ///   - folder: where those images are written.
    package init(photos: ArrivingPhotos?, into folder: URL) {
        self.photos = photos
        self.folder = folder
    }

    /// The stream's entries, when it was a whole, undamaged tar stream within a notes folder's limits; otherwise
    /// nil, and the import reads the file itself (and names what is wrong).
    package func finished() -> [TarIndex.Entry]? {
        guard reading, (try? index.finish()) != nil else { return nil }
        return entries
    }

    /// Writes the next piece of the upload.
    /// - Throws: the files' errors (a full disk); never a problem of the stream, which the import names later.
    package mutating func write(_ piece: UnsafeRawBufferPointer, to upload: FileHandle) throws {
        let start = received
        received += piece.count
        // The parts of the piece that go into the upload's file.
        var kept: [Range<Int>] = []
        var cursor = 0
        if reading && head.count < Tar.block {
            head.append(contentsOf: piece.prefix(Tar.block - head.count))
            if head.count == Tar.block, !ImportService.isTarHead(head) { stop() }
        }
        if reading {
            do {
                try index.read(piece) { entry, part in
                    let offset = part.baseAddress! - piece.baseAddress!
                    if image == nil, start + offset == entry.bytes.lowerBound, photos?.wants(entry) == true {
                        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                        let file = folder.appendingPathComponent(UUID().uuidString)
                        guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
                            throw CocoaError(.fileWriteUnknown)
                        }
                        image = (entry, file, try FileHandle(forWritingTo: file), FileDigest())
                    }
                    guard image?.entry == entry else { return }
                    kept.append(cursor..<offset)
                    cursor = offset + part.count
                    try image?.handle.write(contentsOf: part)
                    image?.digest.update(part)
                } found: { entry in
                    guard ImportService.isNotesFolderFile(entry.header) else { return }
                    entries.append(entry)
                    guard entries.count <= NotesFolder.Limits.files else { throw ImportService.tooManyFiles }
                    guard let image, image.entry == entry else { return }
                    try image.handle.close()
                    photos?.offer(entry, file: image.file, sha256: image.digest.hex())
                    self.image = nil
                }
            } catch is Tar.Failure {
                stop()
            } catch ImportBatch.Problem.unreadable {
                stop()
            }
            if !reading { (kept, cursor) = ([], 0) }
        }
        kept.append(cursor..<piece.count)
        for part in kept where !part.isEmpty {
            try upload.seek(toOffset: UInt64(start + part.lowerBound))
            try upload.write(contentsOf: UnsafeRawBufferPointer(rebasing: piece[part]))
        }
    }

    /// Reads no further: the stream is not tar, is damaged or is past the limits.
    private mutating func stop() {
        reading = false
        entries = []
        if let image {
            try? image.handle.close()
            try? FileManager.default.removeItem(at: image.file)
            self.image = nil
        }
        photos?.stop()
    }
}
