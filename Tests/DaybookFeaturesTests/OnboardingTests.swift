import DaybookCore
import DaybookStore
import DaybookTestSupport
import Foundation
import Testing

@testable import DaybookFeatures

@Suite("Onboarding scene")
struct OnboardingTests {
    func interactor(_ database: AppDatabase) -> OnboardingInteractor {
        OnboardingInteractor(store: database, initial: { Settings.initial(language: $0, timeZone: Fixtures.seoul) })
    }

    @Test("a new person goes welcome → name → journal, in the language they chose")
    func happyPath() async throws {
        let database = try await Fixtures.database()
        let onboarding = interactor(database)
        let welcome = try await onboarding.load(requested: nil, negotiated: .korean)
        #expect(welcome.step == .welcome)
        #expect(welcome.settings.language == .korean)

        _ = try await onboarding.chooseLanguage("ja", negotiated: .korean)
        _ = try await onboarding.saveName("Aiko", negotiated: .korean)
        let journal = try await onboarding.load(requested: .journal, negotiated: .korean)
        #expect(journal.step == .journal)
        let model = OnboardingPresenter.present(journal, localizer: Fixtures.localizer(journal.settings.language))
        #expect(model.journalStep?.heading.contains("Aiko") == true)
        #expect(model.progress?.contains("2") == true)

        let done = try await onboarding.finish(journalName: "朝のページ", accentColor: "#3b5ba5", negotiated: .korean)
        #expect(!done.needsOnboarding)
        #expect(try await database.loadSettings() == done)
        #expect(done.language == .japanese)
    }

    @Test("the journal step can't be reached before a name is saved")
    func cannotSkip() async throws {
        let response = try await interactor(try await Fixtures.database()).load(
            requested: .journal, negotiated: .english)
        #expect(response.step == .name)
    }

    @Test("an empty name is refused in the person's language, with what they typed, and nothing is saved")
    func emptyName() async throws {
        let database = try await Fixtures.database()
        let onboarding = interactor(database)
        await #expect(throws: SettingsChange.Problem(problems: [.name: .empty])) {
            try await onboarding.saveName("   ", negotiated: .korean)
        }
        #expect(try await database.loadSettings() == nil)
        let response = try await onboarding.load(requested: .name, negotiated: .korean)
        let model = OnboardingPresenter.present(
            response, rejection: SettingsRejection(typed: SettingsChange(name: "   "), problems: [.name: .empty]),
            localizer: Fixtures.localizer(.korean))
        #expect(model.nameStep?.name.error == Fixtures.localizer(.korean)("error.field.empty"))
        #expect(model.nameStep?.name.value == "   ")
        #expect(model.errorSummary != nil)
    }

    @Test("an unknown language or colour is refused")
    func invalidChoices() async throws {
        let database = try await Fixtures.database()
        let onboarding = interactor(database)
        await #expect(throws: SettingsChange.Problem.self) {
            try await onboarding.chooseLanguage("fr", negotiated: .english)
        }
        _ = try await onboarding.saveName("Mina", negotiated: .english)
        await #expect(throws: SettingsChange.Problem(problems: [.accentColor: .invalidColor])) {
            try await onboarding.finish(journalName: "Pages", accentColor: "blue", negotiated: .english)
        }
        #expect(try await database.loadSettings()?.journalName == "")
    }
}
