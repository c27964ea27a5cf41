import DaybookCore
import Foundation
import GRDB

struct LoginSessionRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "loginSession"

    var digest: String
    var id: String
    var deviceName: String
    var createdAt: Date
    var lastSeenAt: Date
    var expiresAt: Date
    /// When the owner ended it in Settings → Devices; kept until `expiresAt` so its device hears it was ended.
    var endedAt: Date?

    init(_ session: NewLoginSession) {
        digest = session.digest
        id = session.device.id
        deviceName = session.device.name
        createdAt = session.device.createdAt
        lastSeenAt = session.device.lastSeenAt
        expiresAt = session.device.expiresAt
    }

    var device: LoginDevice {
        LoginDevice(id: id, name: deviceName, createdAt: createdAt, lastSeenAt: lastSeenAt, expiresAt: expiresAt)
    }

    /// Stores the session, clearing out those that have expired.
    static func insert(_ session: NewLoginSession, _ db: Database) throws {
        try db.execute(sql: "DELETE FROM loginSession WHERE expiresAt <= ?", arguments: [session.device.createdAt])
        try LoginSessionRecord(session).insert(db)
    }
}

extension AppDatabase {
    public func createSession(_ session: NewLoginSession) async throws {
        try await write { db in try LoginSessionRecord.insert(session, db) }
    }

    public func useSession(digest: String, at date: Date, lifetime: TimeInterval, renewalPrecision: TimeInterval)
        async throws -> SessionUse?
    {
        // Most uses only read: a session is renewed once an hour at most, so page loads cost no write.
        let found = try await writer.read { db in
            try LoginSessionRecord.fetchOne(
                db.cachedStatement(
                    sql: "SELECT * FROM loginSession WHERE digest = ? AND expiresAt > ? AND endedAt IS NULL"),
                arguments: [digest, date])
        }
        guard var record = found else { return nil }
        guard date.timeIntervalSince(record.lastSeenAt) >= renewalPrecision else {
            return SessionUse(device: record.device, renewed: false)
        }
        record.lastSeenAt = date
        record.expiresAt = date.addingTimeInterval(lifetime)
        let renewed = record
        let stillThere = try await write { db in
            try db.execute(
                sql: "UPDATE loginSession SET lastSeenAt = ?, expiresAt = ? WHERE digest = ? AND endedAt IS NULL",
                arguments: [renewed.lastSeenAt, renewed.expiresAt, renewed.digest])
            return db.changesCount == 1
        }
        return stillThere ? SessionUse(device: record.device, renewed: true) : nil
    }

    public func deleteSession(digest: String) async throws {
        try await write { db in
            try db.execute(sql: "DELETE FROM loginSession WHERE digest = ?", arguments: [digest])
        }
    }

    public func sessions(at date: Date) async throws -> [LoginDevice] {
        try await writer.read { db in
            try LoginSessionRecord.filter(Column("expiresAt") > date && Column("endedAt") == nil)
                .order(Column("lastSeenAt").desc)
                .fetchAll(db).map(\.device)
        }
    }

    public func endSession(id: String, at date: Date) async throws -> Bool {
        try await write { db in
            try db.execute(
                sql: "UPDATE loginSession SET endedAt = ? WHERE id = ? AND endedAt IS NULL AND expiresAt > ?",
                arguments: [date, id, date])
            return db.changesCount > 0
        }
    }

    public func sessionWasEnded(digest: String, at date: Date) async throws -> Bool {
        try await writer.read { db in
            try Bool.fetchOne(
                db,
                sql:
                    "SELECT EXISTS (SELECT 1 FROM loginSession WHERE digest = ? AND endedAt IS NOT NULL AND expiresAt > ?)",
                arguments: [digest, date]) ?? false
        }
    }

    public func createPairing(digest: String, createdAt: Date, expiresAt: Date) async throws {
        try await write { db in
            // A used or expired link is kept a day, so opening it again says what happened.
            try db.execute(
                sql: "DELETE FROM pairingLink WHERE expiresAt <= ?", arguments: [createdAt.addingTimeInterval(-86_400)])
            // One link at a time: a new one ends those not used yet (opened later, they say they have expired).
            try db.execute(
                sql: "UPDATE pairingLink SET expiresAt = ? WHERE usedAt IS NULL AND expiresAt > ?",
                arguments: [createdAt, createdAt])
            try db.execute(
                sql: "INSERT INTO pairingLink (digest, createdAt, expiresAt) VALUES (?, ?, ?)",
                arguments: [digest, createdAt, expiresAt])
        }
    }

    public func usePairing(digest: String, at date: Date, session: NewLoginSession) async throws -> PairingUse {
        try await write { db in
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT expiresAt, usedAt FROM pairingLink WHERE digest = ?", arguments: [digest])
            else { return .unknown }
            if (row["usedAt"] as Date?) != nil { return .alreadyUsed }
            guard (row["expiresAt"] as Date) > date else { return .expired }
            try db.execute(
                sql: "UPDATE pairingLink SET usedAt = ? WHERE digest = ? AND usedAt IS NULL", arguments: [date, digest])
            guard db.changesCount == 1 else { return .alreadyUsed }
            try LoginSessionRecord.insert(session, db)
            return .signedIn
        }
    }
}
