import DaybookCore
import Foundation
import GRDB

extension AppDatabase: ChangeStore {
    public func changes(after cursor: ChangeCursor?, limit: Int) async throws -> ChangePage? {
        try await writer.read { db in
            let last = try Int.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'change'") ?? 0
            guard let cursor else {
                return ChangePage(changes: [], cursor: ChangeCursor(sequence: last), hasMore: false)
            }
            guard cursor.sequence <= last else { return nil }
            let rows = try Row.fetchAll(
                db, sql: "SELECT seq, kind, itemID, deleted FROM change WHERE seq > ? ORDER BY seq LIMIT ?",
                arguments: [cursor.sequence, limit + 1])
            let page = rows.prefix(limit)
            return ChangePage(
                changes: page.map { Change(kind: $0["kind"], id: $0["itemID"], deleted: $0["deleted"]) },
                cursor: ChangeCursor(sequence: page.last?["seq"] ?? last),
                hasMore: rows.count > limit)
        }
    }
}
