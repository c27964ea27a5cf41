import DaybookCore
import Foundation

public enum Timeline {
    /// Why a task request was refused.
    public enum Problem: Error, Equatable, Sendable {
        case invalid(TaskValidationError)
        case unknownTask
        case invalidDate
        /// A change for one occurrence of a repeating task names a day it does not occur on.
        case notOnThatDay
        /// A scope other than `all`, `this` or `future`.
        case unknownScope
    }

    /// A deletion that can be undone: a whole task, or one occurrence of a repeating one.
    public enum Deletion: Sendable, Equatable {
        case task(PlannedTask)
        case occurrence(PlannedTask, DayKey)

        public var task: PlannedTask {
            switch self {
            case .task(let task), .occurrence(let task, _): task
            }
        }

        /// The day the timeline should show after an undo.
        public var day: DayKey {
            switch self {
            case .task(let task): task.day
            case .occurrence(_, let day): day
            }
        }
    }

    public struct Response: Sendable {
        public var day: DayKey
        public var tasks: [PlannedTask]
        public var focusSecondsByTask: [String: Int]
        public var now: Date
        public var settings: Settings

        public init(day: DayKey, tasks: [PlannedTask], focusSecondsByTask: [String: Int], now: Date, settings: Settings)
        {
            self.day = day
            self.tasks = tasks
            self.focusSecondsByTask = focusSecondsByTask
            self.now = now
            self.settings = settings
        }
    }

    /// A day of tasks: blocks placed for the timeline, and the anytime list.
    public struct ViewModel: Sendable, Encodable {
        public var date: String
        public var dateLabel: String
        public var isToday: Bool
        public var blocks: [TaskRow]
        public var anytime: [TaskRow]
    }

    public struct TaskRow: Sendable, Encodable {
        public var id: String
        public var title: String
        public var notes: String
        public var start: String?
        public var end: String?
        public var timeLabel: String?
        public var durationMinutes: Int?
        public var color: String
        public var isDone: Bool
        public var repeatRule: String?
        public var focusSeconds: Int
        public var focusLabel: String?
        /// Where the block sits among blocks it overlaps: column `column` of `columns`.
        public var column: Int
        public var columns: Int
    }
}
