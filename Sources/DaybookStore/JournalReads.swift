import DaybookCore
import Foundation
import GRDB

extension DatabaseSnapshot {
    func journalEntry(id: String) throws -> JournalEntry? {
        try JournalEntryRecord.fetchOne(db, id: id)?.entry
    }

    /// Keyset paging on (moment, id) through an index: every page costs the same, however deep.
    func journalEntries(_ query: JournalListQuery) throws -> JournalPage {
        let columns = JournalEntrySummary.columns
        let starred = query.starredOnly ? "AND e.isStarred" : ""
        var arguments: StatementArguments = []
        let sql: String
        if let tag = query.tag {
            arguments += [JournalTags.key(tag)]
            let after = query.after.map {
                arguments += [$0.moment, $0.id]
                return "AND (t.moment, t.entryID) < (?, ?)"
            }
            sql = """
                SELECT \(columns) FROM journalTag t JOIN journalEntry e ON e.id = t.entryID
                WHERE t.tagKey = ? \(after ?? "") \(starred)
                ORDER BY t.moment DESC, t.entryID DESC LIMIT ?
                """
        } else {
            let after = query.after.map {
                arguments += [$0.moment, $0.id]
                return "AND (moment, id) < (?, ?)"
            }
            sql = """
                SELECT \(columns) FROM journalEntry e
                WHERE deletedAt IS NULL \(starred) \(after ?? "")
                ORDER BY moment DESC, id DESC LIMIT ?
                """
        }
        arguments += [query.limit + 1]
        let page = Self.page(
            try Row.fetchAll(db.cachedStatement(sql: sql), arguments: arguments)
                .compactMap(JournalEntrySummary.init(row:)), limit: query.limit
        ) { JournalCursor(moment: $0.moment, id: $0.id) }
        return JournalPage(entries: page.entries, next: page.next)
    }

    /// Rows read `limit + 1` at a time: the first `limit`, and the cursor of the last of them when more follow.
    private static func page<Entry>(
        _ rows: [Entry], limit: Int, cursor: (Entry) -> JournalCursor
    ) -> (entries: [Entry], next: JournalCursor?) {
        guard rows.count > limit else { return (rows, nil) }
        let entries = Array(rows.prefix(limit))
        return (entries, entries.last.map(cursor))
    }

    /// Keyset paging on (moment, id), as `journalEntries`, reading each entry whole.
    func wholeJournalEntries(after: JournalCursor?, limit: Int) throws -> (
        entries: [JournalEntry], next: JournalCursor?
    ) {
        var arguments: StatementArguments = []
        let after = after.map {
            arguments += [$0.moment, $0.id]
            return "AND (moment, id) < (?, ?)"
        }
        arguments += [limit + 1]
        let sql = """
            SELECT * FROM journalEntry
            WHERE deletedAt IS NULL \(after ?? "")
            ORDER BY moment DESC, id DESC LIMIT ?
            """
        return Self.page(
            try Row.fetchAll(db.cachedStatement(sql: sql), arguments: arguments)
                .compactMap { JournalEntryRecord(row: $0).entry }, limit: limit
        ) { JournalCursor(moment: $0.moment, id: $0.id) }
    }

    func wholeJournalEntries(ids: [String]) throws -> [JournalEntry] {
        guard !ids.isEmpty else { return [] }
        let marks = databaseQuestionMarks(count: ids.count)
        let sql =
            "SELECT * FROM journalEntry WHERE id IN (\(marks)) AND deletedAt IS NULL ORDER BY moment DESC, id DESC"
        return try Row.fetchAll(db, sql: sql, arguments: StatementArguments(ids))
            .compactMap { JournalEntryRecord(row: $0).entry }
    }

    func journalTagCounts() throws -> [JournalTagCount] {
        try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT tag, count FROM journalTagCount ORDER BY count DESC, tagKey
                    """)
        ).map { JournalTagCount(tag: $0["tag"], count: $0["count"]) }
    }

    func journalDays(from first: DayKey, through last: DayKey) throws -> [JournalDay] {
        guard first <= last else { return [] }
        var days: [DayKey: JournalDay] = [:]
        let rows = try Row.fetchCursor(
            db.cachedStatement(
                sql: """
                    SELECT day, coverPhotoID FROM journalEntry
                    WHERE deletedAt IS NULL AND day BETWEEN ? AND ? ORDER BY day, moment DESC
                    """), arguments: [first.description, last.description])
        while let row = try rows.next() {
            guard let day = DayKey(string: row[0]) else { continue }
            var summary = days[day] ?? JournalDay(day: day, entryCount: 0, coverPhotoID: nil, hasDailyLog: false)
            summary.entryCount += 1
            if summary.coverPhotoID == nil { summary.coverPhotoID = row[1] }
            days[day] = summary
        }
        let logs = try String.fetchAll(
            db.cachedStatement(sql: "SELECT day FROM dailyLog WHERE day BETWEEN ? AND ?"),
            arguments: [first.description, last.description])
        for key in logs {
            guard let day = DayKey(string: key) else { continue }
            days[day, default: JournalDay(day: day, entryCount: 0, coverPhotoID: nil, hasDailyLog: false)]
                .hasDailyLog = true
        }
        return days.values.sorted { $0.day < $1.day }
    }

    /// February 29th is remembered on February 29th only.
    func journalEntriesOnThisDay(_ day: DayKey, limit: Int) throws -> [JournalEntrySummary] {
        let monthDay = String(day.description.dropFirst(5))
        return try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT \(JournalEntrySummary.columns) FROM journalEntry e
                    WHERE deletedAt IS NULL AND substr(day, 6) = ? AND day < ?
                    ORDER BY day DESC, moment DESC LIMIT ?
                    """), arguments: [monthDay, day.startOfYear.description, max(limit, 0)]
        ).compactMap(JournalEntrySummary.init(row:))
    }

    func trashedJournalEntries() throws -> [JournalEntrySummary] {
        try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT \(JournalEntrySummary.columns) FROM journalEntry e
                    WHERE deletedAt IS NOT NULL ORDER BY deletedAt DESC, id DESC
                    """)
        ).compactMap(JournalEntrySummary.init(row:))
    }
}

extension DayKey {
    /// January 1st of this day's year.
    fileprivate var startOfYear: DayKey { DayKey(year: year, month: 1, day: 1) ?? self }
}
