import DaybookCore
import DaybookStore
import Foundation

/// How long a kept page or answer stays right when nothing is written.
enum PageLifetime: Sendable {
    /// Pages of whole days: the Dashboard, a Daily Log.
    case day
    /// Pages that show the time: Today (what is due, how long until), the Timeline (the now-line).
    case minute
    /// Answers that show a running timer to the second and the server's clock (`GET /api/v1/focus`): kept a
    /// tenth of a second, so every answer is at most that old, far less than a clock shown in seconds needs,
    /// while a burst of polls from many windows shares one reading.
    case tick
}

/// What a kept page or answer depends on: its address, what is stored, the owner's day and language, and for
/// pages that show the time the minute (or the tenth of a second).
struct PageKey: Hashable, Sendable {
    /// Path and query.
    var address: String
    /// The store's revision when the page was read.
    var revision: Int
    var day: DayKey
    var language: AppLanguage
    /// Minutes (or tenths of a second) since 1970 for pages and answers that show the time.
    var moment: Int?

    init(address: String, database: AppDatabase, settings: Settings, now: Date, lifetime: PageLifetime) {
        self.address = address
        revision = database.revision
        day = DayKey(date: now, timeZone: settings.timeZone)
        language = settings.language
        moment =
            switch lifetime {
            case .day: nil
            case .minute: Int(now.timeIntervalSince1970 / 60)
            case .tick: Int(now.timeIntervalSince1970 * 10)
            }
    }
}

/// Pages (encoded view models) or API answers (JSON) that depend only on what a `PageKey` holds, kept until one
/// of those changes: a second visit skips the queries, the presenter and the encoding. Every write makes a new
/// revision, so a change shows at once; and after a write every open page refreshes on `/events`, all of them
/// sharing one making of each page.
final class PageCache<Value: Sendable>: Sendable {
    private let capacity: Int
    /// Most recently used last.
    private let entries = Locked<[(key: PageKey, value: Value)]>([])

    init(capacity: Int = 16) {
        self.capacity = capacity
    }

    func value(for key: PageKey, make: () async throws -> Value) async throws -> Value {
        let hit = entries.withLock { entries -> Value? in
            guard let index = entries.firstIndex(where: { $0.key == key }) else { return nil }
            let entry = entries.remove(at: index)
            entries.append(entry)
            return entry.value
        }
        if let hit { return hit }
        let value = try await make()
        entries.withLock { entries in
            // Older revisions will never be asked for again.
            entries.removeAll { $0.key.revision < key.revision || $0.key == key }
            entries.append((key, value))
            if entries.count > capacity { entries.removeFirst(entries.count - capacity) }
        }
        return value
    }
}
