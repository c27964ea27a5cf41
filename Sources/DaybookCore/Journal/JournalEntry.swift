import Foundation

/// A journal entry: a moment of the owner's life, with a title, a Markdown body, tags and an optional cover photo.
public struct JournalEntry: Equatable, Sendable, Codable {
    /// An opaque id given by the store's caller (an `IDGenerator`).
    public var id: String
    /// When it happened (editable; not when it was written).
    public var moment: Date
    /// The owner's local day `moment` falls on, in `timeZone`.
    public var day: DayKey
    /// The time zone the entry was written in, as an identifier (`Asia/Seoul`).
    public var timeZone: String
    public var title: String
    /// Markdown, as typed.
    public var body: String
    /// The body rendered to plain text, for search, excerpts and the word count.
    public var plainText: String
    public var wordCount: Int
    /// Trimmed, unique ignoring case, in the order given.
    public var tags: [String]
    public var isStarred: Bool
    /// The photo shown on lists and the calendar.
    public var coverPhotoID: String?
    /// Where it was written; `nil` when the owner did not say.
    public var place: Place?
    public var createdAt: Date
    public var updatedAt: Date
    /// 1 when created, one more with every saved edit; a save names the revision it started from.
    public var revision: Int
    /// When it was moved to the trash; `nil` for a live entry.
    public var deletedAt: Date?

    public init(
        id: String, moment: Date, day: DayKey, timeZone: String, title: String, body: String, plainText: String,
        wordCount: Int, tags: [String], isStarred: Bool, coverPhotoID: String?, place: Place? = nil, createdAt: Date,
        updatedAt: Date, revision: Int, deletedAt: Date? = nil
    ) {
        self.id = id
        self.moment = moment
        self.day = day
        self.timeZone = timeZone
        self.title = title
        self.body = body
        self.plainText = plainText
        self.wordCount = wordCount
        self.tags = tags
        self.isStarred = isStarred
        self.coverPhotoID = coverPhotoID
        self.place = place
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.revision = revision
        self.deletedAt = deletedAt
    }

    /// Explicit limits, shown to people when they are crossed.
    public enum Limits {
        /// Characters in a title.
        public static let titleLength = 200
        /// Bytes of a body in UTF-8 (1 MiB).
        public static let bodyBytes = 1 << 20
        /// Characters in one tag.
        public static let tagLength = 1...40
        /// Tags on one entry.
        public static let tagsPerEntry = 20
        /// Days an entry stays in the trash before it may be purged.
        public static let trashDays = 30
        /// The years an entry's moment may fall in.
        public static let years = 1900...9999
    }
}

extension JournalEntry {
    /// What a save writes of it.
    public var content: JournalEntryContent {
        JournalEntryContent(
            moment: moment, day: day, timeZone: timeZone, title: title, body: body, tags: tags, isStarred: isStarred,
            coverPhotoID: coverPhotoID, place: place)
    }
}

/// What lists, the calendar and "On this day" show of an entry: no body, an excerpt of its plain text.
public struct JournalEntrySummary: Equatable, Sendable, Codable {
    public var id: String
    public var moment: Date
    public var day: DayKey
    public var title: String
    /// The start of the plain text, at most `JournalEntrySummary.excerptLength` characters.
    public var excerpt: String
    public var wordCount: Int
    public var tags: [String]
    public var isStarred: Bool
    public var coverPhotoID: String?
    public var place: Place?
    public var updatedAt: Date
    public var revision: Int
    /// Whether it was changed on two devices and waits for the person to choose a version.
    public var hasConflict: Bool

    /// Characters of plain text kept in `excerpt`.
    public static let excerptLength = 240

    public init(
        id: String, moment: Date, day: DayKey, title: String, excerpt: String, wordCount: Int, tags: [String],
        isStarred: Bool, coverPhotoID: String?, place: Place? = nil, updatedAt: Date, revision: Int,
        hasConflict: Bool = false
    ) {
        self.id = id
        self.moment = moment
        self.day = day
        self.title = title
        self.excerpt = excerpt
        self.wordCount = wordCount
        self.tags = tags
        self.isStarred = isStarred
        self.coverPhotoID = coverPhotoID
        self.place = place
        self.updatedAt = updatedAt
        self.revision = revision
        self.hasConflict = hasConflict
    }
}

/// The validated, normalized content of an entry: what a save writes, apart from its plain text.
public struct JournalEntryContent: Equatable, Sendable {
    public var moment: Date
    public var day: DayKey
    public var timeZone: String
    public var title: String
    public var body: String
    public var tags: [String]
    public var isStarred: Bool
    public var coverPhotoID: String?
    public var place: Place?

    public init(
        moment: Date, day: DayKey, timeZone: String, title: String, body: String, tags: [String], isStarred: Bool,
        coverPhotoID: String?, place: Place? = nil
    ) {
        self.moment = moment
        self.day = day
        self.timeZone = timeZone
        self.title = title
        self.body = body
        self.tags = tags
        self.isStarred = isStarred
        self.coverPhotoID = coverPhotoID
        self.place = place
    }
}
