import DaybookCore
import DaybookFeatures
import HTTPTypes

/// Connections refused: 422, each field named with its reason, the same for the connections page's form and the API
/// (the OpenAPI document lists it).
extension Connections.Problem: SceneProblem {
    var status: HTTPResponse.Status { .unprocessableContent }

    var code: String { "invalidConnections" }

    func message(_ localizer: Localizer) -> String {
        problems.count == 1
            ? ConnectionsPresenter.message(for: problems.values.first!, localizer: localizer)
            : FieldProblemPresenter.summary(count: problems.count, localizer: localizer)
    }

    func fields(_ localizer: Localizer) -> [String: String]? {
        Dictionary(
            uniqueKeysWithValues: problems.map {
                ($0.key.rawValue, ConnectionsPresenter.message(for: $0.value, localizer: localizer))
            })
    }
}
