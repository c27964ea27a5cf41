import DaybookCore

/// The places the app shell links to, in the order the navigation lists them: the daily ones first.
public enum AppSection: String, CaseIterable, Sendable {
    case today, journal, focus, trackers, timeline, calendar, map, stats, settings

    public var path: String { self == .today ? "/" : "/\(rawValue)" }

    /// The places used every day: the only ones a phone's bottom bar holds, beside "More".
    public static let phoneBar: [AppSection] = [.today, .journal, .focus, .trackers]

    public var isOnPhoneBar: Bool { Self.phoneBar.contains(self) }
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
        /// Every place, for the side navigation; on a phone only those `onPhoneBar` show, then `more`.
        public var navigation: [NavigationItem]
        /// The phone's way to the places its bottom bar has no room for.
        public var more: NavigationItem
        public var showsNavigation: Bool
        /// What the page's script says when it shows a kept copy or holds changes to send.
        public var offline: OfflineLabels
    }

    /// The words for a page shown from the device's copy, and for its changes waiting to be sent; `{time}` and
    /// `{n}` are filled in by the page.
    public struct OfflineLabels: Sendable, Encodable {
        public var keptAsOf: String
        public var waitingOne: String
        public var waitingOther: String
        public var waitingHeading: String
        public var waitingBadge: String
        public var refused: String
        public var yourWords: String
        public var discard: String
        public var sendNow: String
        public var quotaFull: String
        public var notKept: String
        public var keptPages: String
        public var deviceHeading: String
        public var deviceSummary: String
        public var deviceForget: String
        public var deviceForgotten: String
        /// Beside an entry's words written on this device that wait to be sent.
        public var waitingWords: String
        /// A waiting entry with neither title nor text.
        public var untitled: String
        /// Above results found in the journal kept on this device; `{n}` is how many entries it keeps.
        public var foundOnDevice: String
        /// Above an entry shown from the journal kept on this device.
        public var entryOnDevice: String
        /// Settings → This device, once the whole journal is kept; `{n}` entries.
        public var journalKept: String
        /// … while it is being kept; `{n}` entries so far.
        public var journalFilling: String
        /// What each kind of waiting change is called in the list (`entry`, `tracker`, `log`, `sleep`, `task`,
        /// `focus`, `photo`), as a JSON object for the page's script.
        public var kinds: String
    }

    public struct NavigationItem: Sendable, Encodable {
        public var id: String
        public var label: String
        public var href: String
        public var isCurrent: Bool
        public var onPhoneBar: Bool
        /// "page" on the page itself; "true" on "More" while one of the places it holds is open.
        public var currentKind: String?
    }

    /// `/more`: on a phone, the places beyond the bottom bar.
    public struct MorePage: Sendable, Encodable {
        public struct Place: Sendable, Encodable {
            public var id: String
            public var label: String
            public var href: String
            public var hasIcon: Bool
        }

        public var title: String
        public var places: [Place]
    }

    /// The page the service worker shows when the server can't be reached.
    public struct Offline: Sendable, Encodable {
        public var heading: String
        public var body: String
        public var retryLabel: String
    }

    /// The web app manifest: installable to a phone's home screen.
    public struct Manifest: Sendable, Encodable {
        public struct Icon: Sendable, Encodable {
            public var src: String
            public var sizes: String
            public var type: String
            public var purpose: String
        }

        public struct Shortcut: Sendable, Encodable {
            public var name: String
            public var url: String
        }

        public var name: String
        public var shortName: String
        public var description: String
        public var lang: String
        public var startURL = "/"
        public var scope = "/"
        public var display = "standalone"
        public var backgroundColor: String
        public var themeColor: String
        public var icons: [Icon]
        public var shortcuts: [Shortcut]

        enum CodingKeys: String, CodingKey {
            case name, description, lang, scope, display, icons, shortcuts
            case shortName = "short_name"
            case startURL = "start_url"
            case backgroundColor = "background_color"
            case themeColor = "theme_color"
        }
    }
}
