import DaybookCore

public enum PrivacyPresenter {
    /// The privacy policy, naming the real places on this machine where data lives.
    ///
    /// - Parameters:
    ///   - dataFolder: the data folder's path, or `nil` when nothing is written to disk.
    ///   - requiresLogin: whether this server is reachable from other machines (and so locked).
    public static func present(dataFolder: String?, requiresLogin: Bool, localizer: Localizer) -> Privacy.ViewModel {
        func item(_ key: String, _ file: String) -> Privacy.Item {
            let detail = dataFolder.map { ($0.hasSuffix("/") ? $0 : $0 + "/") + file } ?? localizer("privacy.inMemory")
            return Privacy.Item(label: localizer("privacy.stored.\(key)"), detail: detail)
        }
        return Privacy.ViewModel(
            title: localizer("privacy.title"),
            lead: localizer("privacy.lead"),
            sections: [
                Privacy.Section(
                    heading: localizer("privacy.stored.heading"),
                    paragraphs: [localizer("privacy.stored.body")],
                    items: [
                        item("database", "daybook.sqlite"),
                        item("photos", "photos/"),
                        item("cache", "cache/"),
                        item("backups", "backups/"),
                    ]),
                Privacy.Section(
                    heading: localizer("privacy.network.heading"),
                    paragraphs: [localizer("privacy.network.body"), localizer("privacy.network.none")],
                    items: []),
                Privacy.Section(
                    heading: localizer("privacy.access.heading"),
                    paragraphs: [
                        requiresLogin ? localizer("privacy.access.exposed") : localizer("privacy.access.loopback"),
                        localizer("privacy.access.secrets"),
                    ],
                    items: []),
                Privacy.Section(
                    heading: localizer("privacy.browser.heading"),
                    paragraphs: [localizer("privacy.browser.body")],
                    items: []),
                Privacy.Section(
                    heading: localizer("privacy.places.heading"),
                    paragraphs: [localizer("privacy.places.body"), localizer("privacy.places.credits")],
                    items: []),
                Privacy.Section(
                    heading: localizer("privacy.control.heading"),
                    paragraphs: [localizer("privacy.control.body")],
                    items: []),
            ])
    }
}
