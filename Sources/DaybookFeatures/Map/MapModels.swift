import DaybookCore
import Foundation

/// The Map: entries where they were written, gathered into clusters.
public enum EntryMap {
    /// Why a map request was refused; nothing changed.
    public enum Problem: Error, Equatable, Sendable {
        /// `bbox` is missing, not four numbers, out of range, or runs east to west (the map does not wrap).
        case invalidBounds
        /// `zoom` is not a whole number from 0 to 20.
        case invalidZoom
        /// A point is not `LAT,LON` in range.
        case invalidPoint
        /// `limit` is not a whole number from 1 to 200.
        case invalidLimit
    }

    /// The view the Map opens on.
    public struct Page: Sendable {
        public var settings: Settings
        public var center: Coordinate
        public var zoom: Double
        /// Live entries with a place.
        public var placedCount: Int
        /// The point the Map was opened at (`?at=`), marked.
        public var focus: Coordinate?
    }

    /// The clusters of an area at a zoom.
    public struct Clusters: Sendable {
        public var zoom: Int
        public var clusters: [MapCluster]
        /// The entries of clusters that hold one, by id.
        public var entries: [String: JournalEntrySummary]
    }

    // View models ---------------------------------------------------------------------------------------------

    public struct ViewModel: Sendable, Encodable {
        public var title: String
        public var lead: String
        public var emptyHint: String?
        public var label: String
        public var basemap: String
        public var latitude: String
        public var longitude: String
        public var zoom: String
        public var focus: String?
        /// The opt-in tile server's address template and credit; empty when tiles are off.
        public var tiles: String
        public var tilesAttribution: String
        public var attribution: String
        public var newEntryHref: String
        public var texts: Texts
    }

    /// Words the map's script shows; the page carries them as `data-` attributes.
    public struct Texts: Sendable, Encodable {
        public var newHere: String
        public var entries: String
        public var zoomIn: String
        public var zoomOut: String
        public var close: String
        public var untitled: String
        public var showAll: String
    }

    /// The clusters of an area as the API answers them.
    public struct ClustersJSON: Sendable, Encodable {
        public var zoom: Int
        /// Entries in the area.
        public var total: Int
        public var clusters: [ClusterJSON]
    }

    public struct ClusterJSON: Sendable, Encodable {
        public var latitude: Double
        public var longitude: Double
        public var count: Int
        /// `[west, south, east, north]`: the area holding exactly its entries, for `/api/v1/map/entries`.
        public var bbox: [Double]
        /// The entry, when the cluster holds one.
        public var entry: EntryJSON?
    }

    /// An entry on the map.
    public struct EntryJSON: Sendable, Encodable {
        public var id: String
        public var title: String
        public var date: String
        public var place: String
        public var href: String
        public var latitude: Double
        public var longitude: Double
    }

    public struct EntriesJSON: Sendable, Encodable {
        public var total: Int
        public var entries: [EntryJSON]
    }
}
