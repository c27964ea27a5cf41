import DaybookCore
import DaybookStore
import DaybookTestSupport
import Foundation
import Testing

@testable import DaybookFeatures

@Suite("Today and Settings scenes")
struct TodayAndSettingsTests {
    @Test("Today greets by name for the time of day where the owner lives")
    func greeting() async throws {
        let database = try await Fixtures.database(settings: Fixtures.settings(name: "지민", language: .korean))
        let clock = ManualClock(.iso("2026-11-21T07:30:00+09:00"))
        let today = TodayInteractor(
            store: database, snapshots: database, logs: database, clock: clock)
        let morning = TodayPresenter.present(
            try #require(try await today.load()), localizer: Fixtures.localizer(.korean))
        #expect(morning.period == "morning")
        #expect(morning.greeting == Fixtures.localizer(.korean)("today.greeting.morning", "지민"))
        #expect(morning.date.contains("11월 21일"))
        clock.advance(by: 12 * 3600)
        let evening = TodayPresenter.present(
            try #require(try await today.load()), localizer: Fixtures.localizer(.korean))
        #expect(evening.period == "evening")
    }

    @Test("Today shows the block due now, or the next one with when it starts, and the anytime list")
    func dueBlock() async throws {
        let database = try await Fixtures.database(settings: Fixtures.settings())
        let day = DayKey(string: "2026-11-21")!
        try await database.saveTask(
            PlannedTask(id: "w", title: "Write", day: day, start: TimeOfDay(string: "09:00"), durationMinutes: 90))
        try await database.saveTask(PlannedTask(id: "c", title: "Call mum", day: day))
        let clock = ManualClock(.iso("2026-11-21T08:40:00+09:00"))
        let today = TodayInteractor(
            store: database, snapshots: database, logs: database, clock: clock)
        let before = TodayPresenter.present(try #require(try await today.load()), localizer: Fixtures.localizer())
        #expect(before.block?.title == "Write")
        #expect(before.block?.when == "Starts in 20 min")
        #expect(before.block?.isDue == false)
        #expect(before.anytime.map(\.title) == ["Call mum"])
        clock.advance(by: 60 * 60)
        let during = TodayPresenter.present(
            try #require(try await today.load()), localizer: Fixtures.localizer(.korean))
        #expect(during.block?.when == "지금 · 50분 남음")
        #expect(during.block?.isDue == true)
    }

    @Test("Today's ring fills toward the daily goal, and in the morning asks once how the night was")
    func goalAndSleep() async throws {
        let database = try await Fixtures.database(settings: Fixtures.settings())
        let clock = ManualClock(.iso("2026-11-21T09:00:00+09:00"))
        let today = TodayInteractor(
            store: database, snapshots: database, logs: database, clock: clock)
        try await database.saveTimer(
            .idle,
            recording: FocusSession(
                taskID: nil, startedAt: .iso("2026-11-21T07:00:00+09:00"), endedAt: .iso("2026-11-21T07:45:00+09:00"),
                focusedSeconds: 45 * 60, pausedSeconds: 0, outcome: .completed, sound: .rain, plannedSeconds: 45 * 60))

        let morning = TodayPresenter.present(try #require(try await today.load()), localizer: Fixtures.localizer())
        let goal = try #require(morning.goal)
        #expect(goal.label == "45 min of 2 h")
        #expect(goal.percent == "38%")
        #expect(!goal.isReached)
        // 45 of 120 minutes is 3/8 of the ring's 2π·52.
        #expect(goal.dash == String(format: "%.2f %.2f", 0.375 * 2 * Double.pi * 52, 2 * Double.pi * 52))
        #expect(morning.sleepPrompt?.choices.map(\.value) == [1, 2, 3, 4, 5])
        #expect(morning.sleepPrompt?.choices.last?.label == "Very well")

        await #expect(throws: Today.Problem.invalidRating) { try await today.recordSleep("6") }
        await #expect(throws: Today.Problem.invalidRating) { try await today.recordSleep("good") }
        #expect(try await database.dailyLog(on: DayKey(string: "2026-11-21")!) == nil)

        try await today.recordSleep("4")
        #expect(try await database.dailyLog(on: DayKey(string: "2026-11-21")!)?.sleepQuality == 4)
        let after = TodayPresenter.present(try #require(try await today.load()), localizer: Fixtures.localizer())
        #expect(after.sleepPrompt == nil)

        // Tomorrow afternoon there is no prompt; a goal of 0 draws no ring.
        clock.advance(by: 30 * 3600)
        var settings = try #require(try await database.loadSettings())
        settings.dailyGoalMinutes = 0
        try await database.saveSettings(settings)
        let afternoon = TodayPresenter.present(try #require(try await today.load()), localizer: Fixtures.localizer())
        #expect(afternoon.sleepPrompt == nil)
        #expect(afternoon.goal == nil)
    }

    @Test("Today has nothing to show before onboarding")
    func todayNeedsOnboarding() async throws {
        let database = try await Fixtures.database()
        let today = TodayInteractor(
            store: database, snapshots: database, logs: database, clock: FixedClock(.iso("2026-11-21T07:30:00Z")))
        #expect(try await today.load() == nil)
    }

    @Test("a refused settings change saves nothing and re-shows what was typed with reasons")
    func refusedChange() async throws {
        let original = Fixtures.settings()
        let database = try await Fixtures.database(settings: original)
        let interactor = SettingsInteractor(store: database, events: EventBus(), initial: { original })
        let change = SettingsChange(name: "Jun", accentColor: "#zzzzzz")
        await #expect(throws: SettingsChange.Problem.self) { try await interactor.update(change) }
        #expect(try await database.loadSettings() == original)

        let model = SettingsPresenter.present(
            try await interactor.load(),
            rejection: SettingsRejection(typed: change, problems: [.accentColor: .invalidColor]),
            localizer: Fixtures.localizer(.japanese))
        let fields = model.sections.flatMap(\.fields)
        #expect(fields.first { $0.id == "name" }?.value == "Jun")
        #expect(
            fields.first { $0.id == "accentColor" }?.error == Fixtures.localizer(.japanese)("error.field.invalidColor"))
        #expect(model.values.name == "Mina")
        #expect(model.errorSummary?.isEmpty == false)
    }

    @Test("the settings form offers every option, localized, with the current one selected")
    func options() async throws {
        let settings = Fixtures.settings(language: .korean)
        let model = SettingsPresenter.present(
            SettingsScene.Load.Response(settings: settings, timeZoneIdentifiers: ["Asia/Seoul", "Europe/Paris"]),
            localizer: Fixtures.localizer(.korean))
        let fields = Dictionary(uniqueKeysWithValues: model.sections.flatMap(\.fields).map { ($0.id, $0) })
        // The app badge is chosen in Settings → Reminders, beside the reminders whose pushes carry it.
        #expect(Set(fields.keys) == Set(SettingsField.allCases.filter { $0 != .appBadge }.map(\.rawValue)))
        #expect(fields["language"]?.options.first { $0.isSelected }?.label == "한국어")
        #expect(fields["timeZone"]?.options.first { $0.isSelected }?.value == "Asia/Seoul")
        #expect(fields["firstWeekday"]?.options.first { $0.isSelected }?.label == "월요일")
        #expect(fields["focusSound"]?.options.count == AmbientSound.allCases.count)
        #expect(model.about.version == BuildInfo.version)
    }
}

@Suite("Privacy scene")
struct PrivacyTests {
    @Test("the policy lists the real files in the data folder")
    func listsFiles() {
        let model = PrivacyPresenter.present(
            dataFolder: "/home/mina/.local/share/daybook", requiresLogin: false, localizer: Fixtures.localizer())
        let details = model.sections.flatMap(\.items).map(\.detail)
        #expect(details.contains("/home/mina/.local/share/daybook/daybook.sqlite"))
        #expect(details.contains("/home/mina/.local/share/daybook/photos/"))
        #expect(model.sections.contains { $0.paragraphs.contains(Fixtures.localizer()("privacy.network.none")) })
    }

    @Test("an exposed server's policy says it is locked")
    func exposed() {
        let model = PrivacyPresenter.present(
            dataFolder: nil, requiresLogin: true, localizer: Fixtures.localizer(.japanese))
        #expect(model.sections.flatMap(\.paragraphs).contains(Fixtures.localizer(.japanese)("privacy.access.exposed")))
        #expect(
            model.sections.flatMap(\.items).allSatisfy {
                $0.detail == Fixtures.localizer(.japanese)("privacy.inMemory")
            })
    }
}
