import DaybookCore
import DaybookFeatures
import HTTPTypes

/// How the timeline answers each of its problems: one status and one code, the same on its pages and in the tasks
/// API (the OpenAPI document lists them).
extension Timeline.Problem: SceneProblem {
    var status: HTTPResponse.Status {
        switch self {
        case .invalid: .unprocessableContent
        case .conflictsWithTask: .conflict
        case .unknownTask, .notOnThatDay, .undoGone: .notFound
        case .invalidDate, .unknownScope, .invalidID: .badRequest
        }
    }

    var code: String {
        switch self {
        case .invalid: "invalidTask"
        case .conflictsWithTask: "conflictsWithTask"
        case .unknownTask: "unknownTask"
        case .invalidDate: "invalidDate"
        case .unknownScope: "unknownScope"
        case .notOnThatDay: "notOnThatDay"
        case .invalidID: "invalidTaskID"
        case .undoGone: "undoGone"
        }
    }

    func message(_ localizer: Localizer) -> String {
        TimelinePresenter.message(for: self, localizer: localizer)
    }

    func fields(_ localizer: Localizer) -> [String: String]? {
        refusedDraft.map { TimelinePresenter.fieldMessages($0, localizer: localizer) }
    }

    /// The draft's refused fields, which a page's form shows beside what was typed.
    var refusedDraft: TaskValidationError? {
        switch self {
        case .invalid(let error), .conflictsWithTask(let error): error
        default: nil
        }
    }
}
