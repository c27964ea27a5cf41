import Foundation

/// The apps Daybook imports from.
public enum ImportSource: String, CaseIterable, Sendable {
    case dayone, jrnl, loop, daylio
    /// Daybook's own export (`daybook export`).
    case daybook
    /// A folder of daily notes (jrnl folder journals, Obsidian daily notes, Logseq journals), as a ZIP.
    case markdown
}

/// What a file holds, read into Daybook's terms before anything is written. Every item carries the id it had in
/// the other app (or a digest of its content when it had none), so importing the same file again adds nothing.
public struct ImportBatch: Sendable {
    public var entries: [Entry] = []
    public var photos: [Photo] = []
    public var trackers: [Tracker] = []
    public var values: [Value] = []
    public var logs: [Log] = []
    /// Items that could not be read, each with why; the rest are imported.
    public var problems: [ImportProblem] = []
    /// Mood names the file uses that Daybook could not place on its five levels, with how many items use each
    /// (Daylio's CSV names moods as the person named them); the import asks for a level for each.
    public var unmappedMoods: [UnmappedMood] = []

    public init() {}

    public struct Entry: Sendable, Equatable {
        public var sourceID: String
        public var moment: Date
        public var timeZone: TimeZone
        public var title: String
        /// Markdown; photos are written `![](photo:SOURCE-ID)` until they have ids of ours.
        public var body: String
        public var tags: [String]
        public var starred: Bool
        public var place: Place?
        public var weather: WeatherObservation?
        /// Where the entry is in the file (`journal.txt, line 12`, `Travel, entry 3 (UUID)`), as problems name it.
        public var item: String?

        public init(
            sourceID: String, moment: Date, timeZone: TimeZone, title: String, body: String, tags: [String] = [],
            starred: Bool = false, place: Place? = nil, weather: WeatherObservation? = nil, item: String? = nil
        ) {
            self.sourceID = sourceID
            self.moment = moment
            self.timeZone = timeZone
            self.title = title
            self.body = body
            self.tags = tags
            self.starred = starred
            self.place = place
            self.weather = weather
            self.item = item
        }
    }

    /// A photo inside the imported file: where it is in the archive, and the entry that shows it (how a problem
    /// with the photo names it).
    public struct Photo: Sendable, Equatable {
        public var sourceID: String
        public var path: String
        public var entry: String?

        public init(sourceID: String, path: String, entry: String? = nil) {
            self.sourceID = sourceID
            self.path = path
            self.entry = entry
        }
    }

    public struct Tracker: Sendable, Equatable {
        public var sourceID: String
        public var name: String
        public var kind: TrackerKind
        public var unit: TrackerUnit?
        public var isArchived: Bool
        /// `#rrggbb`, or nil for Daybook's default colour.
        public var color: String?
        public var target: TrackerTarget?
        /// How often it is meant to be met; every day when the source does not say.
        public var frequency: TrackerFrequency
        /// Its question or description, already within `Tracker.Limits.noteLength`.
        public var note: String?

        public init(
            sourceID: String, name: String, kind: TrackerKind, unit: TrackerUnit? = nil, isArchived: Bool = false,
            color: String? = nil, target: TrackerTarget? = nil, frequency: TrackerFrequency = .daily,
            note: String? = nil
        ) {
            self.sourceID = sourceID
            self.name = name
            self.kind = kind
            self.unit = unit
            self.isArchived = isArchived
            self.color = color
            self.target = target
            self.frequency = frequency
            self.note = note
        }
    }

    public struct Value: Sendable, Equatable {
        public var trackerSourceID: String
        public var day: DayKey
        public var value: Double

        public init(trackerSourceID: String, day: DayKey, value: Double) {
            self.trackerSourceID = trackerSourceID
            self.day = day
            self.value = value
        }
    }

    /// A day's mood (1 very low … 5 great), from a mood tracker. A file may hold several for one day; the latest
    /// (by `moment`, else the last in the file) becomes the day's mood.
    public struct Log: Sendable, Equatable {
        public var sourceID: String
        public var day: DayKey
        public var mood: Int
        /// When the mood was noted, when the file says.
        public var moment: Date?

        public init(sourceID: String, day: DayKey, mood: Int, moment: Date? = nil) {
            self.sourceID = sourceID
            self.day = day
            self.mood = mood
            self.moment = moment
        }
    }

    /// A mood name with no Daybook level, and how many items of the file carry it.
    public struct UnmappedMood: Sendable, Equatable {
        public var name: String
        public var count: Int

        public init(name: String, count: Int) {
            self.name = name
            self.count = count
        }
    }
}

/// The kinds of item an import counts.
public enum ImportItemKind: String, CaseIterable, Sendable {
    case entries, photos, trackers, values, moods
    /// Whatever a file holds that is none of the above (a voice note, a row that cannot be told apart).
    case other
}

/// An item that could not be imported, and why (in words for the person importing).
public struct ImportProblem: Sendable, Equatable {
    /// Where it is: the file and line, or the item's name or id.
    public var item: String
    public var reason: String
    /// What the item would have been; it is counted as read and skipped under that kind (`other` when unsaid).
    public var kind: ImportItemKind?
    /// How many items of `kind` the problem covers (a tracker refused with its values counts them all).
    public var covers: Int
    /// The reason as a string catalog key (`import.problem.…`) with its arguments, for the owner's language;
    /// `reason` is the English and what is shown when there is no key.
    public var key: String?
    public var arguments: [String]

    public init(
        item: String, reason: String, kind: ImportItemKind? = nil, covers: Int = 1, key: String? = nil,
        arguments: [String] = []
    ) {
        self.item = item
        self.reason = reason
        self.kind = kind
        self.covers = covers
        self.key = key
        self.arguments = arguments
    }

    /// A problem whose reason is the string catalog's `key` filled with `arguments`; `reason` is its English.
    public init(
        item: String, key: String, _ arguments: [String] = [], kind: ImportItemKind? = nil, covers: Int = 1
    ) {
        self.init(
            item: item, reason: Self.english.string(key, arguments: arguments), kind: kind, covers: covers, key: key,
            arguments: arguments)
    }

    private static let english = Localizer(language: .english, timeZone: .gmt, catalog: .bundled)
}

extension ImportBatch {
    /// Why a whole file was refused: nothing of it is imported.
    public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
        case unreadable(String)
        case unknownVersion(String)
        case tooLarge(limit: Int)
        /// The file is an encrypted jrnl journal (jrnl 1.x's AES, a Fernet token from jrnl 2+, or `JRNLv3`).
        case encryptedJrnl
        /// `journal` names none of the export's journals (`found`, in the archive's order).
        case unknownJournal(String, found: [String])

        public var description: String {
            switch self {
            case .encryptedJrnl: "This jrnl journal is encrypted: decrypt it with `jrnl --decrypt` first."
            case .unknownJournal(let name, let found):
                "The export has no journal named “\(name)”; its journals are "
                    + found.map { "“\($0)”" }.joined(separator: ", ") + "."
            case .unreadable(let reason): "The file cannot be read: \(reason)."
            case .unknownVersion(let version): "The file's format version (\(version)) is not one Daybook knows."
            case .tooLarge(let limit): "The file is larger than \(limit / 1_048_576) MB."
            }
        }
    }
}

/// A title and body where the title fits an entry's title: a longer one (jrnl's title is a whole first line)
/// opens the body instead, so no text is lost.
func fittingTitle(_ title: String, _ body: String) -> (title: String, body: String) {
    guard title.count > JournalEntry.Limits.titleLength else { return (title, body) }
    return ("", body.isEmpty ? title : title + "\n\n" + body)
}

/// A short, stable digest of text: the id of an item whose app gave it none (FNV-1a, 64 bits, hex).
public func contentDigest(_ parts: String...) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in parts.joined(separator: "\u{1F}").utf8 {
        hash ^= UInt64(byte)
        hash = hash &* 0x0000_0100_0000_01b3
    }
    return String(hash, radix: 16)
}

/// An item of a file read one at a time: an entry, or a problem with one (counted as its batch's are).
public enum ImportStreamItem: Sendable {
    case entry(ImportBatch.Entry)
    case problem(ImportProblem)
}

extension ImportBatch {
    /// Keeps an item of a file read one at a time, as a batch of the whole file holds it.
    public mutating func add(_ item: ImportStreamItem) {
        switch item {
        case .entry(let entry): entries.append(entry)
        case .problem(let problem): problems.append(problem)
        }
    }
}

/// A file whose entries are read one at a time, so that an import of it holds one entry, never the whole file.
/// It brings entries only (no photos, trackers or moods).
public protocol ImportEntryStream: Sendable {
    /// Hands each entry or problem on, in the file's order.
    ///
    /// - Throws: `ImportBatch.Problem` when the file cannot be read to its end, or what `take` throws; the import keeps
    ///   nothing then.
    func forEach(_ take: (ImportStreamItem) throws -> Void) throws
}
