import DaybookCore
import Foundation

/// An entry as it is shown: its body as safe HTML, and for a client the weather kept for it and the version
/// waiting beside it.
extension JournalInteractor {
    /// One live entry as a client is answered with it.
    ///
    /// - Throws: `Journal.Problem.notFound`, also for an entry in the trash.
    public func shown(id: String) async throws -> Journal.Shown {
        try await shown(existing(id), owner: owner())
    }

    /// `entry` with its HTML, its weather and its open conflict, in the owner's units.
    func shown(_ entry: JournalEntry, owner: Settings) async throws -> Journal.Shown {
        Journal.Shown(
            entry: entry, html: try await html(entry.body, language: owner.language),
            weather: try await weather.weather(for: entry),
            conflict: try await store.conflicts(entryID: entry.id).first(where: \.isOpen), units: owner.units)
    }

    /// `markdown` as safe HTML, with the pixel size of each of its photos so pages reserve their space; a note it
    /// adds is in `language`, else the owner's.
    public func html(_ markdown: String, language: AppLanguage? = nil) async throws -> String {
        var sizes: [UUID: MarkdownPhotoLookup.Size] = [:]
        // One read for all of them: this runs on every entry page, autosave and preview.
        for photo in try await photos.photos(ids: Array(Self.photoIDs(in: markdown).prefix(200))) {
            guard let uuid = UUID(uuidString: photo.id) else { continue }
            sizes[uuid] = MarkdownPhotoLookup.Size(width: photo.width, height: photo.height)
        }
        let shownIn = if let language { language } else { try await owner().language }
        return renderer.html(markdown, photos: MarkdownPhotoLookup(sizes), language: shownIn)
    }
}
