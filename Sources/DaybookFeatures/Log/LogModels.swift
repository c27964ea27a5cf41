import DaybookCore
import Foundation

public enum Log {
    /// Why a daily log request was refused; nothing was saved.
    public enum Problem: Error, Equatable, Sendable {
        case invalidDate
        /// Logs are kept for today and the days before it.
        case futureDay
        case invalidRating(DailyRating)
        case reflectionTooLong
    }

    /// A change to a day's log. For each field, `nil` leaves it as it is; an empty text clears it.
    public struct Change: Sendable, Equatable {
        public var sleepQuality: String?
        public var mood: String?
        public var reflection: String?

        public init(sleepQuality: String? = nil, mood: String? = nil, reflection: String? = nil) {
            self.sleepQuality = sleepQuality
            self.mood = mood
            self.reflection = reflection
        }
    }

    public enum Load {
        public struct Response: Sendable {
            public var settings: Settings
            public var day: DayKey
            public var today: DayKey
            public var log: DailyLog?
            public var tasks: [PlannedTask]
            public var focusSeconds: Int
        }
    }

    /// What the page shows after a refused save: the typed values and the reason.
    public struct Rejection: Sendable {
        public var typed: Change
        public var problem: Problem

        public init(typed: Change, problem: Problem) {
            self.typed = typed
            self.problem = problem
        }
    }

    public struct ViewModel: Sendable, Encodable {
        public var title: String
        public var day: String
        public var dateLabel: String
        public var isToday: Bool
        public var previousHref: String
        public var nextHref: String?
        public var todayHref: String?
        public var previousLabel: String
        public var nextLabel: String
        public var todayLabel: String
        public var goalHeading: String
        public var tasksLine: String
        public var tasksPercent: Int?
        public var focusLine: String
        public var focusPercent: Int?
        public var sleep: RatingField
        public var mood: RatingField
        public var reflectionLabel: String
        public var reflectionHint: String
        public var reflection: String
        public var reflectionLimit: Int
        /// The reflection as safe HTML, when there is one.
        public var reflectionHTML: String?
        public var saveLabel: String
        public var error: String?
        public var savedAt: String?
        public var statsHref: String
        public var statsLabel: String
        /// The stored values, for the API.
        public var sleepQuality: Int?
        public var moodValue: Int?
        /// The stored reflection's `DailyLog.fingerprint`: the form sends it back, so a save tells the text left as
        /// it was from text changed.
        public var reflectionFingerprint: String
    }

    public struct RatingField: Sendable, Encodable {
        public var name: String
        public var legend: String
        public var options: [FormOption]
        public var hasError: Bool
    }
}
