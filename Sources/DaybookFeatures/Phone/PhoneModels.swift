import DaybookCore

/// Settings → On your iPhone: each one-request action as a phone's shortcut sends it, a Shortcuts token to send it
/// with, and the steps that put a shortcut on the Home Screen, the Lock Screen, Control Center, the Action button
/// and Siri, and Daybook's widgets on the Home and Lock Screen.
public enum Phone {
    /// One action, as "Get Contents of URL" is filled in for it.
    public struct Action: Sendable, Encodable {
        public var id: String
        public var title: String
        public var detail: String
        public var method: String
        /// The path, and the whole address with the page's base before it.
        public var path: String
        public var url: String
        /// The JSON body, as typed into the shortcut; `nil` for none.
        public var body: String?
        /// What the answer's `say` reads after it, in the owner's language.
        public var sayExample: String?
        /// Whether sending it changes something in Daybook (the list of names does not).
        public var changes: Bool
    }

    /// Steps to follow on the phone, in order.
    public struct Guide: Sendable, Encodable {
        public var id: String
        public var heading: String
        public var steps: [String]
        public var note: String?
    }

    /// A name and the id an action takes for it.
    public struct Named: Sendable, Encodable {
        public var name: String
        public var id: String
        public var detail: String?
    }

    public struct Labels: Sendable, Encodable {
        public var method: String
        public var url: String
        public var header: String
        public var body: String
        public var noBody: String
        public var say: String
        public var copy: String
        public var copied: String
        public var tryIt: String
        public var tryNote: String
        public var tokenMissing: String
        public var unreachable: String
        public var trackers: String
        public var blocks: String
        public var noTrackers: String
        public var noBlocks: String
        public var idColumn: String
        public var nameColumn: String
    }

    public struct TokenSection: Sendable, Encodable {
        public var heading: String
        public var explanation: String
        public var createLabel: String
        public var fieldLabel: String
        public var fieldHint: String
        /// What stands for the token in the examples until one is made or pasted.
        public var placeholder: String
        /// The header a shortcut sends, by name and with its value: `Bearer` and the token (or its placeholder).
        public var headerName: String
        public var bearer: String
        /// The token just made, shown once.
        public var created: String?
        public var createdNote: String?
        public var error: String?
    }

    public struct ViewModel: Sendable, Encodable {
        public var title: String
        public var lead: String
        public var cloudNote: String
        /// The address actions are sent to: the public URL, or (`pageAddress`) the address the page was opened at,
        /// which the page's script puts in when it differs.
        public var base: String
        public var pageAddress: Bool
        public var token: TokenSection
        public var actionsHeading: String
        public var actionsLead: String
        public var actions: [Action]
        public var labels: Labels
        public var trackers: [Named]
        public var blocks: [Named]
        public var hasTrackers: Bool
        public var hasBlocks: Bool
        public var guides: [Guide]
        public var widgetsHeading: String
        public var widgetsLead: String
        public var scriptURL: String
        public var widgetGuides: [Guide]
        public var remindersLink: String
    }
}
