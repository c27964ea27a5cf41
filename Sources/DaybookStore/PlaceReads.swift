import DaybookCore
import Foundation
import GRDB

extension AppDatabase: PlaceStore {
    /// The index is kept while the database revision stays the same; after a write, a glance at the place index
    /// (how many places, and sums of their points and row numbers) tells whether the places changed, so that
    /// saving a task or a tracker value does not make the map read every place again.
    public func placeIndex() async throws -> PlaceIndex {
        let revision = self.revision
        let kept = placeIndexCache.withLock { $0 }
        if let kept, kept.revision == revision { return kept.index }
        let (fingerprint, index) = try await writer.read { db -> ([Double], PlaceIndex?) in
            let row = try Row.fetchOne(
                db.cachedStatement(
                    sql: """
                        SELECT COUNT(*), TOTAL(latitude), TOTAL(longitude), TOTAL(number) FROM journalEntry
                        INDEXED BY journalEntry_place WHERE deletedAt IS NULL AND latitude IS NOT NULL
                        """))
            let fingerprint: [Double] = (0..<4).map { row?[$0] ?? 0 }
            if let kept, kept.fingerprint == fingerprint { return (fingerprint, nil) }
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
            return (fingerprint, PlaceIndex(points))
        }
        let current = index ?? kept!.index
        placeIndexCache.withLock { $0 = PlaceIndexCache(revision: revision, fingerprint: fingerprint, index: current) }
        return current
    }

    public func entrySummaries(ids: [String]) async throws -> [JournalEntrySummary] {
        guard !ids.isEmpty else { return [] }
        return try await writer.read { db in
            let found = try Row.fetchAll(
                db,
                sql: """
                    SELECT \(JournalEntrySummary.columns) FROM journalEntry e
                    WHERE deletedAt IS NULL AND id IN (\(databaseQuestionMarks(count: ids.count)))
                    """, arguments: StatementArguments(ids)
            ).compactMap(JournalEntrySummary.init(row:))
            let byID = Dictionary(found.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            return ids.compactMap { byID[$0] }
        }
    }
}

/// The map's places as of a revision, with what they looked like (see `placeIndex()`).
struct PlaceIndexCache {
    var revision: Int
    var fingerprint: [Double]
    var index: PlaceIndex
}
