import Foundation

/// Where the map reads the places of live entries.
public protocol PlaceStore: Sendable {
    /// The places of every live entry with one, projected for clustering; kept until the places change.
    func placeIndex() async throws -> PlaceIndex
    /// Live entries by id, in the order given; ids of entries gone since are left out.
    func entrySummaries(ids: [String]) async throws -> [JournalEntrySummary]
}

/// A page of the entries inside an area of the map.
public struct MapEntries: Equatable, Sendable {
    public var total: Int
    public var entries: [JournalEntrySummary]

    public init(total: Int, entries: [JournalEntrySummary]) {
        self.total = total
        self.entries = entries
    }

    /// The most entries one area may list.
    public static let maximumLimit = 200
}

/// Names the place at a point: the bundled gazetteer, or a geocoder the owner chose.
public protocol PlaceNaming: Sendable {
    /// The name and country of the place at `coordinate`, in `language` where the source has it; `nil` when
    /// there is no place to name (at sea).
    func place(at coordinate: Coordinate, language: AppLanguage) async -> Place?
}

extension Gazetteer: PlaceNaming {}

/// The gazetteer shipped with Daybook, read the first time a place is named.
public struct BundledGazetteer: PlaceNaming {
    public init() {}

    public func place(at coordinate: Coordinate, language: AppLanguage) async -> Place? {
        Gazetteer.bundled?.place(at: coordinate, language: language)
    }
}
