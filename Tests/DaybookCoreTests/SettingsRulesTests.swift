import DaybookTestSupport
import Foundation
import Testing

@testable import DaybookCore

@Suite("Settings rules")
struct SettingsRulesTests {
    let settings = Fixtures.settings()

    @Test("a valid change is applied and trimmed")
    func validChange() throws {
        let updated = try settings.applying(
            SettingsChange(
                name: "  Jun ", language: "ko", accentColor: "#ABC", appearance: "dark", timeZone: "Europe/Paris",
                firstWeekday: "sunday", units: "imperial", focusMinutes: "50", focusSound: "brown-noise"))
        #expect(updated.name == "Jun")
        #expect(updated.language == .korean)
        #expect(updated.accentColor.hex == "#aabbcc")
        #expect(updated.appearance == .dark)
        #expect(updated.timeZoneIdentifier == "Europe/Paris")
        #expect(updated.firstWeekday.calendarValue == 1)
        #expect(updated.units == .imperial)
        #expect(updated.focusMinutes == 50)
        #expect(updated.focusSound == .brownNoise)
        #expect(updated.journalName == settings.journalName)
    }

    @Test("every bad field is reported at once, and nothing changes")
    func invalidChange() {
        let change = SettingsChange(
            name: "", journalName: String(repeating: "a", count: 101), language: "fr", accentColor: "#12",
            appearance: "sepia", timeZone: "Mars/Olympus", firstWeekday: "friday", units: "cubits",
            focusMinutes: "241", focusSound: "thunder")
        #expect {
            try settings.applying(change)
        } throws: { error in
            let problems = (error as? SettingsChange.Problem)?.problems ?? [:]
            return problems == [
                .name: .empty, .journalName: .tooLong(limit: 100), .language: .unknownChoice,
                .accentColor: .invalidColor, .appearance: .unknownChoice, .timeZone: .unknownTimeZone,
                .firstWeekday: .unknownChoice, .units: .unknownChoice, .focusMinutes: .outOfRange(1...240),
                .focusSound: .unknownChoice,
            ]
        }
        #expect(settings == Fixtures.settings())
    }

    @Test("names: 100 characters are fine (counted as people see them), line breaks are not")
    func nameLimits() throws {
        let hundred = String(repeating: "한", count: 100)
        #expect(try settings.applying(SettingsChange(name: hundred)).name == hundred)
        #expect(throws: SettingsChange.Problem(problems: [.name: .lineBreak])) {
            try settings.applying(SettingsChange(name: "Mi\nna"))
        }
        #expect(throws: SettingsChange.Problem(problems: [.focusMinutes: .notAWholeNumber])) {
            try settings.applying(SettingsChange(focusMinutes: "twenty"))
        }
    }

    @Test("onboarding is needed while the name or the journal's name is empty")
    func needsOnboarding() {
        var settings = Settings.initial(language: .english, timeZone: Fixtures.seoul)
        #expect(settings.needsOnboarding)
        settings.name = "Mina"
        #expect(settings.needsOnboarding)
        settings.journalName = "Pages"
        #expect(!settings.needsOnboarding)
    }

    @Test(
        "greeting periods follow the owner's time zone",
        arguments: [
            ("2026-11-21T05:00:00+09:00", DayPeriod.morning), ("2026-11-21T11:59:00+09:00", .morning),
            ("2026-11-21T12:00:00+09:00", .afternoon), ("2026-11-21T17:00:00+09:00", .evening),
            ("2026-11-21T22:00:00+09:00", .night), ("2026-11-21T04:59:00+09:00", .night),
        ])
    func dayPeriods(time: String, expected: DayPeriod) {
        #expect(DayPeriod(date: .iso(time), timeZone: Fixtures.seoul) == expected)
    }

    @Test("the same instant is morning in Seoul and evening in New York")
    func periodsDependOnZone() {
        let instant = Date.iso("2026-11-21T08:00:00+09:00")
        #expect(DayPeriod(date: instant, timeZone: Fixtures.seoul) == .morning)
        #expect(DayPeriod(date: instant, timeZone: TimeZone(identifier: "America/New_York")!) == .evening)
    }

    @Test("the seeded generator repeats itself for a seed and differs between seeds")
    func seededGenerator() {
        var a = SeededGenerator(seed: 42)
        var b = SeededGenerator(seed: 42)
        var c = SeededGenerator(seed: 43)
        let first = (0..<5).map { _ in a.next() }
        #expect(first == (0..<5).map { _ in b.next() })
        #expect(first != (0..<5).map { _ in c.next() })
    }
}
