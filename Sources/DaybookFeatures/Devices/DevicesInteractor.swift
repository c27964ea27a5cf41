import DaybookCore
import Foundation

/// Pairs phones by one-time links and lists and ends signed-in devices.
public struct DevicesInteractor: Sendable {
    private let store: any AccessStore
    private let secrets: any SecretMaker
    private let clock: any DaybookClock
    private let events: EventBus

    public init(store: any AccessStore, secrets: any SecretMaker, clock: any DaybookClock, events: EventBus) {
        self.store = store
        self.secrets = secrets
        self.clock = clock
        self.events = events
    }

    /// A new one-time link's code, working for `LoginDevice.Limits.pairingLifetime`.
    public func startPairing() async throws -> Devices.Pairing {
        let code = secrets.newSecret()
        let now = clock.now()
        let pairing = Devices.Pairing(code: code, expiresAt: now.addingTimeInterval(LoginDevice.Limits.pairingLifetime))
        try await store.createPairing(digest: secrets.digest(code), createdAt: now, expiresAt: pairing.expiresAt)
        return pairing
    }

    /// Signs in the browser that opened a pairing link, named from `userAgent`: its new session secret.
    ///
    /// - Throws: `Devices.Problem` when the link was used, has expired or was never made.
    public func pair(code raw: String, userAgent: String?) async throws -> String {
        let code = raw.trimmingCharacters(in: CharacterSet(charactersIn: "# \n"))
        guard (32...64).contains(code.count),
            code.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_".contains($0)) })
        else { throw Devices.Problem.unknownLink }
        let secret = secrets.newSecret()
        let now = clock.now()
        let session = NewLoginSession(
            secret: secret, deviceName: DeviceName.from(userAgent: userAgent), now: now, secrets: secrets)
        switch try await store.usePairing(digest: secrets.digest(code), at: now, session: session) {
        case .signedIn: return secret
        case .alreadyUsed: throw Devices.Problem.alreadyUsed
        case .expired: throw Devices.Problem.expired
        case .unknown: throw Devices.Problem.unknownLink
        }
    }

    public func devices() async throws -> [LoginDevice] {
        try await store.sessions(at: clock.now())
    }

    /// Signs a device out; its next visit goes to the login page and wipes what it kept.
    public func end(device id: String) async throws {
        guard id.count <= 64, try await store.endSession(id: id, at: clock.now()) else {
            throw Devices.Problem.unknownDevice
        }
        await events.publish(.access)
    }
}
