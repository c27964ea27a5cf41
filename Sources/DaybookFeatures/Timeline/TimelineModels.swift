import DaybookCore
import Foundation

public enum Timeline {
    /// Why a task request was refused.
    public enum Problem: Error, Equatable, Sendable {
        case invalid(TaskValidationError)
        /// A change whose fields fit on their own but not with what the stored task keeps: a block that would end
        /// after midnight because of the start or length the task already has.
        case conflictsWithTask(TaskValidationError)
        case unknownTask
        case invalidDate
        /// A change for one occurrence of a repeating task names a day it does not occur on.
        case notOnThatDay
        /// A scope other than `all`, `this` or `future`.
        case unknownScope
        /// A new task's id chosen on the device that is not a lowercase UUID.
        case invalidID
        /// An undo asked for a deletion no longer kept (the server keeps the last few until it restarts).
        case undoGone
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

    /// A task as a write left it, and the day it is on as the timeline shows it after that write.
    public struct Written: Sendable {
        public var task: PlannedTask
        public var day: Response

        public init(task: PlannedTask, day: Response) {
            self.task = task
            self.day = day
        }
    }

    /// A draft that was refused: what the person typed, and why, to show them again.
    public struct Rejection: Sendable {
        public var typed: TaskDraft
        public var problems: TaskValidationError

        public init(typed: TaskDraft, problems: TaskValidationError) {
            self.typed = typed
            self.problems = problems
        }
    }

    /// A deletion that can still be undone, under the key the undo form sends back.
    public struct Undoable: Sendable {
        public var key: String
        public var deletion: Deletion

        public init(key: String, deletion: Deletion) {
            self.key = key
            self.deletion = deletion
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
        /// After the block was added: one sentence saying so, for a phone's shortcut to show or speak.
        public var say: String?
    }

    /// The timeline page: the day's blocks with their buttons, the add form, and an undo after a delete.
    public struct Page: Sendable, Encodable {
        public var title: String
        public var timeline: ViewModel
        public var previousHref: String
        public var nextHref: String
        public var todayHref: String
        public var labels: Labels
        public var form: TaskForm
        public var undo: Undo?
        public var hours: [String]
        public var isEmpty: Bool
        public var rows: [Row]
        public var anytimeRows: [Row]
    }

    /// The add or edit form of a task.
    public struct TaskForm: Sendable, Encodable {
        public var action: String
        /// The day the form is about: a new task's day, or the occurrence being edited.
        public var date: String
        /// Sent as a hidden field when the form has no date field of its own (adding a task).
        public var hiddenDate: String?
        public var fields: [FormField]
        public var errorSummary: String?
        public var submit: String
        /// For a repeating task being edited: which days the change is for.
        public var scope: ScopeChoice?
    }

    public struct ScopeChoice: Sendable, Encodable {
        public var legend: String
        public var options: [FormOption]
    }

    /// A task with the labels of its buttons.
    public struct Row: Sendable, Encodable {
        public var task: TaskRow
        public var startMinute: Int
        public var endMinute: Int
        public var toggleLabel: String
        public var deleteLabel: String
        public var editLabel: String
        public var editHref: String
        public var doneValue: String
        /// `this` for a repeating task: its × removes only this day's occurrence.
        public var deleteScope: String
    }

    public struct Labels: Sendable, Encodable {
        public var previous: String
        public var next: String
        public var today: String
        public var addHeading: String
        public var anytime: String
        public var empty: String
        public var done: String
        public var dragHint: String
        public var scopeQuestion: String
        public var scopeThis: String
        public var scopeFuture: String
        public var cancel: String
        public var saveFailed: String
        /// For a block deleted on this device while the server is away: "“{title}” deleted." and its button.
        public var deleted: String
        public var undo: String
    }

    public struct Undo: Sendable, Encodable {
        public var key: String
        public var message: String
        public var label: String
    }

    /// The page that edits one task: `/timeline/tasks/{id}/edit`.
    public struct EditPage: Sendable, Encodable {
        public var heading: String
        public var taskTitle: String
        public var form: TaskForm
        public var backHref: String
        public var cancel: String
        public var deletes: [DeleteChoice]
    }

    public struct DeleteChoice: Sendable, Encodable {
        public var scope: String
        public var label: String
    }
}
