import DaybookCore
import Foundation
import GRDB

/// A row of the `journalEntry` table.
struct JournalEntryRecord {
    var number: Int64?
    var id: String
    var moment: Date
    var day: String
    var timeZone: String
    var title: String
    var body: String
    var plainText: String
    var wordCount: Int
    var tags: String
    var isStarred: Bool
    var coverPhotoID: String?
    var latitude: Double?
    var longitude: Double?
    var placeName: String?
    var placeCountry: String?
    var createdAt: Date
    var updatedAt: Date
    var revision: Int
    var deletedAt: Date?
    /// When this version was made on its device; `nil` for one made as it was stored (`updatedAt`).
    var madeAt: Date?
    /// The editing session that made this version; `nil` for a writer that named none.
    var lineage: String?

    /// When this version was made, on the clock of the device that made it.
    var versionMadeAt: Date { madeAt ?? updatedAt }

    /// Read by column: entries are read on every journal page.
    init(row: Row) {
        number = row["number"]
        id = row["id"]
        moment = row["moment"]
        day = row["day"]
        timeZone = row["timeZone"]
        title = row["title"]
        body = row["body"]
        plainText = row["plainText"]
        wordCount = row["wordCount"]
        tags = row["tags"]
        isStarred = row["isStarred"]
        coverPhotoID = row["coverPhotoID"]
        latitude = row["latitude"]
        longitude = row["longitude"]
        placeName = row["placeName"]
        placeCountry = row["placeCountry"]
        createdAt = row["createdAt"]
        updatedAt = row["updatedAt"]
        revision = row["revision"]
        deletedAt = row["deletedAt"]
        madeAt = row["madeAt"]
        lineage = row["lineage"]
    }

    /// A new version of an entry; its words are counted from `plainText` unless `wordCount` gives them.
    init(
        id: String, _ content: JournalEntryContent, plainText: String, wordCount: Int? = nil, createdAt: Date,
        updatedAt: Date, revision: Int
    ) {
        self.id = id
        // Whole seconds: list cursors name a moment to the millisecond, and the column keeps milliseconds.
        moment = Date(timeIntervalSince1970: content.moment.timeIntervalSince1970.rounded(.down))
        day = content.day.description
        timeZone = content.timeZone
        title = content.title
        body = content.body
        self.plainText = plainText
        self.wordCount = wordCount ?? JournalText.wordCount(plainText)
        tags = content.tags.joined(separator: "\n")
        isStarred = content.isStarred
        coverPhotoID = content.coverPhotoID
        latitude = content.place?.coordinate.latitude
        longitude = content.place?.coordinate.longitude
        placeName = content.place?.name
        placeCountry = content.place?.country
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.revision = revision
    }

    var tagList: [String] { tags.isEmpty ? [] : tags.components(separatedBy: "\n") }

    /// The domain value, or `nil` for a row this version cannot read.
    var entry: JournalEntry? {
        guard let day = DayKey(string: day) else { return nil }
        return JournalEntry(
            id: id, moment: moment, day: day, timeZone: timeZone, title: title, body: body, plainText: plainText,
            wordCount: wordCount, tags: tagList, isStarred: isStarred, coverPhotoID: coverPhotoID,
            place: Place(latitude: latitude, longitude: longitude, name: placeName, country: placeCountry),
            createdAt: createdAt, updatedAt: updatedAt, revision: revision, deletedAt: deletedAt)
    }

    /// Inserts the row, its tags and (unless `indexingText` is false: a bulk write indexes its rows at the end,
    /// with `SearchIndex.insertEntries(after:)`) its index row; sets `number`.
    mutating func insert(_ db: Database, indexingText: Bool = true) throws {
        let statement = try db.cachedStatement(
            sql: """
                INSERT INTO journalEntry (id, moment, day, timeZone, title, body, plainText, wordCount, tags, isStarred,
                  coverPhotoID, latitude, longitude, placeName, placeCountry, createdAt, updatedAt, revision, deletedAt,
                  madeAt, lineage)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """
        )
        // A date is written through a date formatter; a new entry's two times are most often one, and its tags
        // repeat its moment.
        let created = createdAt.databaseValue
        let when = moment.databaseValue
        try statement.execute(arguments: [
            id, when, day, timeZone, title, body, plainText, wordCount, tags, isStarred, coverPhotoID, latitude,
            longitude, placeName, placeCountry, created, updatedAt == createdAt ? created : updatedAt.databaseValue,
            revision, deletedAt, madeAt, lineage,
        ])
        number = db.lastInsertedRowID
        try indexLive(db, indexingText: indexingText, moment: when)
    }

    /// Writes its tags and index row: for a new or restored entry. `moment` is its moment as the row keeps it,
    /// when the caller has it.
    func indexLive(_ db: Database, indexingText: Bool = true, moment when: DatabaseValue? = nil) throws {
        guard let number else { return }
        if indexingText { try SearchIndex.insert(db, number: number, title: title, plainText: plainText, tags: tags) }
        let insertTag = try db.cachedStatement(
            sql: "INSERT INTO journalTag (entryID, tagKey, tag, moment) VALUES (?, ?, ?, ?)")
        let when = when ?? moment.databaseValue
        for tag in tagList { try insertTag.execute(arguments: [id, JournalTags.key(tag), tag, when]) }
    }

    /// Takes its tags and index row out, as they were stored: before a change or a move to the trash.
    func unindex(_ db: Database) throws {
        guard let number else { return }
        try SearchIndex.delete(db, number: number, title: title, plainText: plainText, tags: tags)
        try db.cachedStatement(sql: "DELETE FROM journalTag WHERE entryID = ?").execute(arguments: [id])
    }

    static func fetchOne(_ db: Database, id: String) throws -> JournalEntryRecord? {
        try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM journalEntry WHERE id = ?"), arguments: [id])
            .map(JournalEntryRecord.init(row:))
    }
}

extension JournalEntrySummary {
    /// The columns `init(row:)` reads, of `journalEntry` named `e`.
    static let columns = """
        e.id AS id, e.moment AS moment, e.day AS day, e.title AS title,
        substr(e.plainText, 1, \(excerptLength)) AS excerpt, e.wordCount AS wordCount, e.tags AS tags,
        e.isStarred AS isStarred, e.coverPhotoID AS coverPhotoID, e.updatedAt AS updatedAt, e.revision AS revision,
        e.latitude AS latitude, e.longitude AS longitude, e.placeName AS placeName, e.placeCountry AS placeCountry,
        EXISTS (SELECT 1 FROM journalConflict c WHERE c.entryID = e.id AND c.resolvedAt IS NULL) AS hasConflict
        """

    /// Reads the columns of `columns`; `nil` for a row this version cannot read.
    init?(row: Row) {
        guard let day = DayKey(string: row["day"]) else { return nil }
        let tags: String = row["tags"]
        self.init(
            id: row["id"], moment: row["moment"], day: day, title: row["title"], excerpt: row["excerpt"],
            wordCount: row["wordCount"], tags: tags.isEmpty ? [] : tags.components(separatedBy: "\n"),
            isStarred: row["isStarred"], coverPhotoID: row["coverPhotoID"],
            place: Place(
                latitude: row["latitude"], longitude: row["longitude"], name: row["placeName"],
                country: row["placeCountry"]),
            updatedAt: row["updatedAt"], revision: row["revision"], hasConflict: row["hasConflict"] ?? false)
    }
}

extension Place {
    /// The place of a row's columns; `nil` when it has none (or one this version cannot read).
    init?(latitude: Double?, longitude: Double?, name: String?, country: String?) {
        guard let latitude, let longitude, let coordinate = Coordinate(latitude: latitude, longitude: longitude) else {
            return nil
        }
        self.init(coordinate: coordinate, name: name ?? "", country: country)
    }
}
