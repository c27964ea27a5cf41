import DaybookCore

public enum SettingsScene {
    public enum Load {
        public struct Response: Sendable {
            public var settings: Settings
            public var timeZoneIdentifiers: [String]

            public init(settings: Settings, timeZoneIdentifiers: [String]) {
                self.settings = settings
                self.timeZoneIdentifiers = timeZoneIdentifiers
            }
        }
    }

    /// Why a settings change sent as JSON could not be read; nothing was saved.
    public enum Problem: Error, Equatable, Sendable {
        case tooLarge(limitKB: Int)
        /// Not a JSON object.
        case malformed
        /// Names that are not settings fields, sorted.
        case unknownFields([String])
        case wrongTypes
    }

    /// The settings page: preferences and the API tokens section.
    public struct Page: Sendable, Encodable {
        public var settings: ViewModel
        public var access: Access.ViewModel

        public init(settings: ViewModel, access: Access.ViewModel) {
            self.settings = settings
            self.access = access
        }
    }

    /// The settings as plain values: what the API returns and accepts (as `PATCH` fields).
    public struct Values: Sendable, Encodable, Equatable {
        public var name: String
        public var journalName: String
        public var language: String
        public var accentColor: String
        public var appearance: String
        public var timeZone: String
        public var firstWeekday: String
        public var units: String
        public var focusMinutes: Int
        public var focusSound: String
        public var dailyGoalMinutes: Int
        public var appBadge: String
    }

    public struct ViewModel: Sendable, Encodable {
        public var title: String
        public var values: Values
        public var sections: [Section]
        public var errorSummary: String?
        public var flash: String?
        public var saveLabel: String
        public var about: About
        /// The words of Settings → This device, which the page's script fills in.
        public var device: Device
        /// Present when this server needs a login, so the person can end it.
        public var signOut: SignOut?
    }

    public struct SignOut: Sendable, Encodable {
        public var label: String
        public var hint: String
    }

    public struct Section: Sendable, Encodable {
        public var id: String
        public var heading: String
        public var fields: [FormField]
    }

    /// Settings → This device: whether the browser keeps Daybook's copy for good, how much room it takes, and —
    /// in Safari outside the Home Screen — that unvisited sites can be cleared after 7 days and how to add Daybook
    /// to the Home Screen. `{used}` and `{available}` are filled in by the page.
    public struct Device: Sendable, Encodable {
        public var persistent: String
        public var notPersistent: String
        public var usage: String
        public var safariClears: String
        public var homeScreenHeading: String
        public var homeScreenShare: String
        public var homeScreenAdd: String
        public var homeScreenOpen: String
        public var onHomeScreen: String
    }

    public struct About: Sendable, Encodable {
        public var heading: String
        public var versionLabel: String
        public var version: String
        public var privacyLabel: String
        public var connectionsLabel: String
        public var remindersLabel: String
        public var backupsLabel: String
        public var devicesLabel: String
        public var phoneLabel: String
    }
}
