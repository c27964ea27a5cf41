import DaybookCore
import Foundation

public enum Today {
    public enum Load {
        public struct Response: Sendable {
            public var settings: Settings
            public var now: Date
            public var tasks: [PlannedTask]
            public var focusSeconds: Int
            public var timerPhase: FocusTimer.Phase

            public init(
                settings: Settings, now: Date, tasks: [PlannedTask] = [], focusSeconds: Int = 0,
                timerPhase: FocusTimer.Phase = .idle
            ) {
                self.settings = settings
                self.now = now
                self.tasks = tasks
                self.focusSeconds = focusSeconds
                self.timerPhase = timerPhase
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
        /// The block due now, or else the next one today.
        public var block: Block?
        public var anytime: [Anytime]
        public var anytimeHeading: String
        public var focusTotalLabel: String
        public var focusTotal: String
        public var isEmpty: Bool
    }

    public struct Block: Sendable, Encodable {
        public var taskID: String
        public var title: String
        public var timeLabel: String
        /// "Now · 20 min left" or "Starts in 20 min".
        public var when: String
        public var isDue: Bool
        public var startLabel: String
    }

    public struct Anytime: Sendable, Encodable {
        public var id: String
        public var title: String
        public var isDone: Bool
    }
}
