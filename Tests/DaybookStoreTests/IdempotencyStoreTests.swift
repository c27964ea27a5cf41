import DaybookCore
import DaybookTestSupport
import Foundation
import GRDB
import Testing

@testable import DaybookStore

@Suite("Idempotency keys are kept with the write they guard, and changes are fed in order")
struct IdempotencyStoreTests {
    let now = Date(timeIntervalSince1970: 1_795_000_000)

    func claim(_ key: String) -> IdempotencyClaim {
        IdempotencyClaim(key: key, method: "POST", path: "/api/v1/tasks", createdAt: now, digest: { "abc" })
    }

    func task(_ id: String) -> PlannedTask {
        PlannedTask(id: id, title: "Write", day: DayKey(string: "2026-11-21")!)
    }

    @Test("a write made under a claim records its key in the same transaction; a failed one records nothing")
    func sameTransaction() async throws {
        let database = try AppDatabase.inMemory()
        try await IdempotencyClaim.$current.withValue(claim("k1")) {
            try await database.saveTask(task("t1"))
        }
        let kept = try #require(try await database.idempotencyRecord(key: "k1"))
        #expect(kept.digest == "abc")
        #expect(kept.answer == nil)

        struct Refused: Error {}
        await #expect(throws: Refused.self) {
            try await IdempotencyClaim.$current.withValue(claim("k2")) {
                try await database.write { db in
                    try TaskRecord(task("t2")).insert(db)
                    throw Refused()
                }
            }
        }
        #expect(try await database.idempotencyRecord(key: "k2") == nil)
        #expect(try await database.task(id: "t2") == nil)
    }

    @Test("the first answer is kept once; keys older than their lifetime are forgotten")
    func answersAndSweep() async throws {
        let database = try AppDatabase.inMemory()
        try await IdempotencyClaim.$current.withValue(claim("k1")) { try await database.saveTask(task("t1")) }
        let answer = IdempotencyRecord.Answer(
            status: 201, contentType: "application/json", location: nil, body: Data("{}".utf8))
        #expect(try await database.keepAnswer(answer, key: "k1"))
        let later = IdempotencyRecord.Answer(status: 500, contentType: nil, location: nil, body: Data())
        #expect(try await database.keepAnswer(later, key: "k1") == false)
        #expect(try await database.idempotencyRecord(key: "k1")?.answer == answer)

        #expect(try await database.forgetIdempotencyKeys(before: now) == 0)
        #expect(try await database.forgetIdempotencyKeys(before: now + AppDatabase.idempotencyKeyLifetime) == 1)
        #expect(try await database.idempotencyRecord(key: "k1") == nil)
    }

    @Test("the changes feed names each changed thing once, latest change last, deletions marked")
    func feed() async throws {
        let database = try AppDatabase.inMemory()
        let start = try #require(try await database.changes(after: nil, limit: 10))
        try await database.saveTask(task("t1"))
        try await database.saveTask(task("t2"))
        try await database.saveTask(task("t1"))
        #expect(try await database.deleteTask(id: "t2"))
        let page = try #require(try await database.changes(after: start.cursor, limit: 10))
        #expect(
            page.changes == [
                Change(kind: "task", id: "t1", deleted: false), Change(kind: "task", id: "t2", deleted: true),
            ])
        let first = try #require(try await database.changes(after: start.cursor, limit: 1))
        #expect(first.hasMore)
        #expect(try await database.changes(after: ChangeCursor(sequence: 1_000), limit: 10) == nil)
    }
}
