import DaybookCore
import Foundation

/// Slows down passphrase guessing: after a few failures from one client, logins wait.
///
/// An attempt is counted as it is let in, before its guess is checked, and taken back when the guess was right: a
/// burst of guesses sent at once is held to the limit as guesses sent one after another are, not let in whole
/// because none of them had failed yet.
///
/// Clients are counted by `key(for:)`: an IPv4 address as it is, an IPv6 address by its /64, the network one home
/// or one phone is given (a client changes its address within it at will). When the table is full, the clients heard
/// from longest ago make room (a refused attempt counts as being heard from); the others keep their counts.
public actor LoginThrottle {
    private let clock: any DaybookClock
    private let limit: Int
    private let window: TimeInterval
    private let capacity: Int
    private var failures: [String: [Date]] = [:]
    /// When each counted client last tried, also when it was told to wait.
    private var lastSeen: [String: Date] = [:]

    /// - Parameters:
    ///   - limit: failures allowed within `window` before the client must wait.
    ///   - window: how long a failure counts, in seconds.
    ///   - capacity: the most clients counted at once.
    public init(clock: any DaybookClock, limit: Int = 5, window: TimeInterval = 15 * 60, capacity: Int = 10_000) {
        self.clock = clock
        self.limit = limit
        self.window = window
        self.capacity = max(1, capacity)
    }

    /// Lets an attempt from `client` (an address) in and counts it as a failure until `succeeded(for:)` says
    /// otherwise.
    /// - Returns: `nil` when it may try now; else the seconds to wait, and nothing is counted.
    public func admit(_ client: String) -> Int? {
        let key = Self.key(for: client)
        let recent = prune(key)
        if recent.count >= limit, let oldest = recent.first {
            lastSeen[key] = clock.now()
            return max(1, Int((oldest.addingTimeInterval(window).timeIntervalSince(clock.now())).rounded(.up)))
        }
        if failures[key] == nil, failures.count >= capacity { makeRoom() }
        failures[key, default: []].append(clock.now())
        lastSeen[key] = clock.now()
        return nil
    }

    /// The attempt `admit(_:)` let in was not a wrong guess: it no longer counts.
    public func succeeded(for client: String) {
        let key = Self.key(for: client)
        guard var recent = failures[key], !recent.isEmpty else { return }
        recent.removeLast()
        set(recent, for: key)
    }

    public func reset(for client: String) {
        set([], for: Self.key(for: client))
    }

    /// How many clients are counted now.
    public var count: Int { failures.count }

    /// What attempts from `address` are counted under: an IPv6 address's first 64 bits (`2001:db8:0:1::/64`), an
    /// IPv4 address (also one mapped into IPv6) as written.
    public static func key(for address: String) -> String {
        guard address.contains(":"), let groups = ipv6Groups(address) else { return address }
        if groups[0..<5].allSatisfy({ $0 == 0 }), groups[5] == 0xFFFF {
            // An IPv4 client of a dual-stack socket.
            return [groups[6] >> 8, groups[6] & 0xFF, groups[7] >> 8, groups[7] & 0xFF].map(String.init).joined(
                separator: ".")
        }
        return groups.prefix(4).map { String($0, radix: 16) }.joined(separator: ":") + "::/64"
    }

    /// Forgets the keys whose failures have all lapsed; when none have, the tenth of the table whose last attempt
    /// is oldest.
    private func makeRoom() {
        let cutoff = clock.now().addingTimeInterval(-window)
        for (key, times) in failures where times.last.map({ $0 <= cutoff }) ?? true { set([], for: key) }
        guard failures.count >= capacity else { return }
        let oldest = failures.keys.map { (key: $0, seen: lastSeen[$0] ?? .distantPast) }
            .sorted { $0.seen < $1.seen }
            .prefix(max(1, capacity / 10))
        for entry in oldest { set([], for: entry.key) }
    }

    private func prune(_ key: String) -> [Date] {
        let cutoff = clock.now().addingTimeInterval(-window)
        let recent = (failures[key] ?? []).filter { $0 > cutoff }
        set(recent, for: key)
        return recent
    }

    private func set(_ times: [Date], for key: String) {
        failures[key] = times.isEmpty ? nil : times
        if times.isEmpty { lastSeen[key] = nil }
    }
}

/// The eight 16-bit groups of an IPv6 address written in any of its forms (`2001:db8::1`, `::ffff:192.0.2.1`).
private func ipv6Groups(_ text: String) -> [UInt16]? {
    let halves = text.lowercased().components(separatedBy: "::")
    guard halves.count <= 2 else { return nil }
    func groups(_ part: String) -> [UInt16]? {
        guard !part.isEmpty else { return [] }
        var result: [UInt16] = []
        let pieces = part.split(separator: ":", omittingEmptySubsequences: false)
        for (index, piece) in pieces.enumerated() {
            if index == pieces.count - 1, piece.contains(".") {
                let bytes = piece.split(separator: ".", omittingEmptySubsequences: false).compactMap { UInt8($0) }
                guard bytes.count == 4 else { return nil }
                result += [UInt16(bytes[0]) << 8 | UInt16(bytes[1]), UInt16(bytes[2]) << 8 | UInt16(bytes[3])]
            } else {
                guard (1...4).contains(piece.count), let value = UInt16(piece, radix: 16) else { return nil }
                result.append(value)
            }
        }
        return result
    }
    guard let head = groups(halves[0]) else { return nil }
    if halves.count == 1 { return head.count == 8 ? head : nil }
    guard let tail = groups(halves[1]), head.count + tail.count < 8 else { return nil }
    return head + Array(repeating: 0, count: 8 - head.count - tail.count) + tail
}
