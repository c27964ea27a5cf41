import AsyncHTTPClient
import Crypto
import DaybookDataFolder
import Foundation
import NIOCore

/// A browser's push subscription, as `PushManager.subscribe()` gives it.
struct PushSubscription: Equatable, Sendable, Codable {
    /// The push service's address for this browser (the browser vendor's relay).
    var endpoint: String
    /// The browser's P-256 public key, uncompressed (65 bytes), base64url.
    var p256dh: String
    /// The browser's 16-byte authentication secret, base64url.
    var auth: String
}

/// Web Push messages: encrypted for one browser (RFC 8291, `aes128gcm` of RFC 8188) and signed as this server
/// (VAPID, RFC 8292). The push service relays them without being able to read them.
struct WebPush: Sendable {
    /// This server's VAPID key, kept in the data folder.
    let key: P256.Signing.PrivateKey
    /// Who to contact about this server's messages (`mailto:` or an https address), as VAPID asks; `nil` leaves the
    /// claim out (RFC 8292 makes it optional, and a made-up local address is refused by Apple's push service).
    var subject: String? = nil

    enum Problem: Error, Equatable {
        /// The subscription's keys are not a P-256 public key and a 16-byte secret.
        case badKeys
        /// The endpoint is not an https address (or http on this machine).
        case badEndpoint
        /// More than one record's worth of text.
        case tooLong
    }

    /// The public key a page passes to `PushManager.subscribe()` as `applicationServerKey`, base64url.
    var publicKey: String { Base64URL.encode(key.publicKey.x963Representation) }

    /// The request a push service takes: its address, headers and encrypted body.
    struct Request: Sendable {
        var url: String
        var headers: [(String, String)]
        var body: Data
    }

    /// The most plaintext one message may carry: a single 4,096-byte record, less its padding and tag.
    static let maximumPayload = 3_993

    /// - Parameters:
    ///   - ttl: seconds the push service may hold the message for a browser that is offline.
    ///   - now: when the message is signed (the signature expires 12 hours later).
    func request(
        _ payload: Data, to subscription: PushSubscription, ttl: Int = 86_400, now: Date,
        salt: Data? = nil, ephemeral: P256.KeyAgreement.PrivateKey? = nil
    ) throws(Problem) -> Request {
        guard let endpoint = URL(string: subscription.endpoint), let host = endpoint.host,
            endpoint.scheme == "https" || (endpoint.scheme == "http" && Self.isLoopback(host))
        else { throw .badEndpoint }
        guard payload.count <= Self.maximumPayload else { throw .tooLong }
        let body = try Self.encrypt(
            payload, for: subscription, salt: salt ?? Self.random(16),
            ephemeral: ephemeral ?? P256.KeyAgreement.PrivateKey())
        let audience = "\(endpoint.scheme!)://\(host)" + (endpoint.port.map { ":\($0)" } ?? "")
        let token = vapidToken(audience: audience, expires: now.addingTimeInterval(12 * 3600))
        return Request(
            url: subscription.endpoint,
            headers: [
                ("Authorization", "vapid t=\(token), k=\(publicKey)"), ("Content-Encoding", "aes128gcm"),
                ("Content-Type", "application/octet-stream"), ("TTL", String(ttl)), ("Urgency", "normal"),
            ],
            body: body)
    }

    /// Posts a message to the push service; its status (201 sent; 404 or 410: the subscription is gone).
    ///
    /// - Throws: when the push service does not answer within `timeout`.
    static func send(_ request: Request, timeout: TimeAmount = timeout) async throws -> Int {
        var outgoing = HTTPClientRequest(url: request.url)
        outgoing.method = .POST
        for (name, value) in request.headers { outgoing.headers.add(name: name, value: value) }
        outgoing.body = .bytes(ByteBuffer(bytes: request.body))
        let response = try await HTTPClient.shared.execute(outgoing, timeout: timeout)
        return Int(response.status.code)
    }

    /// How long a push service has to answer: they answer within a second when they are up.
    static let timeout = TimeAmount.seconds(5)

    /// A JWT signed with ES256 naming the push service's origin, as RFC 8292 asks.
    func vapidToken(audience: String, expires: Date) -> String {
        let header = Base64URL.encode(Data(#"{"typ":"JWT","alg":"ES256"}"#.utf8))
        var claims: [String: Any] = ["aud": audience, "exp": Int(expires.timeIntervalSince1970)]
        if let subject { claims["sub"] = subject }
        let claimsJSON = (try? JSONSerialization.data(withJSONObject: claims, options: [.sortedKeys])) ?? Data()
        let signingInput = header + "." + Base64URL.encode(claimsJSON)
        let signature = (try? key.signature(for: Data(signingInput.utf8)).rawRepresentation) ?? Data()
        return signingInput + "." + Base64URL.encode(signature)
    }

    /// RFC 8291: an ECDH secret with the browser's key, mixed with its auth secret, keys one `aes128gcm` record.
    static func encrypt(
        _ payload: Data, for subscription: PushSubscription, salt: Data, ephemeral: P256.KeyAgreement.PrivateKey
    ) throws(Problem) -> Data {
        guard let receiverBytes = Base64URL.decode(subscription.p256dh),
            let receiver = try? P256.KeyAgreement.PublicKey(x963Representation: receiverBytes),
            let auth = Base64URL.decode(subscription.auth), auth.count == 16, salt.count == 16,
            let shared = try? ephemeral.sharedSecretFromKeyAgreement(with: receiver)
        else { throw .badKeys }
        let senderBytes = ephemeral.publicKey.x963Representation
        let keyInfo = Data("WebPush: info".utf8) + [0] + receiver.x963Representation + senderBytes
        let inputKey = shared.withUnsafeBytes { Data($0) }
        let ikm = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: SymmetricKey(data: inputKey), salt: auth, info: keyInfo, outputByteCount: 32)
        let cek = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: ikm, salt: salt, info: Data("Content-Encoding: aes128gcm".utf8) + [0],
            outputByteCount: 16)
        let nonce = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: ikm, salt: salt, info: Data("Content-Encoding: nonce".utf8) + [0], outputByteCount: 12)
        // The last (and only) record ends with the delimiter 2.
        let padded = payload + [2]
        guard
            let sealed = try? AES.GCM.seal(
                padded, using: cek, nonce: AES.GCM.Nonce(data: nonce.withUnsafeBytes { Data($0) }))
        else { throw .badKeys }
        var header = salt
        let recordSize = UInt32(4096)
        header += withUnsafeBytes(of: recordSize.bigEndian) { Data($0) }
        header += [UInt8(senderBytes.count)] + senderBytes
        return header + sealed.ciphertext + sealed.tag
    }

    static func random(_ count: Int) -> Data {
        var generator = SystemRandomNumberGenerator()
        return Data((0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }

    static func isLoopback(_ host: String) -> Bool { host == "127.0.0.1" || host == "localhost" || host == "::1" }
}
