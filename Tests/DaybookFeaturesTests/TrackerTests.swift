import DaybookCore
import DaybookStore
import DaybookTestSupport
import Foundation
import Testing

@testable import DaybookFeatures

@Suite("Trackers scene and widgets")
struct TrackerTests {
    let morning = Date.iso("2026-11-21T08:30:00+09:00")

    func make(_ database: AppDatabase, events: EventBus? = nil) -> TrackerInteractor {
        TrackerInteractor(
            store: database, snapshots: database, settings: database, clock: FixedClock(morning), ids: SequentialIDs(),
            events: events, initial: { Fixtures.settings() })
    }

    func tracker(_ kind: TrackerKind, unit: TrackerUnit? = nil) -> Tracker {
        Tracker(id: "t", name: "Water", kind: kind, unit: unit, createdAt: morning)
    }

    @Test("each kind and unit reads naturally in all four languages")
    func formatting() {
        let cases: [(Tracker, Double?, [String])] = [
            (tracker(.number, unit: .canonical(.kilograms)), 72.5, ["72.5 kg", "72.5kg", "72.5 kg", "72.5 千克"]),
            (tracker(.number, unit: .canonical(.steps)), 8000, ["8,000 steps", "8,000걸음", "8,000 歩", "8,000 步"]),
            (tracker(.number, unit: .canonical(.steps)), 1, ["1 step", "1걸음", "1 歩", "1 步"]),
            (tracker(.number, unit: .canonical(.miles)), 3.1, ["3.1 mi", "3.1마일", "3.1 マイル", "3.1 英里"]),
            (tracker(.number, unit: .currency(code: "EUR")), 12.5, ["€12.50", "€12.50", "€12.50", "€12.50"]),
            (tracker(.number, unit: .custom("cups")), 3, ["3 cups", "3 cups", "3 cups", "3 cups"]),
            (tracker(.boolean), 1, ["Done", "완료", "完了", "已完成"]),
            (tracker(.boolean), nil, ["Not done", "안 함", "未完了", "未完成"]),
            (tracker(.rating), 4, ["4 of 5", "5점 중 4점", "5段階中 4", "4 / 5"]),
            (tracker(.duration), 90, ["1 h 30 min", "1시간 30분", "1時間30分", "1 小时 30 分钟"]),
        ]
        for (tracker, value, expected) in cases {
            let shown = [AppLanguage.english, .korean, .japanese, .simplifiedChinese].map {
                TrackerPresenter.format(value, tracker, localizer: Fixtures.localizer($0))
            }
            #expect(shown == expected, "\(tracker.kind) \(String(describing: tracker.unit))")
        }
        // Korean won and Japanese yen have no minor unit.
        #expect(
            TrackerPresenter.format(
                12000, tracker(.number, unit: .currency(code: "KRW")), localizer: Fixtures.localizer(.korean))
                == "₩12,000")
    }

    @Test("the unit picker offers the owner's measuring system first")
    func unitsFollowTheSetting() {
        var settings = Fixtures.settings()
        let metric = TrackerPresenter.form(nil, settings: settings, localizer: Fixtures.localizer()).unit.options
        settings.units = .imperial
        let imperial = TrackerPresenter.form(nil, settings: settings, localizer: Fixtures.localizer()).unit.options
        #expect(metric.map(\.value).prefix(3) == ["", "kilograms", "kilometres"])
        #expect(imperial.map(\.value).prefix(3) == ["", "pounds", "miles"])
        #expect(imperial.last?.value == "custom")
    }

    @Test("a value of the wrong kind is refused and changes nothing")
    func wrongKinds() async throws {
        let database = try await Fixtures.database(settings: Fixtures.settings())
        let trackers = make(database)
        let water = try await trackers.create(Trackers.Draft(name: "Water", kind: "number", unit: "l")).tracker
        let energy = try await trackers.create(Trackers.Draft(name: "Energy", kind: "rating")).tracker
        let reading = try await trackers.create(Trackers.Draft(name: "Reading", kind: "duration")).tracker
        let habit = try await trackers.create(Trackers.Draft(name: "Walk", kind: "boolean")).tracker
        try await trackers.setValue(.text("1,5"), trackerID: water.id)
        await #expect(throws: Trackers.Problem.invalidValue(.number)) {
            try await trackers.setValue(.text("lots"), trackerID: water.id)
        }
        await #expect(throws: Trackers.Problem.invalidValue(.rating)) {
            try await trackers.setValue(.number(7), trackerID: energy.id)
        }
        await #expect(throws: Trackers.Problem.invalidValue(.rating)) {
            try await trackers.setValue(.text("3.5"), trackerID: energy.id)
        }
        await #expect(throws: Trackers.Problem.invalidValue(.duration)) {
            try await trackers.setValue(.number(-5), trackerID: reading.id)
        }
        await #expect(throws: Trackers.Problem.invalidValue(.duration)) {
            try await trackers.setValue(.text("25h"), trackerID: reading.id)
        }
        await #expect(throws: Trackers.Problem.invalidValue(.boolean)) {
            try await trackers.setValue(.number(3), trackerID: habit.id)
        }
        await #expect(throws: Trackers.Problem.futureDay) {
            try await trackers.setValue(.number(1), trackerID: water.id, day: "2026-11-22")
        }
        await #expect(throws: Trackers.Problem.notFound) {
            try await trackers.setValue(.number(1), trackerID: "nope")
        }
        await #expect(throws: Trackers.Problem.notToggleable) { try await trackers.tick(true, trackerID: water.id) }
        let list = try await trackers.list()
        #expect(list.todayValues == [water.id: 1.5])
        // A past day can be changed; one value per day.
        try await trackers.setValue(.text("1h30m"), trackerID: reading.id, day: "2026-11-19")
        try await trackers.setValue(.text("45"), trackerID: reading.id, day: "2026-11-19")
        let detail = try await trackers.detail(id: reading.id)
        #expect(detail.values == [DayKey(year: 2026, month: 11, day: 19)!: 45])
    }

    @Test("names are unique whatever their case; the kind is fixed; archiving takes a tracker off Today")
    func namesKindsAndArchive() async throws {
        let database = try await Fixtures.database(settings: Fixtures.settings())
        let events = EventBus()
        let stream = await events.subscribe()
        let trackers = make(database, events: events)
        let walk = try await trackers.create(Trackers.Draft(name: "Walk", kind: "boolean")).tracker
        await #expect(throws: Trackers.Problem.duplicateName) {
            try await trackers.create(Trackers.Draft(name: " walk ", kind: "number"))
        }
        await #expect(throws: Trackers.Problem.unknownKind) {
            try await trackers.create(Trackers.Draft(name: "Mood", kind: "feeling"))
        }
        await #expect(throws: Trackers.Problem.unitForKind) {
            try await trackers.create(Trackers.Draft(name: "Sleep", kind: "rating", unit: "kg"))
        }
        await #expect(throws: Trackers.Problem.invalidCurrency) {
            try await trackers.create(
                Trackers.Draft(name: "Coffee", kind: "number", unit: "currency", unitLabel: "EURO"))
        }
        await #expect(throws: Trackers.Problem.kindIsFixed) {
            try await trackers.update(id: walk.id, Trackers.Draft(kind: "number"))
        }
        #expect(try await trackers.list().trackers.count == 1)
        let archived = try await trackers.update(id: walk.id, Trackers.Draft(archived: true)).tracker
        #expect(archived.isArchived)
        await #expect(throws: Trackers.Problem.archived) { try await trackers.tick(true, trackerID: walk.id) }
        let today = try await TodayInteractor(
            store: database, snapshots: database, logs: database, clock: FixedClock(morning)
        )
        .load()
        #expect(today?.trackers.isEmpty == true)
        var iterator = stream.makeAsyncIterator()
        #expect(await iterator.next() == .trackers)
    }

    @Test("a tick from a widget sets today's value it shows: a double tap is one change, and it tells every page")
    func tick() async throws {
        let database = try await Fixtures.database(settings: Fixtures.settings())
        let events = EventBus()
        let stream = await events.subscribe()
        let trackers = make(database, events: events)
        let walk = try await trackers.create(Trackers.Draft(name: "Walk", kind: "boolean")).tracker
        #expect(try await trackers.tick(true, trackerID: walk.id).value == 1)
        #expect(try await trackers.tick(true, trackerID: walk.id).value == 1)
        #expect(try await trackers.list().progress[walk.id]?.currentStreak == 1)
        #expect(try await trackers.tick(false, trackerID: walk.id).value == nil)
        #expect(try await trackers.list().todayValues[walk.id] == nil)
        var iterator = stream.makeAsyncIterator()
        for _ in 0..<4 { #expect(await iterator.next() == .trackers) }
    }

    func widgets(_ tasks: [PlannedTask], timer: FocusTimer = .idle, focusSeconds: Int = 3600) -> Widgets.Response {
        Widgets.Response(
            settings: Fixtures.settings(), now: morning, today: DayKey(year: 2026, month: 11, day: 21)!, tasks: tasks,
            focusSeconds: focusSeconds, timer: timer, timerTask: nil, tracker: nil, trackerValues: [:],
            trackerProgress: TrackerProgress())
    }

    func block(_ title: String, _ start: String, minutes: Int) -> PlannedTask {
        PlannedTask(
            id: title, title: title, day: DayKey(year: 2026, month: 11, day: 21)!, start: TimeOfDay(string: start),
            durationMinutes: minutes, colorHex: "#2f6f6a")
    }

    @Test("a widget timeline has an entry now and one at each block boundary, each showing that moment")
    func timeline() throws {
        let response = widgets([block("Write", "09:00", minutes: 90), block("Walk", "12:00", minutes: 30)])
        let timeline = WidgetPresenter.timeline(
            .small, response, linkBase: "https://box.example", localizer: Fixtures.localizer())
        let times = timeline.entries.map { TimeOfDay(date: $0.date, timeZone: Fixtures.seoul).description }
        #expect(times == ["08:30", "09:00", "10:30", "12:00", "12:30"])
        #expect(timeline.refreshAfter == .iso("2026-11-22T00:00:00+09:00"))
        // A tap opens Today at the address given; the colours are the owner's accent for each appearance.
        #expect(timeline.url == "https://box.example/")
        let palette = ThemePalette(accent: response.settings.accentColor)
        #expect(
            timeline.accent
                == Widgets.Appearances(light: palette.light.accentText.hex, dark: palette.dark.accentText.hex))
        #expect(timeline.background.dark == palette.dark.surface.hex)
        func small(_ index: Int) -> Widgets.Small? {
            if case .small(let small) = timeline.entries[index].content { small } else { nil }
        }
        #expect(small(0)?.heading == "Next" && small(0)?.block?.title == "Write")
        #expect(small(0)?.block?.when == "Starts in 30 min")
        #expect(small(1)?.heading == "Now" && small(1)?.block?.when == "Now · 1 h 30 min left")
        #expect(small(2)?.block?.title == "Walk" && small(2)?.block?.isDue == false)
        #expect(small(4)?.block == nil)
        // The medium widget lists what is still ahead, at most three.
        let medium = WidgetPresenter.content(
            .medium, response, at: .iso("2026-11-21T09:30:00+09:00"), localizer: Fixtures.localizer())
        guard case .medium(let model) = medium else {
            Issue.record("not the medium widget")
            return
        }
        #expect(model.blocks.map(\.title) == ["Write", "Walk"])
        #expect(model.goal?.label == "1 h of 2 h" && model.goal?.percent == "50%")
    }

    @Test("a running countdown is projected: its end is an entry, and the focus time grows until then")
    func runningTimer() throws {
        let timer = FocusTimer(
            phase: .running, mode: .countdown(seconds: 25 * 60), sound: .rain,
            startedAt: morning.addingTimeInterval(-5 * 60),
            sessionStartedAt: morning.addingTimeInterval(-5 * 60))
        let response = widgets([], timer: timer, focusSeconds: 600)
        let timeline = WidgetPresenter.timeline(
            .rectangular, response, linkBase: "http://127.0.0.1:8080", localizer: Fixtures.localizer())
        #expect(timeline.url == "http://127.0.0.1:8080/focus")
        #expect(timeline.entries.map(\.date) == [morning, morning.addingTimeInterval(20 * 60)])
        guard case .rectangular(let now) = timeline.entries[0].content,
            case .rectangular(let end) = timeline.entries[1].content
        else {
            Issue.record("not the rectangular widget")
            return
        }
        #expect(
            now.timer.state == "running" && now.timer.clock == "20:00" && now.timer.endsAt == timeline.entries[1].date)
        #expect(end.timer.state == "finished" && end.timer.clock == "00:00")
        let circular = WidgetPresenter.content(
            .circular, response, at: morning.addingTimeInterval(20 * 60), localizer: Fixtures.localizer())
        guard case .circular(let ring) = circular else {
            Issue.record("not the circular widget")
            return
        }
        #expect(ring.focus == "30 min")
    }
}
