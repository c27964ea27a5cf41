import DaybookCore
import Foundation

/// A reminder as a Declarative Web Push message (the Push API's declarative format, `"web_push": 8030`): a browser
/// that knows the format shows the notification and sets the badge itself, with no service worker woken; others
/// hand the same JSON to the worker's `push` handler, which does the same from it. Every message shows a
/// notification: none is silent.
public struct DeclarativePush: Equatable, Sendable, Encodable {
    /// The magic number that marks a declarative message: RFC 8030's.
    public static let magic = 8030

    public struct Notification: Equatable, Sendable, Encodable {
        public var title: String
        public var body: String
        /// The absolute address opened when the notification is tapped.
        public var navigate: String
        /// The owner's language, as a BCP 47 tag.
        public var lang: String
        /// One notification per reminder: a reminder sent again replaces its own.
        public var tag: String
        public var silent: Bool
    }

    public var webPush: Int
    public var notification: Notification
    /// What the app icon's badge shows; absent while the badge is off.
    public var appBadge: Int?

    enum CodingKeys: String, CodingKey {
        case webPush = "web_push"
        case notification
        case appBadge = "app_badge"
    }

    /// - Parameters:
    ///   - origin: the address people open Daybook at (the public URL, else this machine's), without a trailing
    ///     slash; the reminder's page is made absolute with it.
    ///   - badge: the badge's number when the owner has it on, else `nil`.
    public init(_ message: ReminderMessage, origin: String, language: AppLanguage, badge: Int?) {
        let base = origin.hasSuffix("/") ? String(origin.dropLast()) : origin
        let path = message.url.hasPrefix("/") ? message.url : "/" + message.url
        webPush = Self.magic
        notification = Notification(
            title: message.title, body: message.body, navigate: base + path, lang: language.rawValue,
            tag: message.key, silent: false)
        appBadge = badge.map { max(0, $0) }
    }

    /// The message as sent: JSON with sorted keys, so the same reminder always reads the same.
    public var payload: Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)) ?? Data()
    }
}
