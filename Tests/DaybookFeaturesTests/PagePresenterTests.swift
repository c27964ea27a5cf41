import DaybookCore
import DaybookTestSupport
import Foundation
import Testing

@testable import DaybookFeatures

@Suite("Pages and refusals in words")
struct PagePresenterTests {
    let english = Fixtures.localizer()
    let korean = Fixtures.localizer(.korean)

    @Test("the focus page offers the owner's usual length and the sounds by name, and says why an action failed")
    func focusPage() {
        var settings = Fixtures.settings(language: .korean)
        settings.focusMinutes = 40
        let response = Focus.Response(
            timer: .idle, now: .iso("2026-11-21T08:00:00+09:00"), task: nil, todaySeconds: 0, settings: settings)
        let page = FocusPresenter.presentPage(response, problem: .timer(.notRunning), localizer: korean)
        #expect(page.title == "집중")
        #expect(page.minutes.label == "분")
        #expect(page.minutes.value == "40")
        #expect(page.sound.label == "집중 배경음")
        #expect(page.sound.options.filter(\.isSelected).map(\.label) == ["빗소리"])
        #expect(page.error == "타이머가 실행 중이 아니에요.")
        #expect(FocusPresenter.presentPage(response, localizer: english).error == nil)
    }

    @Test("signing in: the page, a wrong passphrase, and a wait rounded up to whole minutes")
    func login() {
        let page = AccessPresenter.presentLogin(next: "/stats", localizer: korean)
        #expect(page.title == "로그인")
        #expect(page.next == "/stats")
        #expect(page.error == nil)
        let wrong = AccessPresenter.presentLogin(next: "/", problem: .wrongPassphrase, localizer: english)
        #expect(wrong.error == "That passphrase is not right.")
        let wait = AccessPresenter.presentLogin(
            next: "/", problem: .throttled(retryAfterSeconds: 61), localizer: english)
        #expect(wait.error == "Too many attempts. Try again in 2 minutes.")
        #expect(
            AccessPresenter.message(for: .throttled(retryAfterSeconds: 30), localizer: korean)
                == "시도 횟수가 너무 많아요. 1분 후에 다시 시도해 주세요.")
    }

    @Test("refusals outside a scene's own form: a bad sleep rating, and a request before setup")
    func otherRefusals() {
        #expect(
            TodayPresenter.message(for: .invalidRating, localizer: korean)
                == "1부터 5 사이에서 골라 주세요. 아무것도 저장되지 않았어요.")
        #expect(OnboardingPresenter.notSetUpMessage(localizer: english) == "Finish setting up Daybook first.")
        #expect(OnboardingPresenter.notSetUpMessage(localizer: korean) == "먼저 Daybook 설정을 마쳐 주세요.")
    }

    @Test("a settings change the API could not read says what was wrong with it")
    func settingsBody() {
        func message(_ problem: SettingsScene.Problem, _ localizer: Localizer) -> String {
            SettingsPresenter.message(for: problem, localizer: localizer)
        }
        #expect(message(.unknownFields(["aa", "zz"]), english) == "Unknown fields: aa, zz.")
        #expect(message(.malformed, english) == #"The body must be a JSON object, like {"name": "Mina"}."#)
        #expect(message(.wrongTypes, english) == "Every field must be text, and focusMinutes a number.")
        #expect(message(.tooLarge(limitKB: 64), korean) == "요청 본문이 64KB보다 커요.")
        let fields = FieldProblemPresenter.messages(
            [.name: .empty, .focusMinutes: .outOfRange(1...240)], localizer: english)
        #expect(fields == ["name": "This can't be empty.", "focusMinutes": "Enter a number from 1 to 240."])
    }

    @Test("the manifest is named after the journal, or the app before there is one, with shortcuts in the language")
    func manifest() {
        let named = ShellPresenter.presentManifest(Fixtures.settings(language: .korean), localizer: korean)
        #expect(named.name == "Morning Pages")
        #expect(named.shortName == "Daybook")
        #expect(named.lang == "ko")
        #expect(named.startURL == "/")
        #expect(named.shortcuts.map(\.name) == ["오늘", "타임라인", "일기", "습관 체크하기"])
        #expect(named.shortcuts.map(\.url) == ["/", "/timeline", "/journal", "/widgets/toggle"])
        #expect(named.backgroundColor == named.themeColor)
        let unnamed = ShellPresenter.presentManifest(Fixtures.settings(journalName: ""), localizer: english)
        #expect(unnamed.name == "Daybook")
    }

    @Test("the offline page speaks the owner's language")
    func offline() {
        #expect(ShellPresenter.presentOffline(localizer: korean).heading == "오프라인 상태예요")
        #expect(ShellPresenter.presentOffline(localizer: english).retryLabel == "Try again")
    }
}
