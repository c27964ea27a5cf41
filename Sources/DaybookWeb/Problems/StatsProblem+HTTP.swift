import DaybookCore
import DaybookFeatures
import HTTPTypes

/// How the dashboard answers each of its problems: one status and one code, the same on its page and in the API
/// (the OpenAPI document lists them). A week that hasn't come yet has no dashboard; anything else is a malformed
/// query.
extension Stats.Problem: SceneProblem {
    var status: HTTPResponse.Status {
        switch self {
        case .futureWeek: .notFound
        case .invalidWeek, .invalidPage: .badRequest
        }
    }

    var code: String {
        switch self {
        case .futureWeek: "futureWeek"
        case .invalidWeek, .invalidPage: "invalidQuery"
        }
    }

    func message(_ localizer: Localizer) -> String {
        StatsPresenter.message(for: self, localizer: localizer)
    }
}
