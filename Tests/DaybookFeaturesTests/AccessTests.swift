import DaybookCore
import DaybookStore
import DaybookTestSupport
import Foundation
import GRDB
import Testing

@testable import DaybookFeatures

/// Counts up, so secrets are predictable in tests.
final class CountingSecrets: SecretMaker, @unchecked Sendable {
    private var counter = 0
    func newSecret() -> String {
        counter += 1
        return "secret\(counter)-" + String(repeating: "x", count: 32)
    }
    func digest(_ secret: String) -> String { "digest:" + secret }
}

/// Reversible "hash" for rules tests; the real scrypt hasher is tested in the web tests.
struct PlainHasher: PassphraseHasher {
    func hash(_ passphrase: String) throws -> String { "plain$" + passphrase }
    func verify(_ passphrase: String, against encoded: String) -> Bool { encoded == "plain$" + passphrase }
}

@Suite("Access rules")
struct AccessTests {
    func access(_ database: AppDatabase, clock: any DaybookClock) -> AccessInteractor {
        AccessInteractor(
            store: database, secrets: CountingSecrets(), hasher: PlainHasher(), clock: clock, events: EventBus())
    }

    @Test("signing in needs the passphrase; the session lasts 90 days")
    func signIn() async throws {
        let clock = ManualClock(.iso("2026-11-21T10:00:00Z"))
        let access = access(try await Fixtures.database(), clock: clock)
        #expect(try await access.signIn(passphrase: "anything") == nil)
        try await access.setPassphrase("correct horse battery")
        #expect(try await access.signIn(passphrase: "wrong") == nil)
        let session = try #require(try await access.signIn(passphrase: "correct horse battery"))
        #expect(try await access.isSignedIn(session: session))
        clock.advance(by: 91 * 24 * 3600)
        #expect(try await !access.isSignedIn(session: session))
    }

    @Test("a short passphrase is refused")
    func shortPassphrase() async throws {
        let access = access(try await Fixtures.database(), clock: FixedClock(.iso("2026-11-21T10:00:00Z")))
        await #expect(throws: Access.Problem.passphraseTooShort(minimum: 10)) {
            try await access.setPassphrase("short")
        }
        #expect(try await !access.hasPassphrase())
    }

    @Test("a token works until it is revoked; its secret is never stored")
    func tokens() async throws {
        let database = try await Fixtures.database()
        let access = access(database, clock: FixedClock(.iso("2026-11-21T10:00:00Z")))
        let created = try await access.createToken(name: " laptop ")
        #expect(created.token.name == "laptop")
        #expect(created.secret.hasPrefix("dbk_"))
        #expect(try await access.authorize(bearer: created.secret) == .granted(.full))
        #expect(try await access.authorize(bearer: "dbk_guess") == .unknown)
        let stored = try await database.writer.read { db in try String.fetchAll(db, sql: "SELECT digest FROM apiToken")
        }
        #expect(!stored.contains(created.secret))
        try await access.revokeToken(id: created.token.id)
        #expect(try await access.authorize(bearer: created.secret) == .unknown)
        await #expect(throws: Access.Problem.unknownToken) { try await access.revokeToken(id: created.token.id) }
    }

    @Test("a widget token keeps its scope, and a token with a lifetime stops working when it ends")
    func scopedTokens() async throws {
        let database = try await Fixtures.database()
        let clock = ManualClock(.iso("2026-11-21T10:00:00Z"))
        let access = access(database, clock: clock)
        let widget = try await access.createToken(name: "Kitchen display", scope: .widgets, lifetime: .month)
        #expect(widget.token.expiresAt == .iso("2026-12-21T10:00:00Z"))
        #expect(try await access.authorize(bearer: widget.secret) == .granted(.widgets))
        clock.advance(by: 30 * 86_400 - 1)
        #expect(try await access.authorize(bearer: widget.secret) == .granted(.widgets))
        clock.advance(by: 1)
        #expect(try await access.authorize(bearer: widget.secret) == .expired)
        #expect(try await access.tokens().first?.scope == .widgets)
    }

    @Test("token names must be given and short")
    func tokenNames() async throws {
        let access = access(try await Fixtures.database(), clock: FixedClock(.iso("2026-11-21T10:00:00Z")))
        await #expect(throws: Access.Problem.tokenName(.empty)) { try await access.createToken(name: "  ") }
        await #expect(throws: Access.Problem.tokenName(.tooLong(limit: 60))) {
            try await access.createToken(name: String(repeating: "n", count: 61))
        }
        #expect(try await access.tokens().isEmpty)
    }
}
