import AsyncHTTPClient
import Crypto
import DaybookCore
import DaybookFeatures
import DaybookStore
import Foundation
import Logging
import NIOCore

/// This server's VAPID key: made on first use and kept in the data folder (`push-key.pem`, readable by the
/// owner only), so browsers subscribed once stay subscribed across restarts. Without a data folder it lives in
/// memory.
final class PushKeyStore: Sendable {
    private let file: URL?
    private let kept = Locked<P256.Signing.PrivateKey?>(nil)

    init(dataFolder: URL?) {
        file = dataFolder?.appendingPathComponent("push-key.pem")
    }

    func key() -> P256.Signing.PrivateKey {
        kept.withLock { kept in
            if let kept { return kept }
            if let file, let pem = try? String(contentsOf: file, encoding: .utf8),
                let stored = try? P256.Signing.PrivateKey(pemRepresentation: pem)
            {
                kept = stored
                return stored
            }
            let made = P256.Signing.PrivateKey()
            if let file {
                try? FileManager.default.createDirectory(
                    at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                _ = FileManager.default.createFile(
                    atPath: file.path, contents: Data(made.pemRepresentation.utf8),
                    attributes: [.posixPermissions: 0o600])
            }
            kept = made
            return made
        }
    }
}

/// The latest reminders, for open pages to show (the `reminder` event tells them to look).
final class ReminderFeed: Sendable {
    private let messages = Locked<[ReminderMessage]>([])

    func add(_ message: ReminderMessage) {
        messages.withLock { $0 = Array(($0 + [message]).suffix(20)) }
    }

    /// Those sent after `date`, oldest first.
    func since(_ date: Date?) -> [ReminderMessage] {
        messages.withLock { all in all.filter { date == nil || $0.sentAt > date! } }
    }
}

/// Sends a reminder through every channel the owner chose; a channel that fails does not stop the others.
struct ChannelDelivery: ReminderDelivery {
    let events: EventBus
    let feed: ReminderFeed
    let store: any ReminderStore
    let settings: any SettingsStore
    /// The badge a push carries when the owner has it on.
    let badge: AppBadgeInteractor
    let pushKey: PushKeyStore
    /// The server's public https address, VAPID's contact when the owner gave no email address.
    let publicURL: String?
    /// Where people open Daybook (the public address, else this machine's): a notification's page is made
    /// absolute with it.
    let origin: String
    let clock: any DaybookClock
    /// How long each push service has to answer (`WebPush.timeout`).
    var pushTimeout = WebPush.timeout
    let logger = Logger(label: "daybook.reminders")

    func deliver(_ message: ReminderMessage, settings: ReminderSettings) async {
        if settings.inPage {
            feed.add(message)
            await events.publish(.reminder)
        }
        if settings.webPush {
            _ = await push(message, settings: settings)
        }
        if !settings.ntfyURL.isEmpty {
            do {
                try await Ntfy.post(message, to: settings.ntfyURL)
            } catch {
                logger.warning("the ntfy topic could not be reached", metadata: ["error": "\(error)"])
            }
        }
    }

    /// Sends `message` to every browser subscribed to Web Push, as a declarative message carrying the badge when
    /// it is on. A browser whose push service says it is gone (404, 410) is forgotten.
    func push(_ message: ReminderMessage, settings: ReminderSettings) async -> PushReport {
        var report = PushReport()
        guard let targets = try? await store.pushTargets(), !targets.isEmpty else { return report }
        let language = (try? await self.settings.loadSettings())?.language ?? .english
        let count = (try? await badge.load())?.count
        let payload = DeclarativePush(message, origin: origin, language: language, badge: count).payload
        let push = WebPush(key: pushKey.key(), subject: settings.pushSubject(publicURL: publicURL))
        // All at once, each within `pushTimeout`: one push service out of reach does not hold up the others, and a
        // test reminder is answered within that time however many browsers are subscribed.
        let outcomes = await withTaskGroup(of: PushOutcome.self) { group in
            for target in targets {
                group.addTask {
                    let subscription = PushSubscription(
                        endpoint: target.endpoint, p256dh: target.p256dh, auth: target.auth)
                    do {
                        let status = try await WebPush.send(
                            try push.request(payload, to: subscription, now: clock.now()), timeout: pushTimeout)
                        if (200..<300).contains(status) { return .sent }
                        if status == 404 || status == 410 {
                            // The browser unsubscribed (or was reset): forget it.
                            try? await store.removePushTarget(endpoint: target.endpoint)
                            return .gone
                        }
                        logger.warning("a push service refused a reminder", metadata: ["status": "\(status)"])
                    } catch {
                        logger.warning("a push service could not be reached", metadata: ["error": "\(error)"])
                    }
                    return .refused
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        report.sent = outcomes.filter { $0 == .sent }.count
        report.gone = outcomes.filter { $0 == .gone }.count
        report.refused = outcomes.filter { $0 == .refused }.count
        return report
    }
}

/// What became of one push.
private enum PushOutcome: Sendable {
    case sent, gone, refused
}

/// ntfy (ntfy.sh or a self-hosted server): a plain-text POST to the topic's address, titled.
enum Ntfy {
    struct Refused: Error {
        var status: Int
    }

    static func post(_ message: ReminderMessage, to topic: String) async throws {
        var request = HTTPClientRequest(url: topic)
        request.method = .POST
        request.headers.add(name: "Title", value: headerText(message.title))
        request.headers.add(name: "Tags", value: "spiral_notepad")
        request.headers.add(name: "Content-Type", value: "text/plain; charset=utf-8")
        request.body = .bytes(ByteBuffer(string: message.body))
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(15))
        guard (200..<300).contains(Int(response.status.code)) else { throw Refused(status: Int(response.status.code)) }
    }

    /// Header values are ASCII: other text goes as an RFC 2047 encoded word, which ntfy reads.
    static func headerText(_ text: String) -> String {
        text.allSatisfy(\.isASCII) ? text : "=?UTF-8?B?\(Data(text.utf8).base64EncodedString())?="
    }
}
