import DaybookCore
import Foundation

/// The journal as a device keeps it to read, search and map without the server (`/api/v1/device/journal`).
extension Journal {
    /// The journal whole, as a device keeps it to read and search without the server.
    public enum Kept {
        /// Entries one answer holds, whether read a page at a time or named.
        public static let pageSize = 500
        public static let mostNamed = 100

        public struct Response: Sendable {
            public var settings: Settings
            public var entries: [JournalEntry]
            /// Where the next page starts; `nil` on the last page and for entries named.
            public var next: JournalCursor?
            public var now: Date
        }
    }

    /// An entry as a device keeps it (`/api/v1/device/journal`): its words to read and search, its place for the
    /// map, and the row the Journal and search list it as, in the owner's language.
    public struct KeptEntryJSON: Sendable, Encodable {
        public var id: String
        /// Milliseconds since 1970: the order of the list, newest first.
        public var moment: Int64
        public var day: String
        public var title: String
        public var body: String
        public var tags: [String]
        public var starred: Bool
        public var coverPhotoID: String?
        public var latitude: Double?
        public var longitude: Double?
        public var revision: Int
        public var row: Row
    }

    /// A page of the journal as a device keeps it; `next` is the cursor of the page after it.
    public struct KeptJSON: Sendable, Encodable {
        public var entries: [KeptEntryJSON]
        public var next: String?
    }
}
