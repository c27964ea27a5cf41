import DaybookArchive
import DaybookCore
import Foundation

/// A notes folder's photos, each written into a file of its own as the upload arrives (by `NotesFolderUpload`), then
/// checked (decoded) and kept while the rest of the folder is still arriving: decoding is most of such an import's
/// time, and this way it overlaps the upload and the reading of the notes. The import then uses the photos its notes embed; `discardUnused` removes the others (an image no
/// note shows, or all of them when the import is refused).
///
/// Nothing here decides what is imported: a photo not taken out early (named oddly, too large, or arriving after a
/// failure) is taken out and checked by the import as before, and one taken out early that the import does not use
/// is removed.
package final class ArrivingPhotos: Sendable {
    package typealias Saver = @Sendable (_ file: URL, _ sha256: String) async throws -> Photo
    package typealias Discarder = @Sendable (Photo) async -> Void

    private struct Arrived: Sendable {
        /// Its name in the archive.
        var name: String
        var file: URL
        var sha256: String
    }

    private struct Saved: Sendable {
        var file: String
        var outcome: Result<Photo, any Error>
    }

    private struct State: Sendable {
        var stopped = false
        /// Files offered, by their name in the archive.
        var offered: Set<String> = []
        /// What became of each, once all are done.
        var outcomes: [String: Result<Photo, any Error>] = [:]
        var used: Set<String> = []
    }

    private let queue: AsyncStream<Arrived>.Continuation
    private let work: Task<[String: Result<Photo, any Error>], Never>
    private let state = Locked(State())
    private let skipping: Set<String>
    private let discard: Discarder

    /// - Parameters:
    ///   - skipping: photos an earlier import brought (by source id), never taken out again.
    ///   - save: checks and keeps a photo taken out, as the import would.
    ///   - discard: removes a photo kept here that the import did not use.
    package init(skipping: Set<String>, save: @escaping Saver, discard: @escaping Discarder) {
        self.skipping = skipping
        self.discard = discard
        let (arrivals, queue) = AsyncStream<Arrived>.makeStream()
        self.queue = queue
        let state = state
        work = Task {
            await withTaskGroup(of: Saved.self) { group in
                var outcomes: [String: Result<Photo, any Error>] = [:]
                var running = 0
                // Twice the cores: while one photo waits for the disk, another is decoded.
                let width = 2 * max(1, ProcessInfo.processInfo.activeProcessorCount)
                for await arrived in arrivals where !state.withLock({ $0.stopped }) {
                    if running >= width, let saved = await group.next() {
                        outcomes[saved.file] = saved.outcome
                        running -= 1
                    }
                    group.addTask {
                        do {
                            // On the disk before a row names it.
                            try await BackupRunner.offThePool { try UnpackedPhotoFiles.makeDurable(arrived.file) }
                            return Saved(
                                file: arrived.name, outcome: .success(try await save(arrived.file, arrived.sha256)))
                        } catch {
                            return Saved(file: arrived.name, outcome: .failure(error))
                        }
                    }
                    running += 1
                }
                for await saved in group { outcomes[saved.file] = saved.outcome }
                return outcomes
            }
        }
    }

    /// Whether the entry is an image a notes folder imports, not yet brought by an earlier import nor offered: its
    /// bytes then go to a file of its own, to be offered once they are all in.
    package func wants(_ entry: TarIndex.Entry) -> Bool {
        let name = entry.header.name
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        guard entry.header.isFile, (1...ImportService.largestPhoto).contains(entry.bytes.count),
            NotesFolder.role(of: name) == .image, !name.contains("\\"), !ImportService.leavesFolder(name)
        else { return false }
        // A photo's source id is its path from the folder's root, which is the name or the name inside its top
        // folder (known only once every name has arrived).
        let inside = parts.dropFirst().joined(separator: "/")
        guard !skipping.contains(NotesFolder.photoID(name)), !skipping.contains(NotesFolder.photoID(inside)) else {
            return false
        }
        return state.withLock { !$0.stopped && !$0.offered.contains(name) }
    }

    /// An image whose bytes have all arrived in `file` (hashing to `sha256`): made durable, checked and kept.
    package func offer(_ entry: TarIndex.Entry, file: URL, sha256: String) {
        let name = entry.header.name
        let offered = state.withLock { state in
            guard !state.stopped else { return false }
            return state.offered.insert(name).inserted
        }
        if offered { queue.yield(Arrived(name: name, file: file, sha256: sha256)) }
    }

    /// Takes out no more photos (the upload failed, or its stream is not what was expected).
    package func stop() {
        state.withLock { $0.stopped = true }
        queue.finish()
    }

    /// The files (by their name in the archive) taken out here.
    package var offered: Set<String> { state.withLock { $0.offered } }

    /// Waits until every photo offered is kept or refused.
    package func finish() async {
        queue.finish()
        let outcomes = await work.value
        state.withLock { $0.outcomes = outcomes }
    }

    /// The photo taken out of `file` (after `finish`), now used by the import; nil when it was not taken out here.
    /// - Throws: why it could not be kept, as the import would have found.
    package func photo(_ file: String) throws -> Photo? {
        let outcome = state.withLock { state in
            state.outcomes[file].map { outcome in
                state.used.insert(file)
                return outcome
            }
        }
        return try outcome?.get()
    }

    /// Removes every photo kept here that the import did not use, once all of them are done.
    package func discardUnused() async {
        stop()
        let outcomes = await work.value
        let used = state.withLock { $0.used }
        for case (let file, .success(let photo)) in outcomes where !used.contains(file) { await discard(photo) }
    }
}
