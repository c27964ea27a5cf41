import DaybookCore

public enum Onboarding {
    public enum Problem: Error, Equatable, Sendable {
        /// Nothing is saved yet: a page leads to onboarding, the API says so with 409.
        case notSetUp
    }

    /// Where a person is in onboarding: a welcome, then two short steps.
    public enum Step: String, Sendable, CaseIterable {
        case welcome, name, journal
    }

    public enum Load {
        public struct Response: Sendable {
            public var settings: Settings
            public var step: Step

            public init(settings: Settings, step: Step) {
                self.settings = settings
                self.step = step
            }
        }
    }

    public struct ViewModel: Sendable, Encodable {
        public var title: String
        public var step: String
        public var progress: String?
        public var errorSummary: String?
        public var welcome: Welcome?
        public var nameStep: NameStep?
        public var journalStep: JournalStep?
    }

    public struct Welcome: Sendable, Encodable {
        public var heading: String
        public var lead: String
        public var points: [String]
        public var privacyNote: String
        public var privacyLinkLabel: String
        public var language: FormField
        public var beginLabel: String
    }

    public struct NameStep: Sendable, Encodable {
        public var heading: String
        public var name: FormField
        public var nextLabel: String
    }

    public struct JournalStep: Sendable, Encodable {
        public var heading: String
        public var journalName: FormField
        public var accentLegend: String
        public var accentOptions: [FormOption]
        public var accentError: String?
        public var backLabel: String
        public var finishLabel: String
    }
}
