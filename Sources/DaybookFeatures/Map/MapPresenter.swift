import DaybookCore
import Foundation

public enum MapPresenter {
    /// The Map page; `basemap` is the address of the bundled coastlines and borders.
    public static func present(
        _ page: EntryMap.Page, basemap: String, connections: Connections = .none, localizer: Localizer
    ) -> EntryMap.ViewModel {
        EntryMap.ViewModel(
            title: localizer("nav.map"),
            lead: localizer.plural("map.lead", count: page.placedCount, localizer.number(page.placedCount)),
            emptyHint: page.placedCount == 0 ? localizer("map.empty") : nil,
            label: localizer("map.label"), basemap: basemap,
            latitude: Coordinate.fixed(page.center.latitude), longitude: Coordinate.fixed(page.center.longitude),
            zoom: Coordinate.fixed(page.zoom), focus: page.focus?.text, tiles: connections.tileURL,
            tilesAttribution: connections.tileAttribution,
            attribution: localizer("map.attribution"), newEntryHref: "/journal/new",
            texts: EntryMap.Texts(
                newHere: localizer("map.newHere"),
                entries: localizer.pluralTemplate("map.entries", count: 2, placeholder: "{count}"),
                zoomIn: localizer("map.zoomIn"), zoomOut: localizer("map.zoomOut"), close: localizer("map.close"),
                untitled: localizer("journal.untitled"), showAll: localizer("map.showAll")))
    }

    public static func json(_ clusters: EntryMap.Clusters, localizer: Localizer) -> EntryMap.ClustersJSON {
        EntryMap.ClustersJSON(
            zoom: clusters.zoom, total: clusters.clusters.reduce(0) { $0 + $1.count },
            clusters: clusters.clusters.map { cluster in
                EntryMap.ClusterJSON(
                    latitude: cluster.center.latitude, longitude: cluster.center.longitude, count: cluster.count,
                    bbox: outward(cluster.bounds),
                    entry: cluster.entryID.flatMap { clusters.entries[$0] }.flatMap { entry($0, localizer: localizer) })
            })
    }

    public static func json(_ page: MapEntries, localizer: Localizer) -> EntryMap.EntriesJSON {
        EntryMap.EntriesJSON(
            total: page.total,
            entries: page.entries.compactMap { entry($0, localizer: localizer) })
    }

    /// The box with six decimals (about 10 cm), rounded outwards so that it still holds every entry it held.
    static func outward(_ bounds: MapBounds) -> [Double] {
        let step = 1e6
        return [
            max((bounds.west * step).rounded(.down) / step, -180),
            max((bounds.south * step).rounded(.down) / step, -90),
            min((bounds.east * step).rounded(.up) / step, 180), min((bounds.north * step).rounded(.up) / step, 90),
        ]
    }

    /// An entry on the map; `nil` for one without a place.
    static func entry(_ summary: JournalEntrySummary, localizer: Localizer) -> EntryMap.EntryJSON? {
        guard let place = summary.place else { return nil }
        return EntryMap.EntryJSON(
            id: summary.id, title: summary.title, date: summary.day.description,
            place: PlacePresenter.label(place, localizer: localizer), href: "/journal/\(URLText.component(summary.id))",
            latitude: place.coordinate.latitude, longitude: place.coordinate.longitude)
    }

    public static func message(for problem: EntryMap.Problem, localizer: Localizer) -> String {
        switch problem {
        case .invalidBounds: localizer("map.error.bounds")
        case .invalidZoom: localizer("map.error.zoom", localizer.number(PlaceIndex.zooms.upperBound))
        case .invalidPoint: localizer("map.error.point")
        case .invalidLimit: localizer("map.error.limit", localizer.number(MapEntries.maximumLimit))
        }
    }
}
