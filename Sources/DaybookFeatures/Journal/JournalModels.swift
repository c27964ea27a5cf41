import DaybookCore
import Foundation

public enum Journal {
    /// Why a journal request was refused; nothing was saved.
    public enum Problem: Error, Equatable, Sendable {
        case notFound
        case invalidCursor
        case invalidRevision
        /// The list or search was asked for a tag no entry has.
        case unknownTag(String)
        case invalidDay
        /// The cover names a photo that is not stored.
        case unknownPhoto
        /// A change would leave an entry with no title, no text and no photo.
        case wouldEmpty
        /// The entry has no open conflict (or version set aside) with the id given.
        case noConflict
        /// A choice between two versions that names neither.
        case invalidChoice
        /// A new entry's id, chosen on a device, that is not a UUID.
        case invalidID
        /// An editing session named with other than 1–64 letters, digits and dashes.
        case invalidLineage
        /// A new entry's id that another writer's entry has already.
        case idTaken
        /// Search results asked for in an order other than `best` or `newest`.
        case invalidOrder
        /// More entries named at once than one answer holds (`Kept.mostNamed`).
        case tooManyNamed
        /// Text to add to today's entry that is blank.
        case nothingToAdd
        /// Markdown to preview past `MarkdownLimits.utf8Bytes`.
        case markdownTooLarge
    }

    /// A paragraph added to today's entry: which entry, and whether the paragraph started it.
    public struct Appended: Sendable, Equatable {
        public var id: String
        public var day: DayKey
        public var isNew: Bool
    }

    /// What quick capture answers: never the entry's text, which a shortcut's token may not read.
    public struct AppendedJSON: Sendable, Encodable {
        public var id: String
        public var day: String
        public var created: Bool
        public var say: String
    }

    /// An entry as a client is answered with it: its body as safe HTML, the weather kept for its place and hour,
    /// the other version waiting for the person to choose (if any), and the units the owner reads.
    public struct Shown: Sendable {
        public var entry: JournalEntry
        public var html: String
        public var weather: WeatherObservation?
        public var conflict: JournalConflict?
        public var units: UnitSystem
    }

    /// A new entry as saved, and whether this request made it (`false`: its session had sent it before).
    public struct Created: Sendable {
        public var shown: Shown
        public var isNew: Bool
    }

    /// A save that started from an older revision than the stored one: nothing was written.
    public struct Conflict: Error, Sendable {
        /// The entry as stored, shown as a client is answered with it.
        public var current: Shown
    }

    public enum List {
        public struct Request: Sendable, Equatable {
            public var tag: String?
            public var starredOnly: Bool
            /// The cursor of the page before, as the list's "more" link carries it.
            public var after: String?

            public init(tag: String? = nil, starredOnly: Bool = false, after: String? = nil) {
                self.tag = tag
                self.starredOnly = starredOnly
                self.after = after
            }
        }

        public struct Response: Sendable {
            public var settings: Settings
            public var request: Request
            public var page: JournalPage
            public var tags: [JournalTagCount]
            public var today: DayKey
        }
    }

    public enum Entry {
        public struct Response: Sendable {
            public var settings: Settings
            /// `nil` for a new entry.
            public var entry: JournalEntry?
            public var html: String
            public var now: Date
            /// The weather kept for the entry's place and hour, when weather is on and it was fetched.
            public var weather: WeatherObservation? = nil
            /// Other versions of the entry: open conflicts first, then versions set aside.
            public var conflicts: [JournalConflict] = []
        }
    }

    public enum Trash {
        public struct Response: Sendable {
            public var settings: Settings
            public var entries: [JournalEntrySummary]
            public var now: Date
        }
    }

    // View models ---------------------------------------------------------------------------------------------

    public struct ListViewModel: Sendable, Encodable {
        public var title: String
        public var newLabel: String
        public var searchLabel: String
        public var searchPlaceholder: String
        public var filters: [Filter]
        public var months: [Month]
        public var isEmpty: Bool
        public var emptyText: String
        public var moreHref: String?
        public var moreLabel: String
        public var trashHref: String
        public var trashLabel: String
        public var deleteLabel: String
        public var tagLabel: String
        public var addTagLabel: String
        public var tagFieldLabel: String
        /// On touch screens the row's actions show after a swipe to the left.
        public var swipeHint: String
    }

    public struct Filter: Sendable, Encodable {
        public var label: String
        public var href: String
        public var isCurrent: Bool
    }

    public struct Month: Sendable, Encodable {
        public var id: String
        public var heading: String
        public var entries: [Row]
    }

    /// One entry in a list: the Journal, search results, "On this day", the trash.
    public struct Row: Sendable, Encodable {
        public var id: String
        public var href: String
        public var editHref: String
        public var title: String
        public var dateLabel: String
        public var dateTime: String
        /// Escaped text with `<mark>` around what matched, for search results; plain escaped text otherwise.
        public var snippetHTML: String
        public var wordsLabel: String
        public var tags: [String]
        public var hasTags: Bool
        public var isStarred: Bool
        public var starredLabel: String
        public var thumbnail: Thumbnail?
        /// Where it was written, in the owner's language.
        public var placeLabel: String?
        /// "Changed on two devices" while the person has not chosen a version; `nil` otherwise.
        public var conflictLabel: String?
    }

    public struct Thumbnail: Sendable, Encodable {
        public var src: String
        public var srcset: String
        public var width: Int
        public var height: Int
    }

    public struct EntryViewModel: Sendable, Encodable {
        public var id: String
        public var title: String
        public var heading: String
        public var dateLabel: String
        public var dateTime: String
        public var html: String
        public var tags: [String]
        public var hasTags: Bool
        public var isStarred: Bool
        public var starredLabel: String
        public var wordsLabel: String
        public var editHref: String
        public var editLabel: String
        public var deleteLabel: String
        public var backHref: String
        public var backLabel: String
        public var logHref: String
        public var logLabel: String
        public var place: PlacePresenter.View?
        public var weather: WeatherPresenter.View?
        public var conflict: ConflictView?
        public var setAside: SetAsideList?
    }

    /// An entry changed on two devices: both versions side by side, each with a button that keeps it.
    public struct ConflictView: Sendable, Encodable {
        public var heading: String
        public var text: String
        /// Where the choice is posted.
        public var action: String
        public var sides: [ConflictSide]
    }

    public struct ConflictSide: Sendable, Encodable {
        /// `entry` or `other`: what the button sends.
        public var keep: String
        public var label: String
        public var madeLabel: String
        public var madeTime: String
        public var title: String
        public var tags: [String]
        public var hasTags: Bool
        /// The Markdown as typed, shown as text.
        public var body: String
        public var keepLabel: String
    }

    /// Versions not chosen, kept until the person deletes them.
    public struct SetAsideList: Sendable, Encodable {
        public var heading: String
        public var hint: String
        public var versions: [SetAsideVersion]
    }

    public struct SetAsideVersion: Sendable, Encodable {
        public var id: String
        public var summary: String
        public var title: String
        public var body: String
        public var deleteAction: String
        public var deleteLabel: String
    }

    public struct EditorViewModel: Sendable, Encodable {
        public var title: String
        public var entryID: String
        public var revision: Int
        public var action: String
        public var titleField: FormField
        public var dateField: FormField
        public var tagsField: FormField
        public var starred: Bool
        public var starredLabel: String
        public var bodyLabel: String
        public var body: String
        public var saveLabel: String
        public var doneHref: String
        public var doneLabel: String
        public var error: String?
        public var place: EditorPlace
        public var tools: [Tool]
        public var previewLabel: String
        public var wordsLabel: String
        public var texts: EditorTexts
        /// Shown above the form while the entry waits for a choice between two versions.
        public var conflict: ConflictView?
        /// The cover the owner chose; empty when none was (the first photo is the cover then).
        public var coverPhotoID: String
        public var photos: EditorPhotos
    }

    /// The words of the strip that shows the entry's photos as pictures under the text, in the text's order.
    public struct EditorPhotos: Sendable, Encodable {
        public var heading: String
        public var caption: String
        public var moveUp: String
        public var moveDown: String
        public var useAsCover: String
        public var cover: String
        public var remove: String
        /// A photo added while the server could not be reached, kept on this device until it is sent.
        public var waiting: String
    }

    /// The editor's place field: the point and name sent with the entry, and the words of its buttons.
    public struct EditorPlace: Sendable, Encodable {
        public var latitude: String
        public var longitude: String
        public var name: String
        public var country: String
        public var hasPlace: Bool
        /// Where it is, in the owner's language; "No place" when there is none.
        public var label: String
        public var mapHref: String?
        public var error: String?
        public var fieldLabel: String
        public var nameLabel: String
        public var addLabel: String
        public var removeLabel: String
        public var noneLabel: String
        public var locating: String
        public var denied: String
        public var unavailable: String
        public var fromPhoto: String
        public var usePhotoLabel: String
    }

    public struct Tool: Sendable, Encodable {
        public var action: String
        public var label: String
        public var symbol: String
        public var shortcut: String?
    }

    /// Words the editor's script shows; the page carries them as `data-` attributes.
    public struct EditorTexts: Sendable, Encodable {
        public var stateSaved: String
        public var stateSaving: String
        public var stateEditing: String
        public var stateOffline: String
        public var stateFailed: String
        public var stateConflict: String
        public var wordsOne: String
        public var wordsOther: String
        public var uploading: String
        public var photoOffline: String
        public var placeholderText: String
        public var placeholderLink: String
        public var draftOffer: String
        public var restoreLabel: String
        public var discardLabel: String
        /// Saved in the outbox, to be sent when the server answers again.
        public var stateWaiting: String
        /// The largest photo the server takes, in bytes, and what it says about a larger one.
        public var photoLimit: Int
        public var photoTooLarge: String
    }

    public struct TrashViewModel: Sendable, Encodable {
        public var title: String
        public var hint: String
        public var entries: [Row]
        public var isEmpty: Bool
        public var emptyText: String
        public var restoreLabel: String
        public var emptyTrashLabel: String
        public var backHref: String
        public var backLabel: String
    }

    public struct SearchViewModel: Sendable, Encodable {
        public var title: String
        public var query: String
        public var label: String
        public var placeholder: String
        public var results: [Row]
        public var hasQuery: Bool
        public var summary: String
        public var moreHref: String?
        public var moreLabel: String
        public var noResults: String
        public var hint: String
        /// Why the results come newest first (or best first, as asked) when their words are very common.
        public var orderNote: String?
        /// The same search in the other order, when the words are that common.
        public var orderHref: String?
        public var orderLabel: String
        /// The link's words for each order, for the script that shows results as one types.
        public var bestLabel: String
        public var newestLabel: String
    }

    /// An entry as the API answers it.
    public struct EntryJSON: Sendable, Encodable {
        public var id: String
        public var date: String
        public var day: String
        public var title: String
        public var body: String
        public var html: String
        public var tags: [String]
        public var starred: Bool
        public var coverPhotoID: String?
        public var place: PlacePresenter.JSON?
        public var weather: WeatherPresenter.JSON?
        public var wordCount: Int
        public var revision: Int
        public var createdAt: String
        public var updatedAt: String
        public var deletedAt: String?
        /// The other version, while the entry was changed on two devices and no version was chosen.
        public var conflict: ConflictJSON?
        /// After quick capture: one sentence saying it was saved, for a phone's shortcut to show or speak.
        public var say: String?
    }

    /// The other version of an entry changed on two devices, as the API answers it.
    public struct ConflictJSON: Sendable, Encodable {
        public var id: String
        public var title: String
        public var body: String
        public var tags: [String]
        public var starred: Bool
        public var date: String
        /// When the other version was made.
        public var madeAt: String
        /// When the version the entry holds was made.
        public var entryMadeAt: String
        /// The revision both versions started from.
        public var baseRevision: Int
    }
}
