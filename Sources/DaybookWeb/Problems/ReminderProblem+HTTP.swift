import DaybookCore
import DaybookFeatures
import HTTPTypes

/// Reminder settings refused: 422, each field named with its reason, the same for the reminders page's form and the
/// API (the OpenAPI document lists it).
extension ReminderChange.Problem: SceneProblem {
    var status: HTTPResponse.Status { .unprocessableContent }

    var code: String { "invalidReminders" }

    func message(_ localizer: Localizer) -> String {
        let fields = ReminderSettingsPresenter.messages(fields, localizer: localizer)
        return fields.count == 1
            ? fields.values.first! : FieldProblemPresenter.summary(count: fields.count, localizer: localizer)
    }

    func fields(_ localizer: Localizer) -> [String: String]? {
        ReminderSettingsPresenter.messages(fields, localizer: localizer)
    }
}

/// How the Web Push subscriptions answer each of their problems: one status and one code.
extension ReminderSettingsScene.Problem: SceneProblem {
    var status: HTTPResponse.Status {
        switch self {
        case .invalidSubscription: .unprocessableContent
        }
    }

    var code: String {
        switch self {
        case .invalidSubscription: "invalidSubscription"
        }
    }

    func message(_ localizer: Localizer) -> String {
        ReminderSettingsPresenter.message(for: self, localizer: localizer)
    }
}
