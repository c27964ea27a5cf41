import DaybookCore
import DaybookFeatures
import HTTPTypes

/// How devices and pairing answer each of their problems: one status and one code, the same on the devices page
/// and the pairing page.
extension Devices.Problem: SceneProblem {
    var status: HTTPResponse.Status {
        switch self {
        case .alreadyUsed, .expired: .gone
        case .throttled: .tooManyRequests
        case .unknownLink, .unknownDevice: .notFound
        }
    }

    var code: String {
        switch self {
        case .alreadyUsed: "alreadyUsed"
        case .expired: "expired"
        case .unknownLink: "unknownLink"
        case .throttled: "throttled"
        case .unknownDevice: "unknownDevice"
        }
    }

    func message(_ localizer: Localizer) -> String {
        DevicesPresenter.message(for: self, localizer: localizer)
    }
}
