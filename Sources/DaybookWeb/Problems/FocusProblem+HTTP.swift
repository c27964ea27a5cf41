import DaybookCore
import DaybookFeatures
import HTTPTypes

/// How Focus Mode answers each of its problems: one status and one code, the same on its page and in the API (the
/// OpenAPI document lists them).
extension Focus.Problem: SceneProblem {
    var status: HTTPResponse.Status {
        switch self {
        // What the timer is doing refuses it: already running, not running, not paused, idle, or not a countdown.
        case .timer: .conflict
        case .unknownTask: .notFound
        case .unknownSound, .invalidMinutes, .deviceTime: .unprocessableContent
        }
    }

    var code: String {
        switch self {
        case .timer(.alreadyRunning): "alreadyRunning"
        case .timer(.notRunning): "notRunning"
        case .timer(.notPaused): "notPaused"
        case .timer(.idle): "idle"
        case .timer(.invalidLength), .invalidMinutes: "invalidMinutes"
        case .timer(.invalidExtension): "invalidExtension"
        case .unknownTask: "unknownTask"
        case .unknownSound: "unknownSound"
        case .deviceTime: "invalidDeviceTime"
        }
    }

    func message(_ localizer: Localizer) -> String {
        FocusPresenter.message(for: self, localizer: localizer)
    }
}
