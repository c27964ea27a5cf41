import GRDB

/// The journal's full-text index: an FTS5 table over the title, plain text and tags of live entries, reading
/// its text from `journalEntry` (external content), so the text is stored once.
///
/// Its rows are written by the same transaction as the entry. Trashed entries are taken out of it.
enum SearchIndex {
    static let table = "journalSearch"
    /// bm25 weights of title, plain text and tags: a match in the title counts most, then the tags.
    static let weights = "10.0, 1.0, 4.0"
    /// The lengths of word beginnings the index keeps lists of entries for: three characters, for results while
    /// typing (CJK tokens are shorter: not affected).
    static let prefixLengths = [3]
    /// The index's `rank`.
    static let rank = "bm25(\(weights))"
    /// The same score as an expression, which a query can order by with a limit.
    static let score = "bm25(\(table), \(weights))"

    /// How many bytes of new words FTS5 gathers in memory before it writes them out as a segment of the index
    /// (its `hashsize` setting, kept in the index's `_config` table; 1 MiB unless set). An import indexes its
    /// entries in one statement: at 1 MiB, 10,000 entries of 250 words made a segment every ~150 entries, merged
    /// again and again as they piled up. A write of a few entries never gathers this much; the memory is given
    /// back when the statement ends.
    static let pendingBytes = 32 << 20

    /// Builds the index when it is missing or was built by another version of the tokenizer, and sets how much
    /// it gathers before writing.
    static func prepare(_ db: Database) throws {
        let built = try String.fetchOne(db, sql: "SELECT tokenizer FROM searchIndex")
        if try built != SearchTokenizer.name || !db.tableExists(table) { try rebuild(db) }
        let pending = try Int.fetchOne(db, sql: "SELECT v FROM \(table)_config WHERE k = 'hashsize'")
        if pending != pendingBytes { try setPendingBytes(db) }
    }

    private static func setPendingBytes(_ db: Database) throws {
        try db.execute(sql: "INSERT INTO \(table) (\(table), rank) VALUES ('hashsize', ?)", arguments: [pendingBytes])
    }

    /// Drops the index and builds it again from the live entries, with the current tokenizer.
    static func rebuild(_ db: Database) throws {
        try db.execute(sql: "DROP TABLE IF EXISTS \(table)")
        try db.create(virtualTable: table, using: FTS5()) { t in
            t.tokenizer = SearchTokenizer.tokenizerDescriptor()
            t.content = "journalEntry"
            t.contentRowID = "number"
            t.prefixes = Set(prefixLengths)
            t.column("title")
            t.column("plainText")
            t.column("tags")
        }
        try db.execute(sql: "INSERT INTO \(table) (\(table), rank) VALUES ('rank', ?)", arguments: [rank])
        // Set before the entries go in: the rebuild is the largest bulk write of all.
        try setPendingBytes(db)
        try db.execute(
            sql: """
                INSERT INTO \(table) (rowid, title, plainText, tags)
                SELECT number, title, plainText, tags FROM journalEntry WHERE deletedAt IS NULL
                """)
        try optimize(db)
        try db.execute(
            sql: """
                INSERT INTO searchIndex (id, tokenizer) VALUES (1, ?)
                ON CONFLICT (id) DO UPDATE SET tokenizer = excluded.tokenizer
                """, arguments: [SearchTokenizer.name])
    }

    /// Merges the index into one b-tree after a bulk write: fewer segments to read on every query.
    static func optimize(_ db: Database) throws {
        try db.execute(sql: "INSERT INTO \(table) (\(table)) VALUES ('optimize')")
    }

    /// Adds an entry's text.
    static func insert(_ db: Database, number: Int64, title: String, plainText: String, tags: String) throws {
        try db.cachedStatement(sql: "INSERT INTO \(table) (rowid, title, plainText, tags) VALUES (?, ?, ?, ?)")
            .execute(arguments: [number, title, plainText, tags])
    }

    /// Adds the text of every live entry numbered after `number`: the entries a bulk write (an import) just made.
    ///
    /// One statement, after the rows are written, rather than one per entry between them: an entry's insert fires
    /// the change feed's trigger, so SQLite opens a statement savepoint for it, and FTS5 writes its pending
    /// terms out as a new segment at every savepoint. Indexed between the rows, 10,000 entries made 10,000
    /// tiny segments to merge, and their import took twice as long.
    static func insertEntries(_ db: Database, after number: Int64) throws {
        try db.execute(
            sql: """
                INSERT INTO \(table) (rowid, title, plainText, tags)
                SELECT number, title, plainText, tags FROM journalEntry WHERE number > ? AND deletedAt IS NULL
                """, arguments: [number])
    }

    /// Takes an entry's text out; it must be the text it was added with (read it before changing the entry).
    static func delete(_ db: Database, number: Int64, title: String, plainText: String, tags: String) throws {
        try db.cachedStatement(
            sql: "INSERT INTO \(table) (\(table), rowid, title, plainText, tags) VALUES ('delete', ?, ?, ?, ?)"
        ).execute(arguments: [number, title, plainText, tags])
    }
}
