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
        }
    }

    var code: String {
        switch self {
        case .unknownWidget, .unknownTracker: "notFound"
        case .noTracker: "noTracker"
        }
    }

    func message(_ localizer: Localizer) -> String {
        WidgetPresenter.message(for: self, localizer: localizer)
    }
}
