import Foundation

/// A change every open page may want to show.
public enum DaybookEvent: String, CaseIterable, Sendable {
    case timer, tasks, settings
    /// A daily log changed (sleep, mood, reflection).
    case log
    /// A journal entry was written, changed, trashed or restored.
    case journal
    /// A tracker or one of its values changed.
    case trackers
    /// A reminder was sent: open pages may show it (`/api/v1/reminders/recent`).
    case reminder
    /// A login session or a signed-in device was ended, a token revoked or the passphrase changed: each open
    /// stream checks that what it was opened with still lets it in. Never sent to pages.
    case access
}

/// Fans typed change events out to every subscriber (each open page's `/events` stream).
public actor EventBus {
    private var subscribers: [Int: AsyncStream<DaybookEvent>.Continuation] = [:]
    private var nextID = 0

    public init() {}

    /// A stream of the events published from now on; it ends when the subscriber stops listening.
    public func subscribe() -> AsyncStream<DaybookEvent> {
        let id = nextID
        nextID += 1
        let (stream, continuation) = AsyncStream.makeStream(
            of: DaybookEvent.self, bufferingPolicy: .bufferingNewest(16))
        subscribers[id] = continuation
        continuation.onTermination = { _ in
            Task { await self.unsubscribe(id) }
        }
        return stream
    }

    public func publish(_ event: DaybookEvent) {
        for continuation in subscribers.values {
            continuation.yield(event)
        }
    }

    /// How many streams are listening, for tests and diagnostics.
    public var subscriberCount: Int { subscribers.count }

    private func unsubscribe(_ id: Int) {
        subscribers[id] = nil
    }
}
