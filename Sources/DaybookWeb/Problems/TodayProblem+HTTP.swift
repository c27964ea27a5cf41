import DaybookCore
import DaybookFeatures
import HTTPTypes

/// How Today answers its problem: a sleep rating outside 1–5 is refused as the day's log refuses one, 422.
extension Today.Problem: SceneProblem {
    var status: HTTPResponse.Status {
        switch self {
        case .invalidRating: .unprocessableContent
        }
    }

    var code: String {
        switch self {
        case .invalidRating: "invalidRating"
        }
    }

    func message(_ localizer: Localizer) -> String {
        TodayPresenter.message(for: self, localizer: localizer)
    }
}
