import DaybookCore
import DaybookStore
import DaybookTestSupport
import Foundation
import Testing

@testable import DaybookFeatures

@Suite("App badge: what is left today")
struct AppBadgeTests {
    let now = Date.iso("2026-11-26T10:00:00+09:00")  // a Thursday in Seoul
    var today: DayKey { DayKey(date: now, timeZone: Fixtures.seoul) }

    func badge(_ database: AppDatabase) -> AppBadgeInteractor {
        AppBadgeInteractor(
            settings: database, snapshots: database, clock: ManualClock(now), initial: { Fixtures.settings() })
    }

    func tracker(_ id: String, _ kind: TrackerKind, frequency: String = "daily", archived: Bool = false) throws
        -> Tracker
    {
        Tracker(
            id: id, name: id, kind: kind, createdAt: now.addingTimeInterval(-90 * 86_400),
            archivedAt: archived ? now : nil, frequency: try TrackerFrequency(text: frequency))
    }

    @Test("counts yes/no trackers due and not ticked and today's blocks not done, and goes down with each tick")
    func counts() async throws {
        // Given the badge on, and a day with trackers of every sort and blocks timed, anytime and done
        var settings = Fixtures.settings()
        settings.appBadge = .leftToday
        let database = try await Fixtures.database(settings: settings)
        for (index, made) in [
            try tracker("read", .boolean), try tracker("walk", .boolean), try tracker("old", .boolean, archived: true),
            try tracker("water", .number), try tracker("gym", .boolean, frequency: "2/week"),
            try tracker("swim", .boolean, frequency: "2/week"),
        ].enumerated() {
            var made = made
            made.position = index
            _ = try await database.createTracker(made, limit: 100)
        }
        // The gym's two days this week are done already: it is not due today; the swim had one.
        for day in [today.adding(days: -2), today.adding(days: -1)] {
            try await database.setTrackerValue(1, trackerID: "gym", on: day, at: now, madeAt: nil)
        }
        try await database.setTrackerValue(1, trackerID: "swim", on: today.adding(days: -1), at: now, madeAt: nil)
        try await database.saveTask(
            PlannedTask(id: "a", title: "Write", day: today, start: TimeOfDay(string: "09:00"), durationMinutes: 60))
        try await database.saveTask(PlannedTask(id: "b", title: "Call mum", day: today))
        try await database.saveTask(PlannedTask(id: "c", title: "Stretch", day: today, isDone: true))
        try await database.saveTask(PlannedTask(id: "d", title: "Tomorrow", day: today.adding(days: 1)))

        // Then read, walk and swim are left, with two blocks
        #expect(try await badge(database).load() == AppBadgeScene.Response(setting: .leftToday, count: 5))

        // When trackers are ticked and a block is done, the number goes down with each
        try await database.setTrackerValue(1, trackerID: "read", on: today, at: now, madeAt: nil)
        #expect(try await badge(database).load().count == 4)
        try await database.setTrackerValue(1, trackerID: "swim", on: today, at: now, madeAt: nil)
        #expect(try await badge(database).load().count == 3)
        // A tracker that is not yes/no counts for nothing, ticked or not.
        try await database.setTrackerValue(2, trackerID: "water", on: today, at: now, madeAt: nil)
        #expect(try await badge(database).load().count == 3)
        _ = try await database.setDone(true, taskID: "b", on: today, madeAt: nil, at: now)
        #expect(try await badge(database).load().count == 2)
        // An untick puts it back.
        try await database.setTrackerValue(nil, trackerID: "read", on: today, at: now, madeAt: nil)
        #expect(try await badge(database).load().count == 3)
        #expect(AppBadgePresenter.present(try await badge(database).load()) == .init(appBadge: "leftToday", count: 3))
    }

    @Test("off by default: nothing is counted and the API says so")
    func off() async throws {
        let database = try await Fixtures.database(settings: Fixtures.settings())
        try await database.saveTask(PlannedTask(id: "b", title: "Call mum", day: today))
        let response = try await badge(database).load()
        #expect(response == AppBadgeScene.Response(setting: .off, count: nil))
        #expect(AppBadgePresenter.present(response) == .init(appBadge: "off", count: nil))
    }

    @Test("a declarative push names its page absolutely, in the owner's language, with the badge only when on")
    func declarativePayload() throws {
        let message = ReminderMessage(
            key: "journal:2026-11-26", title: "일기 쓸 시간", body: "오늘은 어땠나요?", url: "/journal/new",
            sentAt: now)
        let on = DeclarativePush(message, origin: "https://box.tailnet.ts.net", language: .korean, badge: 3)
        let json = try #require(try JSONSerialization.jsonObject(with: on.payload) as? [String: Any])
        #expect(json["web_push"] as? Int == 8030)
        #expect(json["app_badge"] as? Int == 3)
        #expect(json["mutable"] == nil)
        let notification = try #require(json["notification"] as? [String: Any])
        #expect(notification["title"] as? String == "일기 쓸 시간")
        #expect(notification["body"] as? String == "오늘은 어땠나요?")
        #expect(notification["navigate"] as? String == "https://box.tailnet.ts.net/journal/new")
        #expect(notification["lang"] as? String == "ko")
        #expect(notification["tag"] as? String == "journal:2026-11-26")
        #expect(notification["silent"] as? Bool == false)

        let off = DeclarativePush(message, origin: "http://127.0.0.1:8080/", language: .simplifiedChinese, badge: nil)
        let plain = try #require(try JSONSerialization.jsonObject(with: off.payload) as? [String: Any])
        #expect(plain["app_badge"] == nil)
        #expect(
            (plain["notification"] as? [String: Any])?["navigate"] as? String == "http://127.0.0.1:8080/journal/new")
        #expect((plain["notification"] as? [String: Any])?["lang"] as? String == "zh-Hans")
    }

    @Test("a test reminder's outcome reads as a person would say it, in each language")
    func testOutcome() {
        let english = Fixtures.localizer()
        #expect(ReminderSettingsPresenter.testResult(PushReport(), localizer: english).hasPrefix("No device"))
        #expect(ReminderSettingsPresenter.testResult(PushReport(sent: 1), localizer: english) == "Sent to 1 device.")
        #expect(
            ReminderSettingsPresenter.testResult(PushReport(sent: 2, refused: 1), localizer: english)
                == "Sent to 2 devices. 1 device refused it: its push service did not take the message.")
        #expect(
            ReminderSettingsPresenter.testResult(PushReport(sent: 2), localizer: Fixtures.localizer(.korean))
                == "기기 2대에 보냈습니다.")
        #expect(
            ReminderSettingsPresenter.testResult(PushReport(gone: 1), localizer: Fixtures.localizer(.japanese))
                == "1台の端末は通知をオフにしていたため、外しました。")
    }
}
