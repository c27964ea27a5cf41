import DaybookCore
import DaybookFeatures
import HTTPTypes

/// "Not set up" in every scene: the API answers 409 `notSetUp` in the owner's language; a page is answered by
/// leading to onboarding (`ErrorAnswer`).
extension Onboarding.Problem: SceneProblem {
    var status: HTTPResponse.Status { .conflict }

    var code: String { "notSetUp" }

    func message(_ localizer: Localizer) -> String {
        OnboardingPresenter.notSetUpMessage(localizer: localizer)
    }
}
