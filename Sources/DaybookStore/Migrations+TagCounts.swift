import GRDB

extension AppDatabase {
    /// How many entries carry each tag, kept as tags are written (frozen once shipped): the Journal page lists
    /// them on every visit, and counting them meant reading every tag of every entry (14 ms of the page's
    /// 28 ms at 100,000 entries). A tag is shown as the first of its spellings in sort order, as before.
    static func registerTagCountsMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v21 tag counts") { db in
            try db.execute(
                sql: """
                    CREATE TABLE journalTagCount (
                      tagKey TEXT PRIMARY KEY NOT NULL, tag TEXT NOT NULL, count INTEGER NOT NULL
                    ) WITHOUT ROWID;
                    INSERT INTO journalTagCount (tagKey, tag, count)
                      SELECT tagKey, MIN(tag), COUNT(*) FROM journalTag GROUP BY tagKey;
                    CREATE TRIGGER journalTag_counted AFTER INSERT ON journalTag BEGIN
                      INSERT INTO journalTagCount (tagKey, tag, count) VALUES (NEW.tagKey, NEW.tag, 1)
                      ON CONFLICT (tagKey) DO UPDATE SET count = count + 1, tag = MIN(tag, excluded.tag);
                    END;
                    CREATE TRIGGER journalTag_uncounted AFTER DELETE ON journalTag BEGIN
                      DELETE FROM journalTagCount WHERE tagKey = OLD.tagKey AND count <= 1;
                      UPDATE journalTagCount SET count = count - 1 WHERE tagKey = OLD.tagKey;
                      UPDATE journalTagCount SET tag = (SELECT MIN(tag) FROM journalTag WHERE tagKey = OLD.tagKey)
                      WHERE tagKey = OLD.tagKey AND tag = OLD.tag
                        AND NOT EXISTS (SELECT 1 FROM journalTag WHERE tagKey = OLD.tagKey AND tag = OLD.tag);
                    END;
                    """)
        }
    }
}
