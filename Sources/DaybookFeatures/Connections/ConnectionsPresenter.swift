import DaybookCore
import Foundation

public enum ConnectionsPresenter {
    /// The connections page; after a refused form it shows what was typed and why.
    public static func present(
        _ connections: Connections, typed: ConnectionsChange? = nil,
        problems: [ConnectionsField: ConnectionsProblem] = [:],
        saved: Bool = false, localizer: Localizer
    ) -> ConnectionsScene.ViewModel {
        func field(_ id: ConnectionsField, _ value: String, maxLength: Int) -> FormField {
            FormField(
                id: id.rawValue, label: localizer("connections.\(id.rawValue)"), value: value,
                hint: localizer("connections.\(id.rawValue).hint"),
                error: problems[id].map { message(for: $0, localizer: localizer) }, maxLength: maxLength)
        }
        return ConnectionsScene.ViewModel(
            title: localizer("connections.title"), lead: localizer("connections.lead"),
            weatherLabel: localizer("connections.weather"), weatherHint: localizer("connections.weather.hint"),
            weatherOn: typed?.weather ?? connections.weather,
            tileURL: field(.tileURL, typed?.tileURL ?? connections.tileURL, maxLength: Connections.Limits.urlLength),
            tileAttribution: field(
                .tileAttribution, typed?.tileAttribution ?? connections.tileAttribution,
                maxLength: Connections.Limits.attributionLength),
            geocoderURL: field(
                .geocoderURL, typed?.geocoderURL ?? connections.geocoderURL, maxLength: Connections.Limits.urlLength),
            saveLabel: localizer("settings.save"), backLabel: localizer("nav.settings"),
            error: problems.isEmpty
                ? nil : FieldProblemPresenter.summary(count: problems.count, localizer: localizer),
            saved: saved, savedLabel: localizer("connections.saved"))
    }

    public static func json(_ connections: Connections) -> ConnectionsScene.JSON {
        ConnectionsScene.JSON(
            weather: connections.weather, tileURL: connections.tileURL, tileAttribution: connections.tileAttribution,
            geocoderURL: connections.geocoderURL)
    }

    public static func message(for problem: ConnectionsProblem, localizer: Localizer) -> String {
        switch problem {
        case .tileURL: localizer("connections.error.tileURL")
        case .webAddress: localizer("connections.error.webAddress")
        case .attribution:
            localizer("connections.error.attribution", localizer.number(Connections.Limits.attributionLength))
        }
    }
}
