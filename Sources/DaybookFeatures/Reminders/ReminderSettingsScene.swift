import DaybookCore
import Foundation

public enum ReminderSettingsScene {
    public enum Problem: Error, Equatable, Sendable {
        /// The subscription's endpoint is not https (or http on this machine) or its keys are not usable.
        case invalidSubscription
    }

    public struct ViewModel: Sendable, Encodable {
        public var title: String
        public var lead: String
        public var journalTime: FormField
        public var blockStartLabel: String
        public var blockStart: Bool
        public var focusFinishedLabel: String
        public var focusFinished: Bool
        public var deliveryHeading: String
        public var inPageLabel: String
        public var inPageHint: String
        public var inPage: Bool
        public var webPushLabel: String
        public var webPushHint: String
        public var webPush: Bool
        public var subscribeLabel: String
        public var subscribedLabel: String
        public var unsupportedLabel: String
        public var deniedLabel: String
        /// Said in Safari outside the Home Screen, where Web Push cannot reach Daybook.
        public var homeScreenOnlyLabel: String
        public var subscriptions: String
        public var ntfyURL: FormField
        /// The email address push services (Apple's among them) may write to about this server.
        public var pushContact: FormField
        /// What the app icon's badge counts (a settings field, `appBadge`).
        public var appBadge: FormField
        public var testLabel: String
        public var testHint: String
        /// What became of the last test reminder, when one was just sent.
        public var testResult: String?
        public var saveLabel: String
        public var backLabel: String
        public var error: String?
        public var saved: Bool
        public var savedLabel: String
        public var publicKey: String
    }

    /// The reminder settings as the API answers them.
    public struct JSON: Sendable, Encodable {
        public var journalTime: String?
        public var blockStart: Bool
        public var focusFinished: Bool
        public var inPage: Bool
        public var webPush: Bool
        public var ntfyURL: String
        public var pushContact: String
        /// Browsers subscribed to Web Push.
        public var subscriptions: Int
    }
}

/// Reads and changes the reminder settings and the browsers subscribed to Web Push.
public struct ReminderSettingsInteractor: Sendable {
    private let store: any ReminderStore
    private let clock: any DaybookClock
    private let isUsable: @Sendable (PushTarget) -> Bool

    /// - Parameter isUsable: whether a subscription's endpoint and keys can carry an encrypted message.
    public init(
        store: any ReminderStore, clock: any DaybookClock, isUsable: @escaping @Sendable (PushTarget) -> Bool
    ) {
        self.store = store
        self.clock = clock
        self.isUsable = isUsable
    }

    public func load() async throws -> (settings: ReminderSettings, subscriptions: Int) {
        (try await store.loadReminderSettings(), try await store.pushTargets().count)
    }

    /// - Throws: `ReminderChange.Problem`; nothing is saved then.
    public func update(_ change: ReminderChange) async throws -> ReminderSettings {
        let updated = try change.applied(to: try await store.loadReminderSettings())
        try await store.saveReminderSettings(updated)
        return updated
    }

    /// - Throws: `ReminderSettingsScene.Problem.invalidSubscription`; nothing is saved then.
    public func subscribe(_ target: PushTarget) async throws {
        guard isUsable(target) else { throw ReminderSettingsScene.Problem.invalidSubscription }
        try await store.addPushTarget(target, at: clock.now())
    }

    public func unsubscribe(endpoint: String) async throws {
        try await store.removePushTarget(endpoint: endpoint)
    }
}

public enum ReminderSettingsPresenter {
    /// - Parameters:
    ///   - badge: the stored badge setting; `typedBadge` is what a refused form sent, `badgeProblem` why.
    ///   - test: what became of a test reminder just sent.
    public static func present(
        _ settings: ReminderSettings, subscriptions: Int, publicKey: String, badge: AppBadge,
        typed: ReminderChange? = nil, typedBadge: String? = nil, refused: [ReminderChange.Field] = [],
        badgeProblem: FieldProblem? = nil, saved: Bool = false, test: PushReport? = nil, localizer: Localizer
    ) -> ReminderSettingsScene.ViewModel {
        let badgeValue = typedBadge ?? badge.rawValue
        let problems = refused.count + (badgeProblem == nil ? 0 : 1)
        return ReminderSettingsScene.ViewModel(
            title: localizer("reminders.title"), lead: localizer("reminders.lead"),
            journalTime: FormField(
                id: "journalTime", label: localizer("reminders.journalTime"),
                value: typed?.journalTime ?? settings.journalTime?.description ?? "",
                hint: localizer("reminders.journalTime.hint"),
                error: refused.contains(.journalTime) ? message(for: .journalTime, localizer: localizer) : nil),
            blockStartLabel: localizer("reminders.blockStart"), blockStart: typed?.blockStart ?? settings.blockStart,
            focusFinishedLabel: localizer("reminders.focusFinished"),
            focusFinished: typed?.focusFinished ?? settings.focusFinished,
            deliveryHeading: localizer("reminders.delivery"), inPageLabel: localizer("reminders.inPage"),
            inPageHint: localizer("reminders.inPage.hint"), inPage: typed?.inPage ?? settings.inPage,
            webPushLabel: localizer("reminders.webPush"), webPushHint: localizer("reminders.webPush.hint"),
            webPush: typed?.webPush ?? settings.webPush, subscribeLabel: localizer("reminders.subscribe"),
            subscribedLabel: localizer("reminders.subscribed"), unsupportedLabel: localizer("reminders.unsupported"),
            deniedLabel: localizer("reminders.denied"), homeScreenOnlyLabel: localizer("reminders.homeScreenOnly"),
            subscriptions: localizer.plural(
                "reminders.subscriptions", count: subscriptions, localizer.number(subscriptions)),
            ntfyURL: FormField(
                id: "ntfyURL", label: localizer("reminders.ntfy"), value: typed?.ntfyURL ?? settings.ntfyURL,
                hint: localizer("reminders.ntfy.hint"),
                error: refused.contains(.ntfyURL) ? message(for: .ntfyURL, localizer: localizer) : nil, maxLength: 300),
            pushContact: FormField(
                id: "pushContact", label: localizer("reminders.pushContact"),
                value: typed?.pushContact ?? settings.pushContact, hint: localizer("reminders.pushContact.hint"),
                error: refused.contains(.pushContact) ? message(for: .pushContact, localizer: localizer) : nil,
                maxLength: ReminderSettings.pushContactLength),
            appBadge: FormField(
                id: SettingsField.appBadge.rawValue, label: localizer("reminders.appBadge.label"), value: badgeValue,
                hint: localizer("reminders.appBadge.hint"),
                error: badgeProblem.map { FieldProblemPresenter.message(for: $0, localizer: localizer) },
                options: AppBadge.allCases.map {
                    FormOption(
                        value: $0.rawValue, label: localizer("reminders.appBadge.\($0.rawValue)"),
                        isSelected: $0.rawValue == badgeValue)
                }),
            testLabel: localizer("reminders.test.button"), testHint: localizer("reminders.test.hint"),
            testResult: test.map { testResult($0, localizer: localizer) },
            saveLabel: localizer("settings.save"), backLabel: localizer("nav.settings"),
            error: problems == 0 ? nil : FieldProblemPresenter.summary(count: problems, localizer: localizer),
            saved: saved, savedLabel: localizer("connections.saved"), publicKey: publicKey)
    }

    public static func json(_ settings: ReminderSettings, subscriptions: Int) -> ReminderSettingsScene.JSON {
        ReminderSettingsScene.JSON(
            journalTime: settings.journalTime?.description, blockStart: settings.blockStart,
            focusFinished: settings.focusFinished, inPage: settings.inPage, webPush: settings.webPush,
            ntfyURL: settings.ntfyURL, pushContact: settings.pushContact, subscriptions: subscriptions)
    }

    /// What became of a test reminder, in words: sent to how many devices, and how many refused it or were gone.
    public static func testResult(_ report: PushReport, localizer: Localizer) -> String {
        if report.sent + report.refused + report.gone == 0 { return localizer("reminders.test.none") }
        var parts: [String] = []
        if report.sent > 0 || report.refused + report.gone == 0 {
            parts.append(localizer.plural("reminders.test.sent", count: report.sent))
        }
        if report.refused > 0 { parts.append(localizer.plural("reminders.test.refused", count: report.refused)) }
        if report.gone > 0 { parts.append(localizer.plural("reminders.test.gone", count: report.gone)) }
        return parts.joined(separator: " ")
    }

    public static func message(for problem: ReminderSettingsScene.Problem, localizer: Localizer) -> String {
        switch problem {
        case .invalidSubscription: localizer("reminders.error.subscription")
        }
    }

    public static func messages(_ refused: [ReminderChange.Field], localizer: Localizer) -> [String: String] {
        Dictionary(uniqueKeysWithValues: refused.map { ($0.rawValue, message(for: $0, localizer: localizer)) })
    }

    static func message(for field: ReminderChange.Field, localizer: Localizer) -> String {
        switch field {
        case .journalTime: localizer("reminders.error.time")
        case .ntfyURL: localizer("connections.error.webAddress")
        case .pushContact: localizer("reminders.error.pushContact")
        }
    }
}
