import DaybookCore
import DaybookFeatures
import DaybookMedia
import DaybookStore
import Foundation

/// Where photos live and how they are read: originals in `photos/`, renditions in `cache/photos/`.
public struct PhotoServices: Sendable {
    /// The folder of originals, each named by its photo's id.
    public var folder: URL
    public var renditions: PhotoRenditionCache
    public var processor: any PhotoProcessor
    /// Makes photo ids: lowercase UUIDs.
    public var ids: any IDGenerator

    /// - Parameter dataFolder: the data folder; `photos/` and `cache/photos/` are made in it when needed.
    public init(dataFolder: URL, processor: any PhotoProcessor, ids: any IDGenerator) {
        folder = dataFolder.appendingPathComponent("photos", isDirectory: true)
        renditions = PhotoRenditionCache(
            folder: dataFolder.appendingPathComponent("cache/photos", isDirectory: true), processor: processor)
        self.processor = processor
        self.ids = ids
    }

    package func store(_ database: AppDatabase) -> FilePhotoStore {
        FilePhotoStore(database: database, folder: folder)
    }

    /// Uploads and downsampled copies of the photos of `database`.
    public func interactor(_ database: AppDatabase, clock: any DaybookClock) -> PhotoInteractor {
        PhotoInteractor(store: store(database), processor: processor, renditions: renditions, clock: clock, ids: ids)
    }
}

/// Lowercase UUIDs, as photo files are named.
public struct PhotoIDGenerator: IDGenerator {
    public init() {}

    public func makeID() -> String { UUID().uuidString.lowercased() }
}
