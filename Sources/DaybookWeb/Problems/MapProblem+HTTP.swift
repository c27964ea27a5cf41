import DaybookCore
import DaybookFeatures
import HTTPTypes

/// How the Map answers each of its problems: a query it cannot read is 400, with a code for each, the same on its
/// page and in the API (the OpenAPI document lists them).
extension EntryMap.Problem: SceneProblem {
    var status: HTTPResponse.Status { .badRequest }

    var code: String {
        switch self {
        case .invalidBounds: "invalidBounds"
        case .invalidZoom: "invalidZoom"
        case .invalidPoint: "invalidPoint"
        case .invalidLimit: "invalidLimit"
        }
    }

    func message(_ localizer: Localizer) -> String {
        MapPresenter.message(for: self, localizer: localizer)
    }
}
