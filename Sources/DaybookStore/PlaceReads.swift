import DaybookCore
import Foundation
import GRDB

extension AppDatabase: PlaceStore {
    /// The index is kept until a journal entry changes (saving a task or a tracker value keeps it).
    public func placeIndex() async throws -> PlaceIndex {
        let revision = journalRevisions.value
        if let kept = placeIndexCache.withLock({ $0 }), kept.revision == revision { return kept.index }
        let index = try await writer.read { db in
            let rows = try Row.fetchCursor(
                db.cachedStatement(
                    sql: """
                        SELECT id, latitude, longitude, moment FROM journalEntry
                        WHERE deletedAt IS NULL AND latitude IS NOT NULL
                        """))
            var points: [PlacedEntry] = []
            while let row = try rows.next() {
                guard let coordinate = Coordinate(latitude: row[1], longitude: row[2]) else { continue }
                points.append(PlacedEntry(id: row[0], coordinate: coordinate, moment: row[3]))
            }
            return PlaceIndex(points)
        }
        // Read after the revision: a change committed meanwhile leaves an older revision kept, read again next time.
        placeIndexCache.withLock { $0 = (revision, index) }
        return index
    }

    public func entrySummaries(ids: [String]) async throws -> [JournalEntrySummary] {
        guard !ids.isEmpty else { return [] }
        return try await writer.read { db in
            // In slices: a list of every entry on a street-level view of the world would pass SQLite's limit of
            // bound values.
            var found: [JournalEntrySummary] = []
            for start in stride(from: 0, to: ids.count, by: 500) {
                let slice = Array(ids[start..<min(start + 500, ids.count)])
                found += try Row.fetchAll(
                    db,
                    sql: """
                        SELECT \(JournalEntrySummary.columns) FROM journalEntry e
                        WHERE deletedAt IS NULL AND id IN (\(databaseQuestionMarks(count: slice.count)))
                        """, arguments: StatementArguments(slice)
                ).compactMap(JournalEntrySummary.init(row:))
            }
            let byID = Dictionary(found.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            return ids.compactMap { byID[$0] }
        }
    }
}
