import DaybookCore
import Foundation
import GRDB

extension DatabaseSnapshot {
    /// One statement finds the page of hits, in the order asked for or decided; `SearchMarks` marks them.
    ///
    /// Best match orders by `bm25()` with a limit, so SQLite keeps only the best rows as it goes instead of
    /// sorting every match (FTS5's own `ORDER BY rank` sorts them all, with their positions); the entries are
    /// joined for the filters and for the page only. Ranking still scores every match, so a word in most of a
    /// large journal costs ~1.5 µs an entry: past the query's `commonMatches` matches (counted up to
    /// there, which reads only the index's list of entries), the search walks the entries newest first and
    /// asks the index whether each matches, which stops as soon as the page is full.
    func searchJournal(_ query: JournalSearchQuery) throws -> JournalSearchPage {
        guard let pattern = SearchPattern(query.text, prefix: query.matchesPrefix) else {
            return JournalSearchPage(hits: [], hasMore: false, order: query.order ?? .bestMatch)
        }
        let table = SearchIndex.table
        let common = try isCommon(pattern, mark: query.commonMatches)
        let order = query.order ?? (common ? .newest : .bestMatch)
        var filters: [String] = []
        var arguments: StatementArguments = []
        if let days = query.days {
            filters.append("e.day BETWEEN ? AND ?")
            arguments += [days.lowerBound.description, days.upperBound.description]
        }
        if query.starredOnly { filters.append("e.isStarred") }
        if let tag = query.tag {
            filters.append("EXISTS (SELECT 1 FROM journalTag t WHERE t.entryID = e.id AND t.tagKey = ?)")
            arguments += [JournalTags.key(tag)]
        }
        let sql: String
        switch order {
        case .bestMatch:
            let join = filters.isEmpty ? "" : "JOIN journalEntry e ON e.number = \(table).rowid"
            filters.insert("\(table) MATCH ?", at: 0)
            arguments = [pattern.raw] + arguments
            sql = """
                SELECT \(JournalEntrySummary.columns), e.plainText AS plainText
                FROM (
                  SELECT \(table).rowid AS number, \(SearchIndex.score) AS score FROM \(table) \(join)
                  WHERE \(filters.joined(separator: " AND ")) ORDER BY score, number DESC LIMIT ? OFFSET ?
                ) AS hit JOIN journalEntry e ON e.number = hit.number
                ORDER BY hit.score, hit.number DESC
                """
        case .newest:
            // The list's own index gives the order; the index of words answers for one entry at a time.
            filters.insert("e.deletedAt IS NULL", at: 0)
            filters.append("EXISTS (SELECT 1 FROM \(table) WHERE \(table) MATCH ? AND \(table).rowid = e.number)")
            arguments += [try oneByOne(pattern)]
            sql = """
                SELECT \(JournalEntrySummary.columns), e.plainText AS plainText FROM journalEntry e
                WHERE \(filters.joined(separator: " AND ")) ORDER BY e.moment DESC, e.id DESC LIMIT ? OFFSET ?
                """
        }
        arguments += [query.limit + 1, query.offset]
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
        return JournalSearchPage(hits: hits, hasMore: hasMore, order: order, isCommon: common)
    }

    /// The pattern to ask the index with about one entry at a time. For a word still being typed, FTS5 gathers
    /// the entries of every word it begins each time it is asked, unless the index keeps that prefix (three
    /// letters): asked once for each of 20 entries, a word in most of 100,000 cost 116 ms instead of 6. So the
    /// words it begins are looked up once, in the index's list of words, and asked for by name; a beginning
    /// of more than 50 words keeps the prefix.
    private func oneByOne(_ pattern: SearchPattern) throws -> String {
        guard let begun = pattern.begunWord, !SearchIndex.prefixLengths.contains(begun.count) else {
            return pattern.raw
        }
        let words = try String.fetchAll(
            db.cachedStatement(sql: "SELECT term FROM journalSearchTerms WHERE term >= ? AND term < ? LIMIT 51"),
            arguments: [begun, begun + "\u{10FFFF}"])
        guard (1...50).contains(words.count) else { return pattern.raw }
        return pattern.completed(by: words)
    }

    /// Whether more than `mark` live entries match: the index lists them in the
    /// order of their numbers, and counting stops one past the mark.
    private func isCommon(_ pattern: SearchPattern, mark: Int) throws -> Bool {
        let table = SearchIndex.table
        let count = try Int.fetchOne(
            db.cachedStatement(
                sql: "SELECT count(*) FROM (SELECT rowid FROM \(table) WHERE \(table) MATCH ? LIMIT ?)"),
            arguments: [pattern.raw, mark + 1])
        return (count ?? 0) > mark
    }

    /// Positions of text a snippet holds: about a dozen words, or as many CJK characters.
    static let snippetLength = 24
}
