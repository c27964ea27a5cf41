import Foundation

/// A signed-in browser as the owner sees it in Settings → Devices; its session secret is never stored.
public struct LoginDevice: Equatable, Sendable {
    /// A short public id, used to end it.
    public var id: String
    /// Named from the browser's User-Agent when it signed in (`iPhone · Safari`); empty when nothing was recognised.
    public var name: String
    public var createdAt: Date
    public var lastSeenAt: Date
    public var expiresAt: Date

    public init(id: String, name: String, createdAt: Date, lastSeenAt: Date, expiresAt: Date) {
        self.id = id
        self.name = name
        self.createdAt = createdAt
        self.lastSeenAt = lastSeenAt
        self.expiresAt = expiresAt
    }

    public enum Limits {
        /// A login lasts this long from its last use.
        public static let lifetime: TimeInterval = 90 * 86_400
        /// A session's last use (and so its expiry) is written at most this often, so page loads do not write.
        public static let renewalPrecision: TimeInterval = 3600
        /// A pairing link works once, for this long.
        public static let pairingLifetime: TimeInterval = 10 * 60
    }
}

/// A login session about to be stored: only the digest of its secret.
public struct NewLoginSession: Equatable, Sendable {
    public var digest: String
    public var device: LoginDevice

    /// A session for `secret`, named `deviceName`, lasting `LoginDevice.Limits.lifetime` from `now`.
    public init(secret: String, deviceName: String, now: Date, secrets: any SecretMaker) {
        digest = secrets.digest(secret)
        device = LoginDevice(
            id: String(digest.suffix(16)), name: deviceName, createdAt: now, lastSeenAt: now,
            expiresAt: now.addingTimeInterval(LoginDevice.Limits.lifetime))
    }
}

/// A session found by its secret's digest, and whether this use renewed it (so the cookie is renewed too).
public struct SessionUse: Equatable, Sendable {
    public var device: LoginDevice
    public var renewed: Bool

    public init(device: LoginDevice, renewed: Bool) {
        self.device = device
        self.renewed = renewed
    }
}

/// What came of opening a pairing link.
public enum PairingUse: Equatable, Sendable {
    /// The link was unused and fresh: it is used now and the session stored.
    case signedIn
    case alreadyUsed
    case expired
    /// No link has this code: mistyped, cut short or made up.
    case unknown
}
