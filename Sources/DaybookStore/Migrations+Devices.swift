import GRDB

extension AppDatabase {
    /// Signed-in browsers that can be seen and ended, and one-time pairing links (frozen once shipped). A session
    /// gets a public id (the end of its digest), the device name its browser gave, and when it was last seen: a
    /// login now lasts from its last use. A device ended in Settings keeps its row, marked `endedAt`, until it would
    /// have expired, so its next visit can be told to forget the device's copy (a lapsed one is not: its unsent
    /// changes wait for the next login). A pairing link is kept as the digest of its code.
    static func registerDevicesMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v22 devices") { db in
            try db.execute(
                sql: """
                    ALTER TABLE loginSession ADD COLUMN id TEXT;
                    ALTER TABLE loginSession ADD COLUMN deviceName TEXT NOT NULL DEFAULT '';
                    ALTER TABLE loginSession ADD COLUMN lastSeenAt DATETIME;
                    ALTER TABLE loginSession ADD COLUMN endedAt DATETIME;
                    UPDATE loginSession SET id = substr(digest, -16), lastSeenAt = createdAt;
                    CREATE UNIQUE INDEX loginSession_id ON loginSession (id);
                    CREATE TABLE pairingLink (
                      digest TEXT PRIMARY KEY NOT NULL,
                      createdAt DATETIME NOT NULL,
                      expiresAt DATETIME NOT NULL,
                      usedAt DATETIME
                    ) WITHOUT ROWID;
                    """)
        }
    }
}
