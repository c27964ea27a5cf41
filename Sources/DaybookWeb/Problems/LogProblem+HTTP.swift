import DaybookCore
import DaybookFeatures
import HTTPTypes

/// How a day's log answers each of its problems: one status and one code, the same on its page and in the API (the
/// OpenAPI document lists them).
extension Log.Problem: SceneProblem {
    var status: HTTPResponse.Status {
        switch self {
        case .invalidDate: .badRequest
        case .futureDay: .notFound
        case .invalidRating, .reflectionTooLong: .unprocessableContent
        }
    }

    var code: String {
        switch self {
        case .invalidDate: "invalidDate"
        case .futureDay: "futureDay"
        case .invalidRating: "invalidRating"
        case .reflectionTooLong: "reflectionTooLong"
        }
    }

    func message(_ localizer: Localizer) -> String {
        LogPresenter.message(for: self, localizer: localizer)
    }
}
