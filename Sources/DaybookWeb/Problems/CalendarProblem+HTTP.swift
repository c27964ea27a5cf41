import DaybookCore
import DaybookFeatures
import HTTPTypes

/// How the Calendar answers its problem: a month or a day it cannot read is 400.
extension JournalCalendar.Problem: SceneProblem {
    var status: HTTPResponse.Status {
        switch self {
        case .invalidDate: .badRequest
        }
    }

    var code: String {
        switch self {
        case .invalidDate: "invalidDate"
        }
    }

    func message(_ localizer: Localizer) -> String {
        CalendarPresenter.message(for: self, localizer: localizer)
    }
}
