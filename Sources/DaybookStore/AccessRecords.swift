import DaybookCore
import Foundation
import GRDB

struct APITokenRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "apiToken"

    var id: String
    var name: String
    var digest: String
    var createdAt: Date
    var lastUsedAt: Date?
    var scope: String
    var expiresAt: Date?

    var token: APIToken {
        APIToken(
            id: id, name: name, createdAt: createdAt, lastUsedAt: lastUsedAt,
            // A scope this version does not know reaches no more than the widgets.
            scope: TokenScope(rawValue: scope) ?? .widgets, expiresAt: expiresAt)
    }
}

extension AppDatabase: AccessStore {
    public func passphraseHash() async throws -> String? {
        try await writer.read { db in try String.fetchOne(db, sql: "SELECT passphraseHash FROM owner WHERE id = 1") }
    }

    public func setPassphraseHash(_ encoded: String) async throws {
        try await write { db in
            try db.execute(
                sql: """
                    INSERT INTO owner (id, passphraseHash) VALUES (1, ?)
                    ON CONFLICT(id) DO UPDATE SET passphraseHash = excluded.passphraseHash
                    """, arguments: [encoded])
            try db.execute(sql: "DELETE FROM loginSession")
        }
    }

    public func createToken(_ token: APIToken, digest: String, limit: Int) async throws -> Bool {
        try await write { db in
            guard try APITokenRecord.fetchCount(db) < limit else { return false }
            try APITokenRecord(
                id: token.id, name: token.name, digest: digest, createdAt: token.createdAt,
                lastUsedAt: token.lastUsedAt,
                scope: token.scope.rawValue, expiresAt: token.expiresAt
            ).insert(db)
            return true
        }
    }

    public func tokens() async throws -> [APIToken] {
        try await writer.read { db in
            try APITokenRecord.order(Column("createdAt").desc).fetchAll(db).map(\.token)
        }
    }

    public func revokeToken(id: String) async throws -> Bool {
        try await write { db in try APITokenRecord.deleteOne(db, key: id) }
    }

    public func useToken(digest: String, at date: Date) async throws -> APIToken? {
        // Most uses only read: "last used" is written once a minute at most, so a polling widget costs no write.
        let found = try await writer.read { db in
            try APITokenRecord.fetchOne(
                db.cachedStatement(sql: "SELECT * FROM apiToken WHERE digest = ?"), arguments: [digest])
        }
        guard var record = found else { return nil }
        if let last = record.lastUsedAt, date.timeIntervalSince(last) < APIToken.Limits.lastUsedPrecision {
            return record.token
        }
        record.lastUsedAt = date
        let id = record.id
        try await write { db in
            try db.execute(sql: "UPDATE apiToken SET lastUsedAt = ? WHERE id = ?", arguments: [date, id])
        }
        return record.token
    }
}
