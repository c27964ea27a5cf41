import Foundation

/// What the owner wants to be reminded of, and how it reaches them.
public struct ReminderSettings: Equatable, Sendable, Codable {
    /// The daily nudge to write in the journal; `nil` for none.
    public var journalTime: TimeOfDay?
    /// A notice when a planned block starts.
    public var blockStart: Bool
    /// A notice when a focus session has run its time.
    public var focusFinished: Bool
    /// Shown by pages that are open (the Notification API).
    public var inPage: Bool
    /// Sent to installed apps through the browser vendor's push service (Web Push), also when Daybook is closed.
    public var webPush: Bool
    /// An ntfy topic (or any server that takes a plain-text POST); empty for none.
    public var ntfyURL: String
    /// The email address push services may write to about this server's messages (VAPID's contact); empty: the
    /// server's public address stands in.
    public var pushContact: String

    public init(
        journalTime: TimeOfDay? = nil, blockStart: Bool = false, focusFinished: Bool = false, inPage: Bool = true,
        webPush: Bool = false, ntfyURL: String = "", pushContact: String = ""
    ) {
        self.journalTime = journalTime
        self.blockStart = blockStart
        self.focusFinished = focusFinished
        self.inPage = inPage
        self.webPush = webPush
        self.ntfyURL = ntfyURL
        self.pushContact = pushContact
    }

    /// Who a push service may contact about this server's messages, as VAPID's `sub` claim: the owner's email, else
    /// the public https address; `nil` when neither is known. Never a made-up local address: Apple's push service
    /// refuses those, and an iPhone would get no reminder.
    public func pushSubject(publicURL: String?) -> String? {
        if !pushContact.isEmpty { return "mailto:" + pushContact }
        return publicURL
    }

    /// The longest contact address taken.
    public static let pushContactLength = 254

    /// Whether `text` reads as one plain email address: `name@host.domain`, in ASCII letters, digits and the signs
    /// an address may hold (the API document's pattern says the same).
    public static func isEmailAddress(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, text.count <= pushContactLength, !parts[0].isEmpty else { return false }
        let local = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&'*+/=?^_`{|}~.-")
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return parts[0].allSatisfy(local.contains) && labels.count >= 2
            && labels.allSatisfy { label in
                !label.isEmpty && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
            }
    }

    /// Nothing is reminded of until the owner asks.
    public static let none = ReminderSettings()
}

/// A reminder that has come due.
public struct DueReminder: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case journal
        /// A planned block starting: its task's id and title.
        case blockStart(taskID: String, title: String)
        /// A focus session that ran its time, with the task's title when it had one.
        case focusFinished(sessionID: String, title: String?)
    }

    public var kind: Kind
    public var dueAt: Date
    /// Unique per reminder and occurrence (`journal:2026-11-23`): sending claims it, so nothing goes out twice.
    public var key: String

    public init(kind: Kind, dueAt: Date, key: String) {
        self.kind = kind
        self.dueAt = dueAt
        self.key = key
    }
}

/// Which reminders fall due in a span of time: a pure rule over the settings, the day's plan and the focus
/// sessions that ended.
public enum ReminderSchedule {
    /// How far back a reminder missed while the server was down is still sent after it starts again.
    public static let catchUp: TimeInterval = 6 * 3600

    /// A block's start or a session's end, as the rule reads them.
    public struct Block: Equatable, Sendable {
        public var taskID: String
        public var title: String
        public var startsAt: Date
        public var isDone: Bool

        public init(taskID: String, title: String, startsAt: Date, isDone: Bool) {
            self.taskID = taskID
            self.title = title
            self.startsAt = startsAt
            self.isDone = isDone
        }
    }

    public struct FinishedSession: Equatable, Sendable {
        public var sessionID: String
        public var title: String?
        public var endedAt: Date

        public init(sessionID: String, title: String?, endedAt: Date) {
            self.sessionID = sessionID
            self.title = title
            self.endedAt = endedAt
        }
    }

    /// The reminders due after `from` and up to `through`, oldest first.
    ///
    /// - Parameters:
    ///   - days: the owner's days the span touches (today, and yesterday just after midnight).
    ///   - blocks: the timed, planned blocks of those days.
    public static func due(
        _ settings: ReminderSettings, from: Date, through: Date, days: [DayKey], timeZone: TimeZone,
        blocks: [Block], finished: [FinishedSession]
    ) -> [DueReminder] {
        guard from < through else { return [] }
        func within(_ date: Date) -> Bool { date > from && date <= through }
        var due: [DueReminder] = []
        if let time = settings.journalTime {
            for day in days {
                let at = day.date(in: timeZone).addingTimeInterval(TimeInterval(time.minutes * 60))
                if within(at) { due.append(DueReminder(kind: .journal, dueAt: at, key: "journal:\(day)")) }
            }
        }
        if settings.blockStart {
            for block in blocks where !block.isDone && within(block.startsAt) {
                due.append(
                    DueReminder(
                        kind: .blockStart(taskID: block.taskID, title: block.title), dueAt: block.startsAt,
                        key: "block:\(block.taskID):\(Int(block.startsAt.timeIntervalSince1970))"))
            }
        }
        if settings.focusFinished {
            for session in finished where within(session.endedAt) {
                due.append(
                    DueReminder(
                        kind: .focusFinished(sessionID: session.sessionID, title: session.title),
                        dueAt: session.endedAt, key: "focus:\(session.sessionID)"))
            }
        }
        return due.sorted { ($0.dueAt, $0.key) < ($1.dueAt, $1.key) }
    }
}

/// A browser subscribed to Web Push: where its push service takes messages, and its keys (base64url).
public struct PushTarget: Equatable, Sendable, Codable {
    public var endpoint: String
    public var p256dh: String
    public var auth: String

    public init(endpoint: String, p256dh: String, auth: String) {
        self.endpoint = endpoint
        self.p256dh = p256dh
        self.auth = auth
    }
}

/// Where reminders' settings, the browsers subscribed to Web Push and what was sent are kept.
public protocol ReminderStore: Sendable {
    func loadReminderSettings() async throws -> ReminderSettings
    func saveReminderSettings(_ settings: ReminderSettings) async throws
    func pushTargets() async throws -> [PushTarget]
    func addPushTarget(_ target: PushTarget, at date: Date) async throws
    func removePushTarget(endpoint: String) async throws
    /// Marks a reminder as sent; `false` when it was already (it is then not sent again).
    func claimReminder(key: String, at date: Date) async throws -> Bool
    /// Up to when reminders have been looked for; `nil` before the first look.
    func remindersCheckedThrough() async throws -> Date?
    func setRemindersCheckedThrough(_ date: Date) async throws
}

/// A change to the reminder settings: the fields sent replace the stored ones.
public struct ReminderChange: Equatable, Sendable, Codable {
    /// `HH:mm`, or empty for no daily reminder.
    public var journalTime: String?
    public var blockStart: Bool?
    public var focusFinished: Bool?
    public var inPage: Bool?
    public var webPush: Bool?
    public var ntfyURL: String?
    /// An email address, a `mailto:` one, or empty for none.
    public var pushContact: String?

    public init(
        journalTime: String? = nil, blockStart: Bool? = nil, focusFinished: Bool? = nil, inPage: Bool? = nil,
        webPush: Bool? = nil, ntfyURL: String? = nil, pushContact: String? = nil
    ) {
        self.journalTime = journalTime
        self.blockStart = blockStart
        self.focusFinished = focusFinished
        self.inPage = inPage
        self.webPush = webPush
        self.ntfyURL = ntfyURL
        self.pushContact = pushContact
    }

    public enum Field: String, Sendable {
        case journalTime, ntfyURL, pushContact
    }

    public struct Problem: Error, Equatable, Sendable {
        public var fields: [Field]
    }

    /// - Throws: `Problem` naming a time that is not `HH:mm`, a topic that is not an http(s) address or a contact
    ///   that is not an email address.
    public func applied(to current: ReminderSettings) throws(Problem) -> ReminderSettings {
        var result = current
        var refused: [Field] = []
        if let journalTime {
            let text = journalTime.trimmingCharacters(in: .whitespaces)
            if text.isEmpty {
                result.journalTime = nil
            } else if let time = TimeOfDay(string: text) {
                result.journalTime = time
            } else {
                refused.append(.journalTime)
            }
        }
        if let blockStart { result.blockStart = blockStart }
        if let focusFinished { result.focusFinished = focusFinished }
        if let inPage { result.inPage = inPage }
        if let webPush { result.webPush = webPush }
        if let ntfyURL {
            let text = ntfyURL.trimmingCharacters(in: .whitespaces)
            if text.isEmpty || ConnectionsChange.isWebAddress(text) {
                result.ntfyURL = text
            } else {
                refused.append(.ntfyURL)
            }
        }
        if let pushContact {
            var text = pushContact.trimmingCharacters(in: .whitespaces)
            if text.lowercased().hasPrefix("mailto:") { text = String(text.dropFirst(7)) }
            if text.isEmpty || ReminderSettings.isEmailAddress(text) {
                result.pushContact = text
            } else {
                refused.append(.pushContact)
            }
        }
        guard refused.isEmpty else { throw Problem(fields: refused) }
        return result
    }
}
