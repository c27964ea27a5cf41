import DaybookCore
import Foundation

public enum Today {
    public enum Load {
        public struct Response: Sendable {
            public var settings: Settings
            public var now: Date

            public init(settings: Settings, now: Date) {
                self.settings = settings
                self.now = now
            }
        }
    }

    public struct ViewModel: Sendable, Encodable {
        public var title: String
        public var greeting: String
        public var period: String
        public var date: String
        public var journalName: String
        public var emptyHeading: String
        public var emptyBody: String
        public var focusLabel: String
    }
}
