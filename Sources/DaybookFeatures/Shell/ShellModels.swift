import DaybookCore

/// The places the app shell links to.
public enum AppSection: String, CaseIterable, Sendable {
    case today, timeline, journal, calendar, stats, settings

    public var path: String { self == .today ? "/" : "/\(rawValue)" }
}

public enum Shell {
    /// What every page around its content needs: language, appearance, navigation.
    public struct ViewModel: Sendable, Encodable {
        public var languageTag: String
        public var appearance: String
        public var appName: String
        public var documentTitle: String
        public var navigationLabel: String
        public var skipLinkLabel: String
        public var navigation: [NavigationItem]
        public var showsNavigation: Bool
    }

    public struct NavigationItem: Sendable, Encodable {
        public var id: String
        public var label: String
        public var href: String
        public var isCurrent: Bool
    }
}
