import DaybookCore

/// Encoded pages that depend only on what is stored, the owner's day and language, kept until one of those
/// changes: a second visit skips the queries, the presenter and the encoding, and only renders.
final class PageCache: Sendable {
    struct Key: Hashable, Sendable {
        /// Path and query.
        var address: String
        /// The store's revision when the page was read.
        var revision: Int
        var day: DayKey
        var language: AppLanguage
    }

    private let capacity: Int
    /// Most recently used last.
    private let entries = Locked<[(key: Key, page: PageRenderer.EncodedPage)]>([])

    init(capacity: Int = 8) {
        self.capacity = capacity
    }

    func page(for key: Key, make: () async throws -> PageRenderer.EncodedPage) async throws
        -> PageRenderer.EncodedPage
    {
        let hit = entries.withLock { entries -> PageRenderer.EncodedPage? in
            guard let index = entries.firstIndex(where: { $0.key == key }) else { return nil }
            let entry = entries.remove(at: index)
            entries.append(entry)
            return entry.page
        }
        if let hit { return hit }
        let page = try await make()
        entries.withLock { entries in
            // Older revisions will never be asked for again.
            entries.removeAll { $0.key.revision < key.revision || $0.key == key }
            entries.append((key, page))
            if entries.count > capacity { entries.removeFirst(entries.count - capacity) }
        }
        return page
    }
}
