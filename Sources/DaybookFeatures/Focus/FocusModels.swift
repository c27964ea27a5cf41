import DaybookCore
import Foundation

public enum Focus {
    /// Why a focus action was refused; each is a 4xx with a clear message.
    public enum Problem: Error, Equatable, Sendable {
        case timer(FocusTimerError)
        case unknownTask
        case unknownSound
        case invalidMinutes(ClosedRange<Int>)
        /// The time a device gave for the action can't be when it was made.
        case deviceTime(DeviceTime.Problem)
    }

    public enum Start {
        /// Raw values as a person or a client sent them.
        public struct Request: Sendable, Equatable, Decodable {
            public var minutes: Int?
            public var taskID: String?
            public var sound: String?
            /// Count up with no end instead of down.
            public var stopwatch: Bool?

            public init(minutes: Int? = nil, taskID: String? = nil, sound: String? = nil, stopwatch: Bool? = nil) {
                self.minutes = minutes
                self.taskID = taskID
                self.sound = sound
                self.stopwatch = stopwatch
            }
        }
    }

    /// The timer after settling, with what a page needs to show it.
    public struct Response: Sendable {
        public var timer: FocusTimer
        public var now: Date
        public var task: PlannedTask?
        public var todaySeconds: Int
        public var settings: Settings

        public init(timer: FocusTimer, now: Date, task: PlannedTask?, todaySeconds: Int, settings: Settings) {
            self.timer = timer
            self.now = now
            self.task = task
            self.todaySeconds = todaySeconds
            self.settings = settings
        }
    }

    public struct ViewModel: Sendable, Encodable {
        public var phase: String
        public var mode: String
        public var title: String
        public var statusLabel: String
        /// What the big digits show: time left for a countdown, time spent for a stopwatch.
        public var display: String
        public var elapsedSeconds: Int
        /// Exact to the millisecond, so a page ticking from it shows what the server will (seconds are floored).
        public var elapsedMilliseconds: Int
        public var remainingSeconds: Int?
        public var plannedSeconds: Int?
        public var progress: Double
        /// The server's clock when this was made, so a page can tick from the same numbers.
        public var serverTime: Date
        /// `serverTime` in milliseconds since 1970: pages apply only answers newer than the last one they applied.
        public var serverMilliseconds: Int64
        public var isRunning: Bool
        public var isPaused: Bool
        public var isIdle: Bool
        public var isFinished: Bool
        public var taskID: String?
        public var sound: String
        public var todayTotal: String
        /// Progress in thousandths, for a `<progress>` element.
        public var progressPermille: Int
        public var labels: Labels
        /// After an action: what it did in one sentence, for a phone's shortcut to show or speak.
        public var say: String?
    }

    /// What a person asked the timer to do, for the sentence that says it was done.
    public enum Action: String, Sendable {
        case start, pause, resume, stop
    }

    /// The focus page: the timer, the start form's fields, and why an action was refused.
    public struct Page: Sendable, Encodable {
        public var title: String
        public var focus: ViewModel
        public var minutes: FormField
        public var sound: FormField
        public var error: String?
    }

    public struct Labels: Sendable, Encodable {
        public var start: String
        public var pause: String
        public var resume: String
        public var stop: String
        public var extend: String
        public var minutes: String
        public var sound: String
        public var today: String
        public var leave: String
        public var shortcuts: String
        public var progress: String
        public var volume: String
        /// "Focus · %@ left", for lock-screen controls; `%@` is filled in by the page.
        public var timeLeft: String
        /// What the status line says in each phase, for a page moving the timer on without the server.
        public var statusIdle: String
        public var statusRunning: String
        public var statusPaused: String
    }
}
