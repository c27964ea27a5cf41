import DaybookCore
import Foundation
import GRDB

extension DatabaseSnapshot {
    /// One statement ranks the matches and reads the page of hits; `SearchMarks` marks them.
    ///
    /// The ranking orders by `bm25()` with a limit, so SQLite keeps only the best rows as it goes instead of
    /// sorting every match (FTS5's own `ORDER BY rank` sorts them all, with their positions); the entries are
    /// joined for the filters and for the page only.
    func searchJournal(_ query: JournalSearchQuery) throws -> JournalSearchPage {
        guard let pattern = SearchPattern(query.text, prefix: query.matchesPrefix) else {
            return JournalSearchPage(hits: [], hasMore: false)
        }
        let table = SearchIndex.table
        var filters = ["\(table) MATCH ?"]
        var arguments: StatementArguments = [pattern.raw]
        if let days = query.days {
            filters.append("e.day BETWEEN ? AND ?")
            arguments += [days.lowerBound.description, days.upperBound.description]
        }
        if query.starredOnly { filters.append("e.isStarred") }
        if let tag = query.tag {
            filters.append("EXISTS (SELECT 1 FROM journalTag t WHERE t.entryID = e.id AND t.tagKey = ?)")
            arguments += [JournalTags.key(tag)]
        }
        arguments += [query.limit + 1, query.offset]
        let join = filters.count > 1 ? "JOIN journalEntry e ON e.number = \(table).rowid" : ""
        let sql = """
            SELECT \(JournalEntrySummary.columns), e.plainText AS plainText
            FROM (
              SELECT \(table).rowid AS number, \(SearchIndex.score) AS score FROM \(table) \(join)
              WHERE \(filters.joined(separator: " AND ")) ORDER BY score, number DESC LIMIT ? OFFSET ?
            ) AS hit JOIN journalEntry e ON e.number = hit.number
            ORDER BY hit.score, hit.number DESC
            """
        var rows = try Row.fetchAll(db.cachedStatement(sql: sql), arguments: arguments)
        let hasMore = rows.count > query.limit
        if hasMore { rows.removeLast() }
        let marks = SearchMarks(pattern)
        let hits = rows.compactMap { row -> JournalSearchHit? in
            guard let entry = JournalEntrySummary(row: row) else { return nil }
            return JournalSearchHit(
                entry: entry, title: marks.highlighted(entry.title),
                snippet: marks.snippet(row["plainText"] ?? "", length: Self.snippetLength))
        }
        return JournalSearchPage(hits: hits, hasMore: hasMore)
    }

    /// Positions of text a snippet holds: about a dozen words, or as many CJK characters.
    static let snippetLength = 24
}
