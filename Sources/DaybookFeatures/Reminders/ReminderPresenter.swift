import DaybookCore
import Foundation

public enum ReminderPresenter {
    public static func message(_ reminder: DueReminder, sentAt: Date, localizer: Localizer) -> ReminderMessage {
        switch reminder.kind {
        case .journal:
            ReminderMessage(
                key: reminder.key, title: localizer("reminder.journal.title"), body: localizer("reminder.journal.body"),
                url: "/journal/new", sentAt: sentAt)
        case .blockStart(_, let title):
            ReminderMessage(
                key: reminder.key, title: localizer("reminder.block.title"), body: title, url: "/", sentAt: sentAt)
        case .focusFinished(_, let title):
            ReminderMessage(
                key: reminder.key, title: localizer("reminder.focus.title"),
                body: title ?? localizer("reminder.focus.body"), url: "/focus", sentAt: sentAt)
        }
    }

    /// The reminder "Send a test reminder" sends: it opens the reminder settings.
    public static func test(sentAt: Date, localizer: Localizer) -> ReminderMessage {
        ReminderMessage(
            key: "test:\(Int(sentAt.timeIntervalSince1970))", title: localizer("reminders.test.title"),
            body: localizer("reminders.test.body"), url: "/settings/reminders", sentAt: sentAt)
    }
}
