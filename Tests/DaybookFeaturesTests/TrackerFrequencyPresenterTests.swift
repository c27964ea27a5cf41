import DaybookCore
import DaybookStore
import DaybookTestSupport
import Foundation
import Testing

@testable import DaybookFeatures

@Suite("Tracker frequency in words and on the form")
struct TrackerFrequencyPresenterTests {
    let languages: [AppLanguage] = [.english, .korean, .japanese, .simplifiedChinese]

    @Test("each form reads naturally in all four languages")
    func labels() throws {
        let cases: [(String, [String])] = [
            ("daily", ["Every day", "매일", "毎日", "每天"]),
            ("1/week", ["1 time a week", "일주일에 1번", "週に1回", "每周 1 次"]),
            ("3/week", ["3 times a week", "일주일에 3번", "週に3回", "每周 3 次"]),
            ("5/month", ["5 times a month", "한 달에 5번", "月に5回", "每月 5 次"]),
            ("every-2-days", ["Every 2 days", "2일마다", "2日ごと", "每 2 天"]),
            ("2/3", ["2 times in 3 days", "3일에 2번", "3日に2回", "每 3 天 2 次"]),
        ]
        for (text, expected) in cases {
            let frequency = try TrackerFrequency(text: text)
            let shown = languages.map {
                TrackerPresenter.frequencyLabel(frequency, localizer: Fixtures.localizer($0))
            }
            #expect(shown == expected, "\(text)")
        }
    }

    @Test("the form offers the four forms, keeps a window of the tracker's own, and reads back what was typed")
    func formFields() throws {
        let settings = Fixtures.settings()
        let localizer = Fixtures.localizer()
        let made = Date.iso("2026-11-21T08:30:00+09:00")
        let blank = TrackerPresenter.form(nil, settings: settings, localizer: localizer)
        #expect(blank.frequency.options.map(\.value) == ["daily", "week", "month", "days"])
        #expect(blank.frequency.value == "daily" && blank.frequencyCount.value == "")
        #expect(blank.note.isTextArea && blank.note.maxLength == 500)

        let loop = Tracker(
            id: "t", name: "Stretch", kind: .boolean, createdAt: made,
            frequency: try #require(TrackerFrequency.loop(numerator: 2, denominator: 3)), note: "Hips and back")
        let kept = TrackerPresenter.form(loop, settings: settings, localizer: localizer)
        #expect(kept.frequency.options.map(\.value) == ["daily", "week", "month", "days", "2/3"])
        #expect(kept.frequency.options.last?.label == "2 times in 3 days")
        #expect(kept.frequency.value == "2/3")
        #expect(kept.note.value == "Hips and back")

        let typed = Trackers.Draft(name: "Stretch", frequency: "every-0-days", note: "x")
        let refused = TrackerPresenter.form(
            loop, typed: typed, problem: .invalidFrequency, settings: settings, localizer: localizer)
        #expect(refused.frequency.value == "days" && refused.frequencyCount.value == "0")
        #expect(refused.frequencyCount.describedBy == "frequencyCount-hint frequencyCount-error")
        #expect(refused.frequency.error == nil)
        #expect(TrackerPresenter.frequencyText(form: "month", count: " 4 ") == "4/month")
        #expect(TrackerPresenter.frequencyText(form: "days", count: "3") == "every-3-days")
        #expect(TrackerPresenter.frequencyText(form: "daily", count: "9") == "daily")
        #expect(TrackerPresenter.frequencyText(form: "2/3", count: "") == "2/3")
    }

    @Test("the interactor saves a frequency and a note from a draft, and refuses bad ones without writing")
    func interactor() async throws {
        let database = try await Fixtures.database(settings: Fixtures.settings())
        let trackers = TrackerInteractor(
            store: database, snapshots: database, settings: database,
            clock: FixedClock(.iso("2026-11-21T08:30:00+09:00")), ids: SequentialIDs(), events: nil,
            initial: { Fixtures.settings() })
        let run = try await trackers.create(
            Trackers.Draft(name: "Run", kind: "boolean", frequency: "3/week", note: " Did you run? ")).tracker
        #expect(run.frequency.text == "3/week" && run.note == "Did you run?")
        await #expect(throws: Trackers.Problem.invalidFrequency) {
            try await trackers.update(id: run.id, Trackers.Draft(frequency: "8/week"))
        }
        await #expect(throws: Trackers.Problem.note(.tooLong(limit: 500))) {
            try await trackers.update(id: run.id, Trackers.Draft(note: String(repeating: "말", count: 501)))
        }
        await #expect(throws: Trackers.Problem.invalidFrequency) {
            try await trackers.create(Trackers.Draft(name: "Swim", kind: "boolean", frequency: "fortnightly"))
        }
        let stored = try #require(try await database.tracker(id: run.id))
        #expect(stored.frequency.text == "3/week" && stored.note == "Did you run?")
        #expect(try await database.trackers().count == 1)
        // A change that leaves them out keeps them.
        let renamed = try await trackers.update(id: run.id, Trackers.Draft(name: "Running")).tracker
        #expect(renamed.frequency.text == "3/week" && renamed.note == "Did you run?")
    }
}
