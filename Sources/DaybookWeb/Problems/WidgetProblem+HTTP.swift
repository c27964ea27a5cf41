import DaybookCore
import DaybookFeatures
import HTTPTypes

/// How the widgets answer each of their problems: one status and one code, the same for a widget's page, its image
/// and its JSON (the OpenAPI document lists them).
extension Widgets.Problem: SceneProblem {
    var status: HTTPResponse.Status {
        switch self {
        case .unknownWidget, .unknownTracker: .notFound
        case .noTracker: .conflict
        // A form without the value it sets cannot be read as a tick: the request itself is short of a field.
        case .outdatedPage: .badRequest
        }
    }

    var code: String {
        switch self {
        case .unknownWidget, .unknownTracker: "notFound"
        case .noTracker: "noTracker"
        case .outdatedPage: "outdatedPage"
        }
    }

    func message(_ localizer: Localizer) -> String {
        WidgetPresenter.message(for: self, localizer: localizer)
    }
}
