import Foundation

/// An API token as the owner sees it in Settings; the secret itself is never stored.
public struct APIToken: Equatable, Sendable, Codable {
    /// A short public id (also the first part of the secret), used to revoke it.
    public var id: String
    public var name: String
    public var createdAt: Date
    public var lastUsedAt: Date?
    /// What the token may reach.
    public var scope: TokenScope
    /// When it stops working; `nil` for never.
    public var expiresAt: Date?

    public init(
        id: String, name: String, createdAt: Date, lastUsedAt: Date? = nil, scope: TokenScope = .full,
        expiresAt: Date? = nil
    ) {
        self.id = id
        self.name = name
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
        self.scope = scope
        self.expiresAt = expiresAt
    }

    public func hasExpired(at date: Date) -> Bool {
        expiresAt.map { $0 <= date } ?? false
    }

    public enum Limits {
        public static let nameLength = 60
        public static let count = 20
        /// A used token's "last used" time is written at most this often, so polling widgets don't write.
        public static let lastUsedPrecision: TimeInterval = 60
    }
}

/// What an API token may reach.
public enum TokenScope: String, CaseIterable, Codable, Sendable {
    /// The whole API, as the owner.
    case full
    /// Only the widgets (pages, images and timelines) and toggling a yes/no tracker for today.
    case widgets
    /// Only the calendar feed of the timeline's blocks, read-only: for a phone's calendar to subscribe to.
    case calendar
    /// What `widgets` reaches, plus one-request actions for a phone's shortcuts: a tracker's value for today, focus,
    /// a block for today, quick capture, and the names they choose from. Never a read of the journal.
    case shortcuts
}

/// Where the owner passphrase, login sessions and API tokens are kept (as digests only).
public protocol AccessStore: Sendable {
    /// The encoded passphrase hash, or `nil` when none was set.
    func passphraseHash() async throws -> String?
    /// Stores a new passphrase hash and ends every login session.
    func setPassphraseHash(_ encoded: String) async throws
    func createSession(_ session: NewLoginSession) async throws
    /// The session with this digest unless it has expired at `date`. When its last use was `renewalPrecision`
    /// or longer ago, it is used now: seen at `date` and lasting `lifetime` from then.
    func useSession(digest: String, at date: Date, lifetime: TimeInterval, renewalPrecision: TimeInterval)
        async throws -> SessionUse?
    func deleteSession(digest: String) async throws
    /// The sessions that have not expired at `date`, most recently seen first.
    func sessions(at date: Date) async throws -> [LoginDevice]
    /// Ends the session with this public id at `date`; `false` when no live session has it. Its device is told at its
    /// next visit (`sessionWasEnded`) until the session would have expired.
    func endSession(id: String, at date: Date) async throws -> Bool
    /// Whether the session with this digest was ended by the owner (not lapsed, not signed out).
    func sessionWasEnded(digest: String, at date: Date) async throws -> Bool
    func createPairing(digest: String, createdAt: Date, expiresAt: Date) async throws
    /// Uses the pairing link with this digest and stores `session`, in one write that checks the link is unused
    /// and unexpired at `date`: of two uses at once, one signs in.
    func usePairing(digest: String, at date: Date, session: NewLoginSession) async throws -> PairingUse
    /// Keeps `token` unless `limit` tokens are kept already, counted in the same transaction as the insert.
    /// - Returns: false when the limit was reached and nothing was kept.
    func createToken(_ token: APIToken, digest: String, limit: Int) async throws -> Bool
    func tokens() async throws -> [APIToken]
    /// Revokes a token; `false` when no token has that id.
    func revokeToken(id: String) async throws -> Bool
    /// The token with this digest (also when it has expired), marking it used at `date`.
    func useToken(digest: String, at date: Date) async throws -> APIToken?
}

/// Makes and digests secrets (session ids, API tokens).
public protocol SecretMaker: Sendable {
    /// A new random secret, URL-safe, with at least 128 bits of entropy.
    func newSecret() -> String
    /// A one-way digest of a secret, for storing and looking it up.
    func digest(_ secret: String) -> String
}

/// Turns a passphrase into a slow, memory-hard hash and checks one against it.
public protocol PassphraseHasher: Sendable {
    func hash(_ passphrase: String) throws -> String
    func verify(_ passphrase: String, against encoded: String) -> Bool
}

/// Rules for the owner passphrase.
public enum PassphraseRules {
    public static let minimumLength = 10
    public static let maximumLength = 1024
}
