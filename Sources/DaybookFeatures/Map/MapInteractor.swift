import DaybookCore
import Foundation

/// Reads the Map: where it opens, the clusters of the area in view, and the entries of a cluster.
public struct MapInteractor: Sendable {
    private let store: any PlaceStore
    private let settings: any SettingsStore
    private let initial: @Sendable () -> Settings

    public init(store: any PlaceStore, settings: any SettingsStore, initial: @escaping @Sendable () -> Settings) {
        self.store = store
        self.settings = settings
        self.initial = initial
    }

    /// The Map's first view: the point asked for (`at`), or every placed entry, or the whole world.
    ///
    /// - Throws: `EntryMap.Problem.invalidPoint` for an `at` that is not `LAT,LON` in range.
    public func page(at rawPoint: String?) async throws -> EntryMap.Page {
        let owner = try await settings.loadSettings() ?? initial()
        let index = try await store.placeIndex()
        if let rawPoint, !rawPoint.isEmpty {
            guard let point = Coordinate(text: rawPoint) else { throw EntryMap.Problem.invalidPoint }
            return EntryMap.Page(settings: owner, center: point, zoom: 11, placedCount: index.count, focus: point)
        }
        guard let bounds = index.bounds else {
            return EntryMap.Page(
                settings: owner, center: Coordinate(latitude: 20, longitude: 0)!, zoom: 1, placedCount: 0, focus: nil)
        }
        let (center, zoom) = bounds.fitted(width: 960, height: 560, maximumZoom: 12)
        return EntryMap.Page(settings: owner, center: center, zoom: zoom, placedCount: index.count, focus: nil)
    }

    /// The clusters of the entries inside `bbox` at `zoom`.
    ///
    /// - Throws: `EntryMap.Problem.invalidBounds` or `.invalidZoom`.
    public func clusters(bbox: String?, zoom rawZoom: String?) async throws -> EntryMap.Clusters {
        let bounds = try Self.bounds(bbox)
        guard let rawZoom, let zoom = Int(rawZoom), PlaceIndex.zooms.contains(zoom) else {
            throw EntryMap.Problem.invalidZoom
        }
        let clusters = try await store.placeIndex().clusters(in: bounds, zoom: zoom)
        let singles = try await store.entrySummaries(ids: clusters.compactMap(\.entryID))
        return EntryMap.Clusters(
            zoom: zoom, clusters: clusters,
            entries: Dictionary(singles.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }))
    }

    /// The entries inside `bbox`, newest first.
    ///
    /// - Throws: `EntryMap.Problem.invalidBounds` or `.invalidLimit`.
    public func entries(bbox: String?, limit rawLimit: String?) async throws -> MapEntries {
        let bounds = try Self.bounds(bbox)
        var limit = 50
        if let rawLimit {
            guard let value = Int(rawLimit), (1...MapEntries.maximumLimit).contains(value) else {
                throw EntryMap.Problem.invalidLimit
            }
            limit = value
        }
        let (total, newest) = try await store.placeIndex().entries(in: bounds, limit: limit)
        return MapEntries(total: total, entries: try await store.entrySummaries(ids: newest.map(\.id)))
    }

    static func bounds(_ raw: String?) throws(EntryMap.Problem) -> MapBounds {
        guard let raw, let bounds = MapBounds(text: raw) else { throw .invalidBounds }
        return bounds
    }
}

extension PlaceIndex {
    /// The smallest area holding every place; `nil` when there is none.
    var bounds: MapBounds? {
        guard let first = points.first else { return nil }
        var (west, south, east, north) = (
            first.coordinate.longitude, first.coordinate.latitude, first.coordinate.longitude,
            first.coordinate.latitude
        )
        for point in points.dropFirst() {
            west = min(west, point.coordinate.longitude)
            east = max(east, point.coordinate.longitude)
            south = min(south, point.coordinate.latitude)
            north = max(north, point.coordinate.latitude)
        }
        // A single place (or places at one point) gets a city-sized area around it.
        let margin = 0.05
        return MapBounds(
            west: max(west - margin, -180), south: max(south - margin, -90), east: min(east + margin, 180),
            north: min(north + margin, 90))
    }
}
