import DaybookCore
import DaybookStore
import Foundation

/// Journal entries for tests, written in Seoul time at a fixed now.
public struct JournalFixture: Sendable {
    /// 2026-11-21 12:00 in Seoul.
    public let now = Date(timeIntervalSince1970: 1_795_230_000)
    public let timeZone = Fixtures.seoul

    public init() {}

    /// Validated content, as the editor would save it.
    public func content(
        _ title: String, _ body: String, day: String = "2026-11-21", time: String = "09:00", tags: [String] = [],
        starred: Bool = false, cover: String? = nil
    ) throws -> JournalEntryContent {
        try JournalEntryDraft(
            title: title, body: body, tags: tags, starred: starred, coverPhotoID: cover, date: "\(day)T\(time)"
        ).validated(now: now, timeZone: timeZone)
    }

    /// Saves an entry whose id is `entry-` and its title, unless one is given; the body is its own plain text.
    @discardableResult
    public func add(
        _ database: AppDatabase, _ title: String, _ body: String, day: String = "2026-11-21", time: String = "09:00",
        tags: [String] = [], starred: Bool = false, cover: String? = nil, id: String? = nil
    ) async throws -> JournalEntry {
        try await database.createEntry(
            id: id ?? "entry-\(title)",
            try content(title, body, day: day, time: time, tags: tags, starred: starred, cover: cover),
            plainText: body, origin: nil, at: now)
    }

    /// A fresh database holding these (title, body) entries, an hour apart on the same day.
    public func database(_ entries: [(String, String)]) async throws -> AppDatabase {
        let database = try await Fixtures.database()
        for (index, (title, body)) in entries.enumerated() {
            try await add(database, title, body, time: String(format: "%02d:00", 8 + index % 12))
        }
        return database
    }
}
