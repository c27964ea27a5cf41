import DaybookCore
import Foundation
import GRDB

/// A write request that carries an `Idempotency-Key`. The first transaction the request commits records the key
/// in that same transaction, so a write and its key are kept together or not at all.
public struct IdempotencyClaim: Sendable {
    public let key: String
    public let method: String
    public let path: String
    /// The digest of the request body; read when the write commits, by which time the body has been read.
    public let digest: @Sendable () -> String
    public let createdAt: Date

    /// The claim of the request being handled, bound by the server around its handler.
    @TaskLocal public static var current: IdempotencyClaim?

    public init(key: String, method: String, path: String, createdAt: Date, digest: @escaping @Sendable () -> String) {
        self.key = key
        self.method = method
        self.path = path
        self.createdAt = createdAt
        self.digest = digest
    }

    func record(_ db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO idempotencyKey (key, method, path, digest, createdAt) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT(key) DO NOTHING
                """,
            arguments: [key, method, path, digest(), createdAt])
    }
}

/// What the server keeps of a write made with an idempotency key.
public struct IdempotencyRecord: Equatable, Sendable {
    public var method: String
    public var path: String
    public var digest: String
    /// The first answer; `nil` when the write committed but its answer was never kept (the server stopped between).
    public var answer: Answer?

    public struct Answer: Equatable, Sendable {
        public var status: Int
        public var contentType: String?
        public var location: String?
        public var body: Data

        public init(status: Int, contentType: String?, location: String?, body: Data) {
            self.status = status
            self.contentType = contentType
            self.location = location
            self.body = body
        }
    }
}

extension AppDatabase {
    /// How long a key is kept: a device may come back after a week away.
    public static let idempotencyKeyLifetime: TimeInterval = DeviceTime.replayWindow

    /// The record of `key`, or `nil` when no write was made with it.
    public func idempotencyRecord(key: String) async throws -> IdempotencyRecord? {
        try await writer.read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM idempotencyKey WHERE key = ?", arguments: [key])
            else { return nil }
            let status: Int? = row["status"]
            return IdempotencyRecord(
                method: row["method"], path: row["path"], digest: row["digest"],
                answer: status.map {
                    IdempotencyRecord.Answer(
                        status: $0, contentType: row["contentType"], location: row["location"],
                        body: row["body"] ?? Data())
                })
        }
    }

    /// Keeps the first answer to the write made with `key`; does nothing when no write was made with it.
    /// - Returns: whether the answer was kept.
    @discardableResult
    public func keepAnswer(_ answer: IdempotencyRecord.Answer, key: String) async throws -> Bool {
        try await writer.write { db in
            try db.execute(
                sql: """
                    UPDATE idempotencyKey SET status = ?, contentType = ?, location = ?, body = ?
                    WHERE key = ? AND status IS NULL
                    """,
                arguments: [answer.status, answer.contentType, answer.location, answer.body, key])
            return db.changesCount > 0
        }
    }

    /// Forgets the keys recorded before `date`.
    /// - Returns: how many were forgotten.
    @discardableResult
    public func forgetIdempotencyKeys(before date: Date) async throws -> Int {
        try await writer.write { db in
            try db.execute(sql: "DELETE FROM idempotencyKey WHERE createdAt < ?", arguments: [date])
            return db.changesCount
        }
    }
}
