import DaybookCore
import Foundation
import GRDB

extension DatabaseSnapshot {
    /// Ranks first, then marks: the ranked ids come from the index alone (joined to the entries only when a
    /// filter needs them), and `snippet()`/`highlight()` run for the one page of hits, not for every match.
    func searchJournal(_ query: JournalSearchQuery) throws -> JournalSearchPage {
        guard let pattern = SearchPattern(query.text, prefix: query.matchesPrefix) else {
            return JournalSearchPage(hits: [], hasMore: false)
        }
        let table = SearchIndex.table
        var filters: [String] = []
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
        let sql =
            filters.isEmpty
            ? "SELECT rowid FROM \(table) WHERE \(table) MATCH ? ORDER BY rank LIMIT ? OFFSET ?"
            : """
            SELECT \(table).rowid FROM \(table) JOIN journalEntry e ON e.number = \(table).rowid
            WHERE \(table) MATCH ? AND \(filters.joined(separator: " AND ")) ORDER BY rank LIMIT ? OFFSET ?
            """
        var numbers = try Int64.fetchAll(db.cachedStatement(sql: sql), arguments: arguments)
        let hasMore = numbers.count > query.limit
        if hasMore { numbers.removeLast() }

        let (open, close) = Self.marks
        let marked = try db.cachedStatement(
            sql: """
                SELECT \(JournalEntrySummary.columns),
                  highlight(\(table), 0, '\(open)', '\(close)') AS markedTitle,
                  snippet(\(table), 1, '\(open)', '\(close)', '…', \(Self.snippetTokens)) AS markedSnippet
                FROM \(table) JOIN journalEntry e ON e.number = \(table).rowid
                WHERE \(table) MATCH ? AND \(table).rowid = ?
                """)
        var hits: [JournalSearchHit] = []
        for number in numbers {
            guard let row = try Row.fetchOne(marked, arguments: [pattern.raw, number]),
                let entry = JournalEntrySummary(row: row)
            else { continue }
            let title = HighlightedText(marked: row["markedTitle"] ?? "", open: open, close: close)
            let snippet = HighlightedText(marked: row["markedSnippet"] ?? "", open: open, close: close)
            hits.append(
                JournalSearchHit(entry: entry, title: pattern.refined(title), snippet: pattern.refined(snippet)))
        }
        return JournalSearchPage(hits: hits, hasMore: hasMore)
    }

    /// Private-use characters around matches, parsed out before anything leaves the store.
    static let marks: (Character, Character) = ("\u{E000}", "\u{E001}")
    /// Positions of text a snippet holds: about a dozen words, or as many CJK characters.
    static let snippetTokens = 24
}
