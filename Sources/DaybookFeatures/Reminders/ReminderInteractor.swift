import DaybookCore
import Foundation

/// A reminder ready to go out, in the owner's language.
public struct ReminderMessage: Equatable, Sendable, Codable {
    public var key: String
    public var title: String
    public var body: String
    /// Where tapping it leads.
    public var url: String
    public var sentAt: Date
}

/// Hands a reminder to the channels the owner chose (open pages, Web Push, ntfy).
public protocol ReminderDelivery: Sendable {
    func deliver(_ message: ReminderMessage, settings: ReminderSettings) async
}

/// Looks for reminders that fell due since the last look and sends each once.
public struct ReminderInteractor: Sendable {
    private let store: any ReminderStore
    private let tasks: any TaskStore
    private let focus: any FocusStore
    private let settings: any SettingsStore
    private let delivery: any ReminderDelivery
    private let clock: any DaybookClock
    private let catalog: StringCatalog
    private let initial: @Sendable () -> Settings

    public init(
        store: any ReminderStore, tasks: any TaskStore, focus: any FocusStore, settings: any SettingsStore,
        delivery: any ReminderDelivery, clock: any DaybookClock, catalog: StringCatalog,
        initial: @escaping @Sendable () -> Settings
    ) {
        self.store = store
        self.tasks = tasks
        self.focus = focus
        self.settings = settings
        self.delivery = delivery
        self.clock = clock
        self.catalog = catalog
        self.initial = initial
    }

    /// How far before the last look each look starts again.
    static let grace: TimeInterval = 5 * 60

    /// Sends what fell due since the last look (at most `ReminderSchedule.catchUp` back, so a server that was
    /// down sends what it missed once, and nothing stale); the first look sends nothing from before it.
    ///
    /// - Returns: the messages sent.
    @discardableResult
    public func run() async throws -> [ReminderMessage] {
        let now = clock.now()
        let reminders = try await store.loadReminderSettings()
        let checked = try await store.remindersCheckedThrough() ?? now
        // A few minutes back from the last look too: a focus session is recorded a moment after it ended, and a
        // reminder seen twice is claimed only once.
        let from = max(checked.addingTimeInterval(-Self.grace), now.addingTimeInterval(-ReminderSchedule.catchUp))
        guard from < now else {
            try await store.setRemindersCheckedThrough(now)
            return []
        }
        let owner = try await settings.loadSettings() ?? initial()
        let zone = owner.timeZone
        let calendar = Calendar.gregorian(in: zone)
        let first = DayKey(date: from, timeZone: zone)
        let last = DayKey(date: now, timeZone: zone)
        let days = first == last ? [first] : [first, last]
        var blocks: [ReminderSchedule.Block] = []
        if reminders.blockStart {
            for day in days {
                for task in try await tasks.tasks(on: day, calendar: calendar) {
                    guard let start = task.startMinute else { continue }
                    blocks.append(
                        ReminderSchedule.Block(
                            taskID: task.id, title: task.title,
                            startsAt: day.date(in: zone).addingTimeInterval(TimeInterval(start * 60)),
                            isDone: task.isDone))
                }
            }
        }
        var finished: [ReminderSchedule.FinishedSession] = []
        if reminders.focusFinished {
            let sessions = try await focus.sessions(
                in: DateInterval(start: from.addingTimeInterval(-ReminderSchedule.catchUp), end: now))
            for session in sessions where session.outcome == .completed && session.plannedSeconds != nil {
                let title = try await session.taskID.asyncFlatMap { try await tasks.task(id: $0)?.title }
                finished.append(
                    ReminderSchedule.FinishedSession(
                        sessionID: String(Int(session.startedAt.timeIntervalSince1970)), title: title,
                        endedAt: session.endedAt))
            }
        }
        let due = ReminderSchedule.due(
            reminders, from: from, through: now, days: days, timeZone: zone, blocks: blocks, finished: finished)
        let localizer = Localizer(language: owner.language, timeZone: zone, catalog: catalog)
        var sent: [ReminderMessage] = []
        for reminder in due where try await store.claimReminder(key: reminder.key, at: now) {
            let message = ReminderPresenter.message(reminder, sentAt: now, localizer: localizer)
            await delivery.deliver(message, settings: reminders)
            sent.append(message)
        }
        try await store.setRemindersCheckedThrough(now)
        return sent
    }
}

extension Optional {
    fileprivate func asyncFlatMap<Result>(_ transform: (Wrapped) async throws -> Result?) async rethrows -> Result? {
        guard let self else { return nil }
        return try await transform(self)
    }
}

/// What became of one push to every subscribed browser.
public struct PushReport: Equatable, Sendable {
    /// Taken by the browser's push service.
    public var sent = 0
    /// Browsers that had unsubscribed (their push service answered 404 or 410): forgotten.
    public var gone = 0
    /// Refused by the push service, or not reached.
    public var refused = 0

    public init(sent: Int = 0, gone: Int = 0, refused: Int = 0) {
        self.sent = sent
        self.gone = gone
        self.refused = refused
    }
}
