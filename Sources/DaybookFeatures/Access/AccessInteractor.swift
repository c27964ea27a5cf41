import DaybookCore
import Foundation

/// The owner passphrase, login sessions and API tokens.
public struct AccessInteractor: Sendable {
    private let store: any AccessStore
    private let secrets: any SecretMaker
    private let hasher: any PassphraseHasher
    private let clock: any DaybookClock
    private let events: EventBus

    /// How long a login lasts from its last use.
    public static let sessionLifetime = LoginDevice.Limits.lifetime
    static let tokenPrefix = "dbk_"

    public init(
        store: any AccessStore, secrets: any SecretMaker, hasher: any PassphraseHasher, clock: any DaybookClock,
        events: EventBus
    ) {
        self.store = store
        self.secrets = secrets
        self.hasher = hasher
        self.clock = clock
        self.events = events
    }

    public func hasPassphrase() async throws -> Bool {
        try await store.passphraseHash() != nil
    }

    /// Sets the owner passphrase; every existing login ends.
    public func setPassphrase(_ passphrase: String) async throws {
        if passphrase.count < PassphraseRules.minimumLength {
            throw Access.Problem.passphraseTooShort(minimum: PassphraseRules.minimumLength)
        }
        if passphrase.count > PassphraseRules.maximumLength {
            throw Access.Problem.passphraseTooLong(maximum: PassphraseRules.maximumLength)
        }
        try await store.setPassphraseHash(try hasher.hash(passphrase))
        await events.publish(.access)
    }

    /// A new session secret when the passphrase is right, else `nil`; the session is named from `userAgent`.
    public func signIn(passphrase: String, userAgent: String? = nil) async throws -> String? {
        guard passphrase.count <= PassphraseRules.maximumLength, let encoded = try await store.passphraseHash(),
            hasher.verify(passphrase, against: encoded)
        else { return nil }
        let secret = secrets.newSecret()
        try await store.createSession(
            NewLoginSession(
                secret: secret, deviceName: DeviceName.from(userAgent: userAgent), now: clock.now(), secrets: secrets))
        return secret
    }

    /// The signed-in device this session secret belongs to, renewed (at most once an hour) for another
    /// `sessionLifetime`; `nil` when it was ended or has expired.
    public func useSession(_ secret: String) async throws -> SessionUse? {
        guard secret.count < 200 else { return nil }
        return try await store.useSession(
            digest: secrets.digest(secret), at: clock.now(), lifetime: Self.sessionLifetime,
            renewalPrecision: LoginDevice.Limits.renewalPrecision)
    }

    public func isSignedIn(session secret: String) async throws -> Bool {
        try await useSession(secret) != nil
    }

    /// Whether this session was ended by the owner in Settings → Devices (then its device forgets its copy).
    public func wasEnded(session secret: String) async throws -> Bool {
        guard secret.count < 200 else { return false }
        return try await store.sessionWasEnded(digest: secrets.digest(secret), at: clock.now())
    }

    public func signOut(session secret: String) async throws {
        try await store.deleteSession(digest: secrets.digest(secret))
        await events.publish(.access)
    }

    /// What a bearer token may do: its scope when the owner created it and it has neither expired nor been
    /// revoked.
    public func authorize(bearer token: String) async throws -> Access.Authorization {
        guard token.hasPrefix(Self.tokenPrefix), token.count < 200 else { return .unknown }
        let now = clock.now()
        guard let stored = try await store.useToken(digest: secrets.digest(token), at: now) else { return .unknown }
        return stored.hasExpired(at: now) ? .expired : .granted(stored.scope)
    }

    public func tokens() async throws -> [APIToken] {
        try await store.tokens()
    }

    /// Creates a token; its secret is returned once and never stored.
    ///
    /// - Parameters:
    ///   - scope: what it may reach.
    ///   - lifetime: how long it works, or `.never` for until it is revoked.
    public func createToken(name raw: String, scope: TokenScope = .full, lifetime: Access.TokenLifetime = .never)
        async throws -> Access.CreatedToken
    {
        let name = raw.trimmingWhiteSpace()
        if name.isEmpty { throw Access.Problem.tokenName(.empty) }
        if name.count > APIToken.Limits.nameLength {
            throw Access.Problem.tokenName(.tooLong(limit: APIToken.Limits.nameLength))
        }
        let random = secrets.newSecret()
        let secret = Self.tokenPrefix + random
        let now = clock.now()
        let token = APIToken(
            id: String(random.prefix(8)), name: name, createdAt: now, scope: scope,
            expiresAt: lifetime.days.map { now.addingTimeInterval(Double($0) * 86_400) })
        // Counted as it is kept: tokens made from two tabs at once never pass the limit together.
        guard try await store.createToken(token, digest: secrets.digest(secret), limit: APIToken.Limits.count) else {
            throw Access.Problem.tooManyTokens(limit: APIToken.Limits.count)
        }
        return Access.CreatedToken(token: token, secret: secret)
    }

    public func revokeToken(id: String) async throws {
        guard try await store.revokeToken(id: id) else { throw Access.Problem.unknownToken }
        await events.publish(.access)
    }
}
