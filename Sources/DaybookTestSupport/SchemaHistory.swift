import Crypto
import DaybookCore
import DaybookStore
import Foundation
import GRDB

/// Databases as earlier versions of Daybook left them: the schema after one migration, holding what a person had
/// written by then.
///
/// One list of rows serves every migration: each row names every column its table ever had, and a fill writes into
/// the tables that exist at that point only the columns they have then. What Daybook derives (tags of live entries,
/// the search index, focus per day) is written as the store did; what triggers keep (the changes feed, tag counts)
/// is left to them.
public enum SchemaHistory {
    /// Every migration, oldest first.
    public static var migrations: [String] { AppDatabase.migrator.migrations }

    /// The migrations an earlier version can have stopped at: all but the latest.
    public static var earlierPoints: [String] { Array(migrations.dropLast()) }

    /// An empty database in memory at exactly `migration`.
    public static func database(at migration: String) throws -> DatabaseQueue {
        let queue = try DatabaseQueue(configuration: AppDatabase.makeConfiguration())
        try AppDatabase.migrator.migrate(queue, upTo: migration)
        return queue
    }

    /// An empty database file at `path`, at exactly `migration`.
    public static func databaseFile(at migration: String, path: String) throws -> DatabasePool {
        let pool = try DatabasePool(path: path, configuration: AppDatabase.makeConfiguration())
        try AppDatabase.migrator.migrate(pool, upTo: migration)
        return pool
    }

    /// Writes the sample rows, `entries` more journal entries and `days` more days of tracker values, blocks and
    /// focus, into the tables and columns that exist.
    ///
    /// - Returns: the tables and columns that were written.
    @discardableResult
    public static func fill(_ db: Database, entries: Int = 0, days: Int = 0) throws -> Written {
        var written = Written()
        let journal = SampleRows.entries + GeneratedRows.entries(entries)
        let sessions = SampleRows.focusSessions + GeneratedRows.focusSessions(days)
        let tables: [(String, [Values])] = [
            ("settings", [SampleRows.settings]), ("owner", [SampleRows.owner]),
            ("loginSession", SampleRows.loginSessions), ("apiToken", SampleRows.apiTokens),
            ("pairingLink", [SampleRows.pairingLink]), ("task", SampleRows.tasks + GeneratedRows.tasks(days)),
            ("taskCompletion", SampleRows.taskCompletions), ("taskSkip", SampleRows.taskSkips),
            ("taskDoneChange", SampleRows.taskDoneChanges), ("focusSession", sessions),
            ("focusTimer", [SampleRows.focusTimer]), ("focusDay", focusDays(sessions)),
            ("focusDayZone", [focusTotal(sessions)]), ("dailyLog", SampleRows.dailyLogs), ("photo", SampleRows.photos),
            ("journalEntry", journal), ("journalTag", tags(of: journal)), ("journalConflict", [SampleRows.conflict]),
            ("tracker", SampleRows.trackers), ("trackerValue", SampleRows.trackerValues + GeneratedRows.values(days)),
            ("connections", [SampleRows.connections]), ("weatherObservation", [SampleRows.weather]),
            ("weatherAttempt", [SampleRows.weatherAttempt]), ("reminderSettings", [SampleRows.reminders]),
            ("pushTarget", [SampleRows.pushTarget]), ("reminderSent", [SampleRows.reminderSent]),
            ("backupPlan", [SampleRows.backupPlan]), ("importedItem", [SampleRows.importedItem]),
            ("idempotencyKey", [SampleRows.idempotencyKey]), ("openedBy", [SampleRows.openedBy]),
        ]
        for (table, rows) in tables where try db.tableExists(table) {
            written.columns[table] = try insert(rows, into: table, db)
        }
        if try db.tableExists("searchIndex") { try buildSearchIndex(db) }
        return written
    }

    /// The tables and columns a fill wrote into: what the schema had at that point.
    public struct Written: Sendable {
        public var columns: [String: Set<String>] = [:]

        /// Whether `table` (and `column`, when given) existed and was written.
        public func has(_ table: String, _ column: String? = nil) -> Bool {
            guard let written = columns[table] else { return false }
            return column.map(written.contains) ?? true
        }
    }

    /// A photo's original, with the row it was stored with.
    public struct Picture: Sendable {
        public var id: String
        public var type: PhotoType
        public var width: Int
        public var height: Int
        public var data: Data
        public var sha256: String { SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined() }
    }

    /// The photos of the sample rows: a JPEG (the cover of the walk by the river) and a PNG (in the park lunch).
    public static let pictures: [Picture] = [
        Picture(
            id: "1b4e28ba-2fa1-41d2-883f-0016d3cca427", type: .jpeg, width: 48, height: 32,
            data: picture(.jpeg, width: 48, height: 32)),
        Picture(
            id: "6fa459ea-ee8a-4ca4-894e-db77e160355e", type: .png, width: 24, height: 24,
            data: picture(.png, width: 24, height: 24)),
    ]

    /// The owner's time zone in the sample rows.
    public static let seoul = TimeZone(identifier: "Asia/Seoul")!

    /// A row's values by column name.
    typealias Values = [String: DatabaseValue]

    private static func picture(_ format: TestPictures.Format, width: Int, height: Int) -> Data {
        do { return try TestPictures.make(format, width: width, height: height) } catch {
            fatalError("libvips could not write a \(format) picture: \(error)")
        }
    }

    /// Inserts the columns of `rows` that `table` has; returns those columns.
    private static func insert(_ rows: [Values], into table: String, _ db: Database) throws -> Set<String> {
        let existing = Set(try db.columns(in: table).map(\.name))
        guard let first = rows.first else { return existing }
        let columns = first.keys.filter(existing.contains).sorted()
        let marks = databaseQuestionMarks(count: columns.count)
        let statement = try db.makeStatement(
            sql: "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES (\(marks))")
        for row in rows {
            try statement.execute(arguments: StatementArguments(columns.map { row[$0] ?? .null }))
        }
        return Set(columns)
    }

    /// The tags of live entries, one row each, as the store writes them beside the entry.
    private static func tags(of entries: [Values]) -> [Values] {
        entries.filter { $0["deletedAt"] == .null }.flatMap { entry -> [Values] in
            guard let tags = String.fromDatabaseValue(entry["tags"] ?? .null), !tags.isEmpty else { return [] }
            return tags.components(separatedBy: "\n").map { tag in
                values([
                    "entryID": entry["id"], "tagKey": JournalTags.key(tag), "tag": tag, "moment": entry["moment"],
                ])
            }
        }
    }

    /// Focus per day of the owner's time zone, as the store keeps it once statistics were first shown.
    private static func focusDays(_ sessions: [Values]) -> [Values] {
        var days: [DayKey: FocusDayTotal] = [:]
        for row in sessions {
            let session = focusSession(row)
            for (day, seconds) in session.focusedSecondsByDay(in: seoul) {
                days[day, default: .init()].seconds += seconds
            }
            let first = DayKey(date: session.startedAt, timeZone: seoul)
            days[first, default: .init()].sessions += 1
            if session.outcome == .completed { days[first, default: .init()].completed += 1 }
        }
        return days.sorted { $0.key < $1.key }.map { day, total in
            values([
                "day": day.description, "seconds": total.seconds, "sessions": total.sessions,
                "completed": total.completed,
            ])
        }
    }

    private static func focusTotal(_ sessions: [Values]) -> Values {
        let all = sessions.map(focusSession)
        return values([
            "id": 1, "timeZone": seoul.identifier, "seconds": all.reduce(0) { $0 + $1.focusedSeconds },
            "sessions": all.count, "completed": all.filter { $0.outcome == .completed }.count,
        ])
    }

    private static func focusSession(_ row: Values) -> FocusSession {
        FocusSession(
            taskID: nil, startedAt: Date.fromDatabaseValue(row["startedAt"]!)!,
            endedAt: Date.fromDatabaseValue(row["endedAt"]!)!,
            focusedSeconds: Int.fromDatabaseValue(row["focusedSeconds"]!)!,
            pausedSeconds: 0, outcome: FocusOutcome(rawValue: String.fromDatabaseValue(row["outcome"]!)!)!,
            sound: .none, plannedSeconds: nil)
    }

    /// The journal's full-text index as Daybook built it when the database was first opened: external content
    /// over the live entries, with the tokenizer that has been `daybook1` since the journal began. The first
    /// journal's index kept no prefixes; it kept three-letter ones by the time trackers came.
    private static func buildSearchIndex(_ db: Database) throws {
        let prefix = try db.tableExists("tracker") ? ", prefix='3'" : ""
        try db.execute(
            sql: """
                CREATE VIRTUAL TABLE journalSearch USING fts5(title, plainText, tags, tokenize='daybook1',
                  content='journalEntry', content_rowid='number'\(prefix));
                INSERT INTO journalSearch (journalSearch, rank) VALUES ('rank', 'bm25(10.0, 1.0, 4.0)');
                INSERT INTO journalSearch (rowid, title, plainText, tags)
                  SELECT number, title, plainText, tags FROM journalEntry WHERE deletedAt IS NULL;
                INSERT INTO searchIndex (id, tokenizer) VALUES (1, 'daybook1');
                """)
    }

    /// A row of `pairs`, `nil` for NULL.
    static func values(_ pairs: [String: (any DatabaseValueConvertible)?]) -> Values {
        pairs.mapValues { $0?.databaseValue ?? .null }
    }
}

/// What one person had written, in rows as Daybook stores them: every column each table has ever had.
enum SampleRows {
    typealias Values = SchemaHistory.Values

    /// A moment in Seoul: `2026-11-20 07:30`.
    static func seoul(_ text: String) -> Date {
        Date.iso(text.replacingOccurrences(of: " ", with: "T") + ":00+09:00")
    }

    private static func row(_ pairs: [String: (any DatabaseValueConvertible)?]) -> Values {
        SchemaHistory.values(pairs)
    }

    static let settings = row([
        "id": 1, "name": "Mina", "journalName": "Morning Pages", "language": "ko", "accentColor": "#3a6ea5",
        "appearance": "dark", "timeZone": "Asia/Seoul", "firstWeekday": "monday", "units": "metric",
        "focusMinutes": 50, "focusSound": "rain", "dailyGoalMinutes": 90, "appBadge": "leftToday",
    ])

    static let owner = row(["id": 1, "passphraseHash": "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2g"])

    static let phoneDigest = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"
    static let laptopDigest = "60303ae22b998861bce3b28f33eec1be758a213c86c93c076dbe9f558c11c752"

    static let loginSessions = [
        row([
            "digest": phoneDigest, "createdAt": seoul("2026-11-01 08:00"), "expiresAt": seoul("2027-02-18 07:00"),
            "id": String(phoneDigest.suffix(16)), "deviceName": "iPhone · Safari",
            "lastSeenAt": seoul("2026-11-20 07:00"), "endedAt": nil,
        ]),
        row([
            "digest": laptopDigest, "createdAt": seoul("2026-11-05 19:00"), "expiresAt": seoul("2027-02-08 19:00"),
            "id": String(laptopDigest.suffix(16)), "deviceName": "Firefox on Linux",
            "lastSeenAt": seoul("2026-11-10 19:00"), "endedAt": seoul("2026-11-12 09:00"),
        ]),
    ]

    static let apiTokens = [
        row([
            "id": "tok-terminal", "name": "Terminal", "digest": "b5bb9d8014a0f9b1d61e21e796d78dccdf1352f2",
            "createdAt": seoul("2026-11-02 10:00"), "lastUsedAt": seoul("2026-11-20 06:00"), "scope": "full",
            "expiresAt": nil,
        ]),
        row([
            "id": "tok-widgets", "name": "Home screen", "digest": "7d865e959b2466918c9863afca942d0fb89d7c9a",
            "createdAt": seoul("2026-11-03 10:00"), "lastUsedAt": nil, "scope": "widgets",
            "expiresAt": seoul("2027-11-03 10:00"),
        ]),
    ]

    static let pairingDigest = "e7f6c011776e8db7cd330b54174fd76f7d0216b612387a5ffcfb81e6f0919683"
    static let pairingLink = row([
        "digest": pairingDigest, "createdAt": seoul("2026-11-19 20:00"), "expiresAt": seoul("2026-11-19 20:10"),
        "usedAt": seoul("2026-11-19 20:02"),
    ])

    static let tasks = [
        row([
            "id": "plan-week", "title": "Write the week's plan", "notes": "Three things only.", "day": "2026-11-20",
            "startMinute": 540, "durationMinutes": 60, "color": "teal", "isDone": true, "repeatRule": nil,
            "repeatUntil": nil, "madeAt": seoul("2026-11-20 10:00"),
        ]),
        row([
            "id": "morning-run", "title": "Morning run", "notes": "", "day": "2026-11-16", "startMinute": 420,
            "durationMinutes": 30, "color": "#e4572e", "isDone": false, "repeatRule": "weekly:mon,wed,fri",
            "repeatUntil": nil, "madeAt": seoul("2026-11-16 06:00"),
        ]),
        row([
            "id": "read-hour", "title": "Read", "notes": "Poems first.", "day": "2026-11-17", "startMinute": nil,
            "durationMinutes": 45, "color": "violet", "isDone": false, "repeatRule": "daily",
            "repeatUntil": "2026-11-21", "madeAt": nil,
        ]),
    ]

    static let taskCompletions = [
        row(["taskID": "morning-run", "day": "2026-11-18"]), row(["taskID": "morning-run", "day": "2026-11-20"]),
        row(["taskID": "read-hour", "day": "2026-11-19"]),
    ]

    static let taskSkips = [row(["taskID": "morning-run", "day": "2026-11-16"])]

    static let taskDoneChanges = [
        row(["taskID": "plan-week", "day": "2026-11-20", "madeAt": seoul("2026-11-20 10:00")]),
        row(["taskID": "morning-run", "day": "2026-11-20", "madeAt": seoul("2026-11-20 07:31")]),
    ]

    static let focusSessions = [
        row([
            "taskID": "plan-week", "startedAt": seoul("2026-11-20 09:00"), "endedAt": seoul("2026-11-20 09:25"),
            "focusedSeconds": 1500, "pausedSeconds": 0, "outcome": "completed", "sound": "rain",
            "plannedSeconds": 1500,
        ]),
        row([
            "taskID": nil, "startedAt": seoul("2026-11-19 21:10"), "endedAt": seoul("2026-11-19 22:05"),
            "focusedSeconds": 3000, "pausedSeconds": 300, "outcome": "stopped-early", "sound": "waves",
            "plannedSeconds": 3600,
        ]),
        row([
            "taskID": nil, "startedAt": seoul("2026-11-18 23:40"), "endedAt": seoul("2026-11-19 00:20"),
            "focusedSeconds": 2400, "pausedSeconds": 0, "outcome": "completed", "sound": "none",
            "plannedSeconds": nil,
        ]),
    ]

    /// A countdown on the morning run, paused after ten minutes.
    static let focusTimer = row([
        "id": 1,
        "state": """
        {"phase":"paused","mode":"countdown","plannedSeconds":1500,"taskID":"morning-run","sound":"birdsong",\
        "accumulated":600,"sessionStartedAt":\(Int(seoul("2026-11-21 07:00").timeIntervalSince1970)),\
        "pausedAt":\(Int(seoul("2026-11-21 07:10").timeIntervalSince1970)),"pausedTotal":0}
        """,
    ])

    static let dailyLogs = [
        row([
            "day": "2026-11-20", "sleepQuality": 4, "mood": 5, "reflection": "Slept early; the run felt easy.",
            "updatedAt": seoul("2026-11-20 22:00"), "sleepQualityAt": seoul("2026-11-20 07:10"),
            "moodAt": seoul("2026-11-20 22:00"), "reflectionAt": seoul("2026-11-20 22:00"),
        ]),
        row([
            "day": "2026-11-19", "sleepQuality": nil, "mood": 2, "reflection": "",
            "updatedAt": seoul("2026-11-19 23:00"), "sleepQualityAt": nil, "moodAt": seoul("2026-11-19 23:00"),
            "reflectionAt": nil,
        ]),
    ]

    static let photos = SchemaHistory.pictures.map { picture in
        row([
            "id": picture.id, "type": picture.type.rawValue, "width": picture.width, "height": picture.height,
            "bytes": picture.data.count, "takenAt": picture.type == .jpeg ? "2026-11-20T07:28:10+09:00" : nil,
            "latitude": picture.type == .jpeg ? 37.5172 : nil, "longitude": picture.type == .jpeg ? 126.9368 : nil,
            "createdAt": seoul("2026-11-20 07:34"), "sha256": picture.sha256,
        ])
    }

    /// Where the walk by the river was written, and the square and hour its weather is kept under.
    static let river = Coordinate(latitude: 37.5172, longitude: 126.9368)!
    static let riverWeather = WeatherKey(river, at: seoul("2026-11-20 07:30"))
    static let kyotoWeather = WeatherKey(
        Coordinate(latitude: 35.0116, longitude: 135.7681)!, at: seoul("2026-11-18 15:00"))

    static let entries = [
        entry(
            "river-walk", at: "2026-11-20 07:30", title: "Walk by the Han river",
            body: "Cold wind and a bright sky.\n\n![Herons](/photos/\(SchemaHistory.pictures[0].id))\n\n"
                + "Two **herons** stood under the bridge.",
            plainText: "Cold wind and a bright sky.\n\nHerons\n\nTwo herons stood under the bridge.",
            tags: "walk\nSeoul", starred: true, cover: SchemaHistory.pictures[0].id,
            place: (river.latitude, river.longitude, "Seoul", "KR"), updated: "2026-11-20 08:10", revision: 2,
            madeAt: seoul("2026-11-20 08:09"), lineage: "edit-7f3a"),
        entry(
            "kyoto-leaves", at: "2026-11-18 15:00", title: "京都の紅葉", body: "東京から新幹線で京都へ。紅葉がとても綺麗でした。",
            plainText: "東京から新幹線で京都へ。紅葉がとても綺麗でした。", tags: "旅行\n紅葉", place: (35.0116, 135.7681, "京都市", "JP"),
            updated: "2026-11-18 21:00"),
        entry(
            "park-lunch", at: "2026-11-19 12:30", title: "점심 산책",
            body: "회사 근처 공원에서 김밥을 먹었다.\n\n![](/photos/\(SchemaHistory.pictures[1].id))",
            plainText: "회사 근처 공원에서 김밥을 먹었다.", tags: "점심\nwalk", updated: "2026-11-19 12:40"),
        entry(
            "lighthouse-draft", at: "2026-11-10 22:00", title: "Unfinished thought",
            body: "Something about lighthouses.", plainText: "Something about lighthouses.", tags: "draft",
            updated: "2026-11-10 22:05", deleted: seoul("2026-11-15 09:00")),
    ]

    static func entry(
        _ id: String, at moment: String, title: String, body: String, plainText: String, tags: String,
        starred: Bool = false, cover: String? = nil, place: (Double, Double, String, String)? = nil, updated: String,
        revision: Int = 1, madeAt: Date? = nil, lineage: String? = nil, deleted: Date? = nil
    ) -> Values {
        let created = seoul(moment).addingTimeInterval(300)
        return row([
            "id": id, "moment": seoul(moment), "day": String(moment.prefix(10)), "timeZone": "Asia/Seoul",
            "title": title, "body": body, "plainText": plainText, "wordCount": JournalText.wordCount(plainText),
            "tags": tags, "isStarred": starred, "coverPhotoID": cover, "createdAt": min(created, seoul(updated)),
            "updatedAt": seoul(updated), "revision": revision, "deletedAt": deleted, "latitude": place?.0,
            "longitude": place?.1, "placeName": place?.2, "placeCountry": place?.3, "madeAt": madeAt,
            "lineage": lineage,
        ])
    }

    /// The other version of the walk by the river, written on the laptop from revision 1, not chosen yet.
    static let conflict = row([
        "id": "conflict-river", "entryID": "river-walk", "moment": seoul("2026-11-20 07:30"), "day": "2026-11-20",
        "timeZone": "Asia/Seoul", "title": "Walk by the river", "body": "Cold wind.", "plainText": "Cold wind.",
        "tags": "walk", "isStarred": false, "coverPhotoID": nil, "latitude": river.latitude,
        "longitude": river.longitude, "placeName": "Seoul", "placeCountry": "KR", "madeAt": seoul("2026-11-20 08:05"),
        "entryMadeAt": seoul("2026-11-20 08:09"), "baseRevision": 1, "entryRevision": 2,
        "createdAt": seoul("2026-11-20 08:10"), "resolvedAt": nil,
    ])

    static let trackers = [
        tracker(
            "water", "Water", kind: "number", unit: ("litres", nil), target: ("atLeast", 2), color: "teal",
            position: 0, note: "A glass is a quarter litre."),
        tracker(
            "run", "Run", kind: "boolean", color: "coral", position: 1, frequency: (3, 7),
            note: "Even a short one counts."),
        tracker("energy", "Energy", kind: "rating", target: ("atLeast", 4), color: "amber", position: 2),
        tracker("reading", "Reading", kind: "duration", target: ("atLeast", 30), color: "violet", position: 3),
        tracker(
            "coffee", "Coffee", kind: "number", unit: ("custom", "cups"), target: ("atMost", 2), color: "brown",
            position: 0, archivedAt: seoul("2026-11-15 12:00")),
    ]

    static func tracker(
        _ id: String, _ name: String, kind: String, unit: (String, String?)? = nil, target: (String, Double)? = nil,
        color: String, position: Int, frequency: (Int, Int) = (1, 1), note: String? = nil, archivedAt: Date? = nil
    ) -> Values {
        row([
            "id": id, "name": name, "nameKey": name.lowercased(), "kind": kind, "unit": unit?.0, "unitLabel": unit?.1,
            "targetComparison": target?.0, "targetValue": target?.1, "color": color, "position": position,
            "createdAt": seoul("2026-11-01 09:00"), "archivedAt": archivedAt, "frequencyTimes": frequency.0,
            "frequencyDays": frequency.1, "note": note,
        ])
    }

    private static let dayValues: [(tracker: String, day: String, value: Double)] = [
        ("water", "2026-11-19", 1.75), ("water", "2026-11-20", 2.5), ("run", "2026-11-18", 1), ("run", "2026-11-20", 1),
        ("energy", "2026-11-20", 4), ("reading", "2026-11-19", 45), ("coffee", "2026-11-10", 3),
    ]

    static let trackerValues = dayValues.map { id, day, value in
        row(["trackerID": id, "day": day, "value": value, "updatedAt": seoul("\(day) 21:00")])
    }

    static let connections = row([
        "id": 1, "weather": true, "tileURL": "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
        "tileAttribution": "© OpenStreetMap contributors", "geocoderURL": "",
    ])

    static let weather = row([
        "latitude": riverWeather.latitude, "longitude": riverWeather.longitude, "hour": riverWeather.hour,
        "condition": "partlyCloudy", "temperature": 3.5, "high": 8.0, "low": -1.5, "precipitation": 0.0,
        "wind": 14.0, "fetchedAt": seoul("2026-11-20 08:11"),
    ])

    static let weatherAttempt = row([
        "latitude": kyotoWeather.latitude, "longitude": kyotoWeather.longitude, "hour": kyotoWeather.hour,
        "failures": 2, "retryAt": seoul("2026-11-18 21:05"), "reason": "the request timed out",
    ])

    static let reminders = row([
        "id": 1, "journalTime": "21:30", "blockStart": true, "focusFinished": false, "inPage": true,
        "webPush": true, "ntfyURL": "https://ntfy.sh/mina-daybook", "checkedThrough": seoul("2026-11-20 07:00"),
        "pushContact": "mailto:mina@example.com",
    ])

    static let pushTarget = row([
        "endpoint": "https://web.push.apple.com/QGx1c2VyLWFnZW50", "p256dh": "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA",
        "auth": "tBHItJI5svbpez7KI4CCXg", "createdAt": seoul("2026-11-06 08:00"),
    ])

    static let reminderSent = row(["key": "journal/2026-11-19", "sentAt": seoul("2026-11-19 21:30")])

    static let backupPlan = row([
        "id": 1, "passphrase": "river heron lantern",
        "recipients": "age1ql3z7hjy54pw3hyww5ayyfg7zqgvc7w3j2elw8zmrj2kg5sfn9aqmcac8p",
        "secondFolder": "/mnt/usb/daybook", "lastSuccessAt": seoul("2026-11-20 03:00"),
        "lastFile": "daybook-2026-11-20.tar.age", "lastSize": 48213, "lastFailureAt": seoul("2026-11-18 03:00"),
        "lastFailure": "the second folder is not mounted",
    ])

    static let importedItem = row([
        "source": "jrnl", "kind": "entry", "sourceID": "2026-11-18 15:00 京都の紅葉", "localID": "kyoto-leaves",
        "importedAt": seoul("2026-11-18 21:00"),
    ])

    static let idempotencyKey = row([
        "key": "5d0c8a56-6f1e-4f7e-9a51-3c2b0e0f7a11", "method": "POST", "path": "/api/v1/journal",
        "digest": "2c26b46b68ffc68ff99b453c1d30413413422d706483bfa0f98a5e886266e7ae",
        "createdAt": seoul("2026-11-20 07:35"), "status": 201, "contentType": "application/json",
        "location": "/api/v1/journal/river-walk", "body": Data(#"{"id":"river-walk"}"#.utf8),
    ])

    static let openedBy = row(["id": 1, "version": "0.26.0", "openedAt": seoul("2026-11-20 06:59")])
}

/// More of the same, for a journal of some size: entries in four languages over the years before the sample, and
/// days of tracker values, blocks and focus before them.
enum GeneratedRows {
    typealias Values = SchemaHistory.Values

    private static let words = [
        "morning", "coffee", "river", "train", "letter", "garden", "rain", "market", "bridge", "lantern", "window",
        "quiet", "walked", "cooked", "talked", "slept", "mountain", "harbour", "album", "kitchen", "notebook",
        "bicycle", "sunset", "friends", "office", "library", "winter", "autumn", "ocean", "tea",
    ]
    private static let phrases = ["오늘은 비가 왔다.", "친구와 저녁을 먹었다.", "東京で友達に会った。", "今天去了图书馆。", "山の空気が冷たい。"]
    private static let tagSets = ["work", "family", "walk\nwork", "旅行", "", "reading", "점심"]
    private static let first = SampleRows.seoul("2026-11-01 08:00")

    static func entries(_ count: Int) -> [Values] {
        (0..<count).map { index in
            let moment = first.addingTimeInterval(-Double(index) * 31_537)
            let day = DayKey(date: moment, timeZone: SchemaHistory.seoul)
            var text = (0..<40).map { words[(index * 7 + $0 * $0 + $0 * 3) % words.count] }.joined(separator: " ")
            if index % 5 == 0 { text += " " + phrases[index / 5 % phrases.count] }
            let place = index % 3 == 0 ? (37.5 + Double(index % 50) / 100, 127.0 + Double(index % 70) / 100) : nil
            return SchemaHistory.values([
                "id": "entry-\(index)", "moment": moment, "day": day.description, "timeZone": "Asia/Seoul",
                "title": "Day \(index): \(words[index % words.count])", "body": text, "plainText": text,
                "wordCount": JournalText.wordCount(text), "tags": tagSets[index % tagSets.count],
                "isStarred": index % 11 == 0, "coverPhotoID": nil, "createdAt": moment, "updatedAt": moment,
                "revision": 1, "deletedAt": nil, "latitude": place?.0, "longitude": place?.1,
                "placeName": place == nil ? nil : "Seoul", "placeCountry": place == nil ? nil : "KR", "madeAt": nil,
                "lineage": nil,
            ])
        }
    }

    private static func day(_ offset: Int) -> DayKey {
        DayKey(date: first, timeZone: SchemaHistory.seoul).adding(days: -offset)
    }

    static func values(_ days: Int) -> [Values] {
        (1..<(days + 1)).flatMap { offset -> [Values] in
            let evening = day(offset).date(in: SchemaHistory.seoul).addingTimeInterval(75_600)
            let water: Double = Double(offset % 4) * 0.5 + 1
            let energy: Double = Double(offset % 5 + 1)
            return [("water", water), ("energy", energy)].map { id, value in
                SchemaHistory.values([
                    "trackerID": id, "day": day(offset).description, "value": value, "updatedAt": evening,
                ])
            }
        }
    }

    static func tasks(_ days: Int) -> [Values] {
        (1..<(days + 1)).map { offset -> Values in
            let start: Int = 480 + offset % 8 * 60
            return SchemaHistory.values([
                "id": "block-\(offset)", "title": "Block \(offset)", "notes": "", "day": day(offset).description,
                "startMinute": start, "durationMinutes": 50, "color": "teal", "isDone": offset % 3 != 0,
                "repeatRule": nil, "repeatUntil": nil, "madeAt": nil,
            ])
        }
    }

    static func focusSessions(_ days: Int) -> [Values] {
        (1..<(days + 1)).map { offset -> Values in
            let minute: Int = 480 + offset % 8 * 60
            let start = day(offset).date(in: SchemaHistory.seoul).addingTimeInterval(Double(minute * 60))
            return SchemaHistory.values([
                "taskID": "block-\(offset)", "startedAt": start, "endedAt": start.addingTimeInterval(1500),
                "focusedSeconds": 1500, "pausedSeconds": 0, "outcome": "completed", "sound": "rain",
                "plannedSeconds": 1500,
            ])
        }
    }
}
