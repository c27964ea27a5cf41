import Foundation

/// Where trackers and their daily values are kept. Every write is one transaction.
public protocol TrackerStore: Sendable {
    /// Every tracker, active ones by position first, then archived ones by name.
    func trackers() async throws -> [Tracker]
    func tracker(id: String) async throws -> Tracker?
    /// Adds a tracker after the active ones.
    ///
    /// - Throws: `TrackerStoreError.duplicateName` when another tracker has this name (ignoring case),
    ///   `.tooMany` when `limit` trackers are kept already (counted in the same transaction as the insert).
    func createTracker(_ tracker: Tracker, limit: Int) async throws -> Tracker
    /// Saves a changed tracker (name, unit, target, colour, archive).
    ///
    /// - Throws: `TrackerStoreError.notFound` or `.duplicateName`; nothing is written then.
    func updateTracker(_ tracker: Tracker) async throws
    /// Puts the active trackers in this order; trackers not listed keep their place after the listed ones.
    func reorderTrackers(_ ids: [String]) async throws
    /// Deletes a tracker and its values for good; `false` when there was none.
    func deleteTracker(id: String) async throws -> Bool
    /// Sets (or with `nil` clears) the value of `day`. A change made earlier (`madeAt`, sent later by a device that
    /// was offline) leaves standing a value set after it; a change made now (`madeAt` nil) always applies.
    ///
    /// - Throws: `TrackerStoreError.notFound` when there is no such tracker.
    /// Returns the value that stands.
    @discardableResult
    func setTrackerValue(_ value: Double?, trackerID: String, on day: DayKey, at now: Date, madeAt: Date?)
        async throws -> Double?
    /// Adds `amount` to the value of `day` (none counts as zero) in one write and returns the sum that stands; `check`
    /// turns the sum into the stored value, or throws and nothing is written. Two adds at once both count.
    ///
    /// - Throws: `TrackerStoreError.notFound` when there is no such tracker, or what `check` throws.
    func addTrackerValue(
        _ amount: Double, trackerID: String, on day: DayKey, at now: Date,
        check: @escaping @Sendable (Double) throws -> Double
    ) async throws -> Double
    /// The values of one tracker from `first` through `last`.
    func trackerValues(trackerID: String, from first: DayKey, through last: DayKey) async throws -> [DayKey: Double]
}

public enum TrackerStoreError: Error, Equatable, Sendable {
    case notFound
    case duplicateName
    case tooMany
}
