import DaybookCore
import Foundation

public enum Today {
    /// Why a request to Today was refused.
    public enum Problem: Error, Equatable, Sendable {
        /// A sleep rating outside 1–5.
        case invalidRating
    }

    public enum Load {
        public struct Response: Sendable {
            public var settings: Settings
            public var now: Date
            public var tasks: [PlannedTask]
            public var focusSeconds: Int
            public var timerPhase: FocusTimer.Phase
            /// Today's log, when anything was noted.
            public var log: DailyLog?
            /// Entries written on this date in earlier years, newest first.
            public var onThisDay: [JournalEntrySummary]
            /// The active trackers in their order, and their values today by id.
            public var trackers: [Tracker]
            public var trackerValues: [String: Double]
            /// Whether the last backup failed (with nothing made since).
            public var backupFailed: Bool

            public init(
                settings: Settings, now: Date, tasks: [PlannedTask] = [], focusSeconds: Int = 0,
                timerPhase: FocusTimer.Phase = .idle, log: DailyLog? = nil, onThisDay: [JournalEntrySummary] = [],
                trackers: [Tracker] = [], trackerValues: [String: Double] = [:], backupFailed: Bool = false
            ) {
                self.backupFailed = backupFailed
                self.onThisDay = onThisDay
                self.trackers = trackers
                self.trackerValues = trackerValues
                self.settings = settings
                self.now = now
                self.tasks = tasks
                self.focusSeconds = focusSeconds
                self.timerPhase = timerPhase
                self.log = log
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
        public var planLabel: String
        /// The link to today's Daily Log.
        public var logLabel: String
        /// The block due now, or else the next one today.
        public var block: Block?
        public var anytime: [Anytime]
        public var anytimeHeading: String
        public var focusTotalLabel: String
        public var focusTotal: String
        public var isEmpty: Bool
        /// Progress toward the daily focus goal; `nil` when no goal is set.
        public var goal: Goal?
        /// The morning question, while today's sleep is not noted.
        public var sleepPrompt: SleepPrompt?
        /// Entries from this date in earlier years.
        public var onThisDay: OnThisDay?
        /// Today's slot of each active tracker.
        public var trackers: TrackerSection
        /// Shown when the last backup failed.
        public var backupWarning: String?
        /// On a phone just paired: how to keep Daybook on its Home Screen.
        public var welcome: Devices.Welcome?
    }

    public struct TrackerSection: Sendable, Encodable {
        public var heading: String
        public var slots: [Trackers.Slot]
        public var manageHref: String
        public var manageLabel: String
        public var emptyText: String
        public var isEmpty: Bool
    }

    public struct OnThisDay: Sendable, Encodable {
        public var heading: String
        public var entries: [Journal.Row]
    }

    /// A ring drawn as an SVG circle whose stroke is `dash` long out of `circumference`.
    public struct Goal: Sendable, Encodable {
        /// "1 h 20 min of 2 h".
        public var label: String
        /// The ring's text for screen readers.
        public var description: String
        public var percent: String
        public var isReached: Bool
        /// Nothing yet: the ring's round cap would otherwise show as a dot.
        public var isEmpty: Bool
        public var dash: String
        public var circumference: String
    }

    public struct SleepPrompt: Sendable, Encodable {
        public var question: String
        public var hint: String
        public var choices: [SleepChoice]
    }

    public struct SleepChoice: Sendable, Encodable {
        public var value: Int
        public var label: String
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
