import DaybookCore
import DaybookFeatures
import HTTPTypes

/// How trackers answer each of their problems: one status and one code, the same on their pages, in the API (the
/// OpenAPI document lists them) and from a widget.
extension Trackers.Problem: SceneProblem {
    var status: HTTPResponse.Status {
        switch self {
        case .notFound, .futureDay: .notFound
        // What is stored refuses it: another tracker's name, the limit, an archived tracker, or a value, a toggle or
        // a kind that does not fit the kind a tracker that exists has.
        case .duplicateName, .archived, .tooMany, .invalidValue, .notToggleable, .kindIsFixed, .doesNotFit: .conflict
        case .invalidDate, .invalidSpan, .valueOrAdd: .badRequest
        case .name, .unknownKind, .unknownUnit, .unitLabel, .invalidCurrency, .unitForKind, .invalidTarget,
            .invalidColor, .invalidFrequency, .note, .unreadableDuration:
            .unprocessableContent
        }
    }

    var code: String {
        switch self {
        case .notFound: "notFound"
        case .name: "invalidName"
        case .duplicateName: "duplicateName"
        case .tooMany: "tooManyTrackers"
        case .unknownKind: "unknownKind"
        case .kindIsFixed: "kindIsFixed"
        case .unknownUnit: "unknownUnit"
        case .unitLabel: "invalidUnitLabel"
        case .invalidCurrency: "invalidCurrency"
        case .unitForKind: "unitForKind"
        case .invalidTarget: "invalidTarget"
        case .invalidColor: "invalidColor"
        case .invalidValue, .unreadableDuration: "invalidValue"
        case .valueOrAdd: "valueOrAdd"
        case .invalidDate: "invalidDate"
        case .invalidSpan: "invalidSpan"
        case .futureDay: "futureDay"
        case .notToggleable: "notToggleable"
        case .archived: "archived"
        case .invalidFrequency: "invalidFrequency"
        case .note: "invalidNote"
        case .doesNotFit(let problem): problem.code
        }
    }

    /// The presenter's words, except that a wrong unit names the ones there are, spelled as the forms, the API and
    /// the CLI all take them.
    func message(_ localizer: Localizer) -> String {
        self == .unknownUnit
            ? localizer("tracker.error.unknownUnit.names", CanonicalUnit.names.joined(separator: ", "))
            : TrackerPresenter.message(for: self, localizer: localizer)
    }
}
