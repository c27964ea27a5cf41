import DaybookCore
import HTTPTypes

/// A refusal whose reason is already in the person's language; the error page (or API error) shows it.
struct PageProblem: SceneProblem {
    let status: HTTPResponse.Status
    let reason: String

    init(_ status: HTTPResponse.Status, _ reason: String) {
        self.status = status
        self.reason = reason
    }

    var code: String { ErrorAnswer.messageKey(for: status) }

    func message(_ localizer: Localizer) -> String { reason }
}
