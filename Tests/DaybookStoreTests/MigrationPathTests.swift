import DaybookCore
import DaybookStore
import DaybookTestSupport
import Foundation
import GRDB
import Testing

/// Every schema an earlier version left, filled with what a person had written by then, opened by this version.
@Suite("An earlier database opens with everything in it")
struct MigrationPathTests {
    static let seoul = SchemaHistory.seoul
    static let calendar = Calendar.gregorian(in: seoul)

    /// The database an earlier version left after `point`, holding the rows of its time, opened by this version.
    static func upgraded(from point: String) throws -> (AppDatabase, SchemaHistory.Written) {
        let queue = try SchemaHistory.database(at: point)
        let written = try queue.write { db in try SchemaHistory.fill(db) }
        return (try AppDatabase(queue), written)
    }

    static func day(_ text: String) -> DayKey { DayKey(string: text)! }
    static func seoul(_ text: String) -> Date { Date.iso(text.replacingOccurrences(of: " ", with: "T") + ":00+09:00") }

    @Test(
        "every kind of thing an earlier version kept is in its sample, so none goes untried",
        arguments: SchemaHistory.earlierPoints)
    func everyTableFilled(point: String) throws {
        // Given the schema an earlier version left, filled with the rows of its time
        let queue = try SchemaHistory.database(at: point)
        try queue.write { db in _ = try SchemaHistory.fill(db) }
        // Then no table of it is empty (the search index's own tables aside)
        let empty = try queue.read { db in
            try String.fetchAll(
                db,
                sql: """
                    SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
                      AND name NOT LIKE 'grdb_%' AND name NOT LIKE 'journalSearch%'
                    """
            ).filter { table in try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table)") == 0 }
        }
        #expect(empty.isEmpty)
    }

    @Test(
        "the journal reads as it was written: words, tags, places, cover photos, the trash and the other versions",
        arguments: SchemaHistory.earlierPoints)
    func journal(point: String) async throws {
        // Given a journal written by an earlier version, when this version opens it
        let (database, written) = try Self.upgraded(from: point)
        guard written.has("journalEntry") else {
            #expect(try await database.entries(JournalListQuery()).entries.isEmpty)
            return
        }
        // Then each entry reads whole
        let river = try #require(try await database.entry(id: "river-walk"))
        #expect(river.title == "Walk by the Han river")
        #expect(river.body.hasSuffix("Two **herons** stood under the bridge."))
        #expect(river.plainText.hasPrefix("Cold wind and a bright sky."))
        #expect(river.tags == ["walk", "Seoul"])
        #expect(river.isStarred && river.revision == 2)
        #expect(river.moment == Self.seoul("2026-11-20 07:30") && river.day == Self.day("2026-11-20"))
        #expect(river.coverPhotoID == SchemaHistory.pictures[0].id)
        let kyoto = try #require(try await database.entry(id: "kyoto-leaves"))
        #expect(kyoto.title == "京都の紅葉" && kyoto.tags == ["旅行", "紅葉"] && kyoto.body.contains("新幹線"))
        let lunch = try #require(try await database.entry(id: "park-lunch"))
        #expect(lunch.title == "점심 산책" && lunch.tags == ["점심", "walk"] && lunch.place == nil)
        // And where they were written, once entries had places
        if written.has("journalEntry", "latitude") {
            #expect(river.place?.name == "Seoul" && river.place?.country == "KR")
            #expect(river.place?.coordinate.latitude == 37.5172 && river.place?.coordinate.longitude == 126.9368)
            #expect(kyoto.place?.name == "京都市" && kyoto.place?.country == "JP")
        } else {
            #expect(river.place == nil && kyoto.place == nil)
        }
        // And the lists, the tags, the calendar and the trash show them
        #expect(
            try await database.entries(JournalListQuery()).entries.map(\.id) == [
                "river-walk", "park-lunch", "kyoto-leaves",
            ])
        #expect(
            try await database.entries(JournalListQuery(tag: "WALK")).entries.map(\.id) == ["river-walk", "park-lunch"])
        #expect(try await database.entries(JournalListQuery(starredOnly: true)).entries.map(\.id) == ["river-walk"])
        let counts = try await database.tagCounts()
        #expect(counts.first == JournalTagCount(tag: "walk", count: 2))
        #expect(Set(counts.map(\.tag)) == ["walk", "Seoul", "旅行", "紅葉", "점심"])
        let days = try await database.calendarDays(from: Self.day("2026-11-18"), through: Self.day("2026-11-20"))
        #expect(days.map(\.entryCount) == [1, 1, 1])
        #expect(days.map(\.hasDailyLog) == [false, true, true])
        #expect(days.last?.coverPhotoID == SchemaHistory.pictures[0].id)
        #expect(try await database.trashedEntries().map(\.id) == ["lighthouse-draft"])
        // And the version written on another device waits beside its entry, once such versions were kept
        let conflicts = try await database.conflicts(entryID: "river-walk")
        #expect(conflicts.map(\.content.title) == (written.has("journalConflict") ? ["Walk by the river"] : []))
        #expect(conflicts.allSatisfy { $0.resolvedAt == nil && $0.baseRevision == 1 })
    }

    @Test(
        "photos keep their size, place and hash, and entries keep the weather of their hour",
        arguments: SchemaHistory.earlierPoints)
    func photosAndWeather(point: String) async throws {
        // Given photos and weather kept by an earlier version, when this version opens them
        let (database, written) = try Self.upgraded(from: point)
        let store = FilePhotoStore(database: database, folder: Fixtures.temporaryFolder())
        let photos = try await store.photos(ids: SchemaHistory.pictures.map(\.id))
        guard written.has("photo") else {
            #expect(photos.isEmpty)
            return
        }
        // Then every photo reads as stored; a hash is there once hashes were kept
        #expect(photos.map(\.id) == SchemaHistory.pictures.map(\.id))
        for (photo, picture) in zip(photos, SchemaHistory.pictures) {
            #expect(photo.type == picture.type && photo.width == picture.width && photo.height == picture.height)
            #expect(photo.bytes == picture.data.count)
            #expect(photo.sha256 == (written.has("photo", "sha256") ? picture.sha256 : nil))
        }
        #expect(photos[0].takenAt == "2026-11-20T07:28:10+09:00" && photos[0].latitude == 37.5172)
        #expect(photos[1].takenAt == nil && photos[1].latitude == nil)
        // And the walk by the river has the weather of its place and hour
        guard written.has("weatherObservation") else { return }
        let river = try #require(try await database.entry(id: "river-walk"))
        let key = WeatherKey(try #require(river.place?.coordinate), at: river.moment)
        #expect(
            try await database.weather(at: key)
                == WeatherObservation(
                    condition: .partlyCloudy, temperature: 3.5, high: 8, low: -1.5, precipitation: 0, wind: 14))
        #expect(try await database.loadConnections().weather)
    }

    @Test(
        "an earlier journal is found by a word of its text, in English, Japanese and Korean, and by new words too",
        arguments: SchemaHistory.earlierPoints)
    func search(point: String) async throws {
        // Given a journal written by an earlier version, when this version opens it
        let (database, written) = try Self.upgraded(from: point)
        func found(_ text: String) async throws -> [String] {
            try await database.search(JournalSearchQuery(text: text)).hits.map(\.entry.id)
        }
        guard written.has("journalEntry") else {
            #expect(try await found("herons").isEmpty)
            return
        }
        // Then a word of an entry finds it, also a word still being typed, a tag, and a run of Japanese or Korean
        #expect(try await found("herons") == ["river-walk"])
        #expect(try await found("hero") == ["river-walk"])
        #expect(try await found("Seoul") == ["river-walk"])
        #expect(try await found("紅葉") == ["kyoto-leaves"])
        #expect(try await found("新幹線") == ["kyoto-leaves"])
        #expect(try await found("김밥") == ["park-lunch"])
        // And an entry in the trash stays out of the results
        #expect(try await found("lighthouses").isEmpty)
        // And an entry written now is found beside the old ones
        let content = JournalEntryContent(
            moment: Self.seoul("2026-11-21 08:00"), day: Self.day("2026-11-21"), timeZone: "Asia/Seoul",
            title: "Herons again", body: "The herons came back.", tags: [], isStarred: false, coverPhotoID: nil)
        _ = try await database.createEntry(
            id: "herons-again", content, plainText: "The herons came back.", origin: nil,
            at: Self.seoul("2026-11-21 08:05"))
        #expect(Set(try await found("herons")) == ["river-walk", "herons-again"])
        let difference = try database.searchIndexDifference()
        #expect(difference.missing == 0 && difference.extra == 0)
    }

    @Test(
        "trackers of every kind keep their unit, target, frequency and values", arguments: SchemaHistory.earlierPoints)
    func trackers(point: String) async throws {
        // Given trackers kept by an earlier version, when this version opens them
        let (database, written) = try Self.upgraded(from: point)
        let trackers = try await database.trackers()
        guard written.has("tracker") else {
            #expect(trackers.isEmpty)
            return
        }
        // Then the active ones come in their order, the archived one after them
        #expect(trackers.map(\.id) == ["water", "run", "energy", "reading", "coffee"])
        #expect(trackers.map(\.kind) == [.number, .boolean, .rating, .duration, .number])
        #expect(trackers.map(\.isArchived) == [false, false, false, false, true])
        #expect(trackers[0].unit == .canonical(.litres) && trackers[0].target == TrackerTarget(.atLeast, 2))
        #expect(trackers[2].target == TrackerTarget(.atLeast, 4) && trackers[3].target == TrackerTarget(.atLeast, 30))
        #expect(trackers[4].unit == .custom("cups") && trackers[4].target == TrackerTarget(.atMost, 2))
        // And a frequency and a note, once trackers had them; every day and no note before
        if written.has("tracker", "frequencyTimes") {
            #expect(trackers[1].frequency.times == 3 && trackers[1].frequency.days == 7)
            #expect(trackers[1].note == "Even a short one counts.")
        } else {
            #expect(trackers[1].frequency == .daily && trackers[1].note == nil)
        }
        // And each one's values by day
        func values(_ id: String) async throws -> [DayKey: Double] {
            try await database.trackerValues(
                trackerID: id, from: Self.day("2026-11-01"), through: Self.day("2026-11-30"))
        }
        #expect(try await values("water") == [Self.day("2026-11-19"): 1.75, Self.day("2026-11-20"): 2.5])
        #expect(try await values("run") == [Self.day("2026-11-18"): 1, Self.day("2026-11-20"): 1])
        #expect(try await values("energy") == [Self.day("2026-11-20"): 4])
        #expect(try await values("reading") == [Self.day("2026-11-19"): 45])
        #expect(try await values("coffee") == [Self.day("2026-11-10"): 3])
    }

    @Test(
        "blocks keep their time, their repeat, their skipped and done days, and focus keeps its sessions and totals",
        arguments: SchemaHistory.earlierPoints)
    func planAndFocus(point: String) async throws {
        // Given blocks and focus kept by an earlier version, when this version opens them
        let (database, written) = try Self.upgraded(from: point)
        func tasks(_ day: String) async throws -> [String] {
            try await database.tasks(on: Self.day(day), calendar: Self.calendar).map {
                "\($0.id)\($0.isDone ? " ✓" : "")"
            }
        }
        guard written.has("task") else {
            #expect(try await tasks("2026-11-20").isEmpty)
            #expect(try await database.loadTimer() == .idle)
            return
        }
        // Then each day shows its blocks, timed ones first, with what was done
        #expect(try await tasks("2026-11-20") == ["morning-run ✓", "plan-week ✓", "read-hour"])
        #expect(try await tasks("2026-11-18") == ["morning-run ✓", "read-hour"])
        #expect(try await tasks("2026-11-19") == ["read-hour ✓"])
        // And a day taken out of a series stays out, and a series that ended stays ended, once they could
        #expect(try await tasks("2026-11-16") == (written.has("taskSkip") ? [] : ["morning-run"]))
        #expect(try await tasks("2026-11-22") == (written.has("task", "repeatUntil") ? [] : ["read-hour"]))
        let plan = try #require(try await database.task(id: "plan-week"))
        #expect(plan.title == "Write the week's plan" && plan.notes == "Three things only.")
        #expect(plan.start?.minutes == 540 && plan.durationMinutes == 60 && plan.colorHex == "teal")
        let run = try #require(try await database.task(id: "morning-run"))
        #expect(run.repeatRule == .weekly([.monday, .wednesday, .friday]) && run.colorHex == "#e4572e")
        // And the timer is where it was left
        let timer = try await database.loadTimer()
        #expect(timer.phase == .paused && timer.mode == .countdown(seconds: 1500) && timer.accumulated == 600)
        #expect(timer.taskID == "morning-run" && timer.sound == .birdsong)
        #expect(timer.pausedAt == Self.seoul("2026-11-21 07:10"))
        // And the sessions, their totals and focus per day
        let week = DateInterval(start: Self.seoul("2026-11-16 00:00"), end: Self.seoul("2026-11-23 00:00"))
        let sessions = try await database.sessions(in: week)
        #expect(sessions.map(\.focusedSeconds) == [2400, 3000, 1500])
        #expect(sessions.map(\.outcome) == [.completed, .stoppedEarly, .completed])
        #expect(sessions.map(\.sound) == [.none, .waves, .rain])
        #expect(sessions.map(\.plannedSeconds) == [nil, 3600, 1500])
        let friday = DateInterval(start: Self.seoul("2026-11-20 00:00"), duration: 86_400)
        #expect(
            try await database.focusTotals(in: friday)
                == FocusTotals(seconds: 1500, sessions: 1, secondsByTask: ["plan-week": 1500]))
        #expect(
            try await database.focusDays(
                from: Self.day("2026-11-18"), through: Self.day("2026-11-20"), timeZone: Self.seoul)
                == [
                    Self.day("2026-11-18"): FocusDayTotal(seconds: 1200, sessions: 1, completed: 1),
                    Self.day("2026-11-19"): FocusDayTotal(seconds: 4200, sessions: 1, completed: 0),
                    Self.day("2026-11-20"): FocusDayTotal(seconds: 1500, sessions: 1, completed: 1),
                ])
        #expect(
            try await database.focusAllTime(timeZone: Self.seoul)
                == FocusDayTotal(seconds: 6900, sessions: 3, completed: 2))
    }

    @Test(
        "the Daily Log, the settings, the passphrase, the tokens and the signed-in devices are as they were",
        arguments: SchemaHistory.earlierPoints)
    func logsSettingsAndAccess(point: String) async throws {
        // Given what an earlier version kept of the owner, when this version opens it
        let (database, written) = try Self.upgraded(from: point)
        // Then the settings are theirs; what came later has its first value
        let settings = try #require(try await database.loadSettings())
        #expect(settings.name == "Mina" && settings.journalName == "Morning Pages" && settings.language == .korean)
        #expect(settings.accentColor.hex == "#3a6ea5" && settings.appearance == .dark && settings.units == .metric)
        #expect(settings.timeZoneIdentifier == "Asia/Seoul" && settings.firstWeekday == .monday)
        #expect(settings.focusMinutes == 50 && settings.focusSound == .rain)
        #expect(settings.dailyGoalMinutes == (written.has("settings", "dailyGoalMinutes") ? 90 : 120))
        #expect(settings.appBadge == (written.has("settings", "appBadge") ? .leftToday : .off))
        // And the Daily Log, once there was one
        if written.has("dailyLog") {
            #expect(
                try await database.dailyLog(on: Self.day("2026-11-20"))
                    == DailyLog(
                        day: Self.day("2026-11-20"), sleepQuality: 4, mood: 5,
                        reflection: "Slept early; the run felt easy.", updatedAt: Self.seoul("2026-11-20 22:00")))
            #expect(try await database.dailyLog(on: Self.day("2026-11-19"))?.mood == 2)
        }
        // And the passphrase and the tokens; a token from before scopes reaches the whole API, as it did
        #expect(try await database.passphraseHash()?.hasPrefix("$argon2id$") == true)
        let tokens = try await database.tokens()
        #expect(tokens.map(\.id) == ["tok-widgets", "tok-terminal"])
        #expect(tokens.map(\.lastUsedAt) == [nil, Self.seoul("2026-11-20 06:00")])
        let scoped = written.has("apiToken", "scope")
        #expect(tokens.map(\.scope) == (scoped ? [.widgets, .full] : [.full, .full]))
        #expect(tokens[0].expiresAt == (scoped ? Self.seoul("2027-11-03 10:00") : nil))
        // And the devices signed in: one ended in Settings is told so, once devices could be ended
        let now = Self.seoul("2026-11-21 09:00")
        let devices = try await database.sessions(at: now)
        if written.has("loginSession", "endedAt") {
            #expect(devices.map(\.name) == ["iPhone · Safari"])
            #expect(devices.first?.lastSeenAt == Self.seoul("2026-11-20 07:00"))
            #expect(try await database.sessionWasEnded(digest: SampleDigests.laptop, at: now))
        } else {
            #expect(
                devices.map(\.id) == [String(SampleDigests.laptop.suffix(16)), String(SampleDigests.phone.suffix(16))])
            #expect(devices.map(\.lastSeenAt) == [Self.seoul("2026-11-05 19:00"), Self.seoul("2026-11-01 08:00")])
        }
        #expect(
            devices.first { $0.id == String(SampleDigests.phone.suffix(16)) }?.expiresAt
                == Self.seoul("2027-02-18 07:00"))
    }

    @Test(
        "reminders, backups, outside services, imports and answered writes are as they were",
        arguments: SchemaHistory.earlierPoints)
    func services(point: String) async throws {
        // Given the rest of what an earlier version kept, when this version opens it
        let (database, written) = try Self.upgraded(from: point)
        // Then the reminders and the browsers they reach
        let reminders = try await database.loadReminderSettings()
        if written.has("reminderSettings") {
            #expect(reminders.journalTime?.minutes == 21 * 60 + 30 && reminders.blockStart && !reminders.focusFinished)
            #expect(reminders.webPush && reminders.ntfyURL == "https://ntfy.sh/mina-daybook")
            #expect(
                reminders.pushContact
                    == (written.has("reminderSettings", "pushContact") ? "mailto:mina@example.com" : ""))
            #expect(try await database.pushTargets().map(\.endpoint) == ["https://web.push.apple.com/QGx1c2VyLWFnZW50"])
            #expect(try await database.remindersCheckedThrough() == Self.seoul("2026-11-20 07:00"))
            #expect(
                try await database.claimReminder(key: "journal/2026-11-19", at: Self.seoul("2026-11-21 21:30")) == false
            )
        } else {
            #expect(reminders == .none)
        }
        // And the backups' lock and how the last ones went
        if written.has("backupPlan") {
            let plan = try await database.loadBackupPlan()
            #expect(plan.passphrase == "river heron lantern" && plan.secondFolder == "/mnt/usb/daybook")
            #expect(plan.recipients.count == 1 && plan.recipients[0].hasPrefix("age1"))
            let status = try await database.loadBackupStatus()
            #expect(status.lastFile == "daybook-2026-11-20.tar.age" && status.lastSize == 48213)
            #expect(status.lastFailure == "the second folder is not mounted")
        }
        // And the map and weather services the owner allowed
        if written.has("connections") {
            let connections = try await database.loadConnections()
            #expect(connections.weather && connections.tileURL == "https://tile.openstreetmap.org/{z}/{x}/{y}.png")
        }
        // And what came from other apps, so a second import adds nothing
        if written.has("importedItem") {
            #expect(
                try await database.importedItems(from: .jrnl) == ["entry": ["2026-11-18 15:00 京都の紅葉": "kyoto-leaves"]])
        }
        // And the answer to a write a device may send again
        if written.has("idempotencyKey") {
            let record = try #require(try await database.idempotencyRecord(key: "5d0c8a56-6f1e-4f7e-9a51-3c2b0e0f7a11"))
            #expect(record.answer?.status == 201 && record.answer?.body == Data(#"{"id":"river-walk"}"#.utf8))
        }
    }
}

/// The digests of the sample's two signed-in devices.
private enum SampleDigests {
    static let phone = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"
    static let laptop = "60303ae22b998861bce3b28f33eec1be758a213c86c93c076dbe9f558c11c752"
}
