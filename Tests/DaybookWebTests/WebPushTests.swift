import Crypto
import DaybookCore
import DaybookDataFolder
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import DaybookWeb

/// What the test's push service received.
final class PushInbox: Sendable {
    let received = Locked<[Received]>([])

    struct Received: Sendable {
        var headers: HTTPFields
        var body: Data
    }

    /// A server that keeps what is posted to `path` and answers `status`: a push service or an ntfy topic.
    func server(path: RouterPath, status: HTTPResponse.Status) -> some ApplicationProtocol {
        let router = Router()
        router.post(path) { request, _ in
            var request = request
            let body = try await request.collectBody(upTo: 8192)
            self.received.withLock { $0.append(Received(headers: request.headers, body: Data(body.readableBytesView))) }
            return Response(status: status)
        }
        return Application(router: router)
    }
}

@Suite("Web Push")
struct WebPushTests {
    /// The browser's side of a subscription: its key pair and auth secret.
    let browserKey = P256.KeyAgreement.PrivateKey()
    let auth = WebPush.random(16)

    func subscription(_ endpoint: String) -> PushSubscription {
        PushSubscription(
            endpoint: endpoint, p256dh: Base64URL.encode(browserKey.publicKey.x963Representation),
            auth: Base64URL.encode(auth))
    }

    /// Decrypts an `aes128gcm` body as the browser does (RFC 8291 from the receiving side).
    func decrypt(_ body: Data) throws -> Data {
        let salt = body.prefix(16)
        let keyLength = Int(body[body.startIndex + 20])
        let senderBytes = body.subdata(in: body.startIndex + 21..<body.startIndex + 21 + keyLength)
        let ciphertext = body.suffix(from: body.startIndex + 21 + keyLength)
        let sender = try P256.KeyAgreement.PublicKey(x963Representation: senderBytes)
        let shared = try browserKey.sharedSecretFromKeyAgreement(with: sender)
        let info = Data("WebPush: info".utf8) + [0] + browserKey.publicKey.x963Representation + senderBytes
        let ikm = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: SymmetricKey(data: shared.withUnsafeBytes { Data($0) }), salt: auth, info: info,
            outputByteCount: 32)
        let cek = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: ikm, salt: salt, info: Data("Content-Encoding: aes128gcm".utf8) + [0], outputByteCount: 16
        )
        let nonce = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: ikm, salt: salt, info: Data("Content-Encoding: nonce".utf8) + [0], outputByteCount: 12)
        let box = try AES.GCM.SealedBox(
            nonce: AES.GCM.Nonce(data: nonce.withUnsafeBytes { Data($0) }), ciphertext: ciphertext.dropLast(16),
            tag: ciphertext.suffix(16))
        let padded = try AES.GCM.open(box, using: cek)
        #expect(padded.last == 2)
        return padded.dropLast()
    }

    @Test("a message reaches a push service signed as this server, and only the browser can read it")
    func roundTrip() async throws {
        let inbox = PushInbox()
        let server = inbox.server(path: "/push/{id}", status: .created)
        let push = WebPush(key: P256.Signing.PrivateKey())
        let now = Date(timeIntervalSince1970: 1_795_230_000)
        try await server.test(.live) { client in
            let endpoint = "http://127.0.0.1:\(client.port!)/push/browser-1"
            let message = Data(#"{"title":"Time to write","body":"How was today?","url":"/journal/new"}"#.utf8)
            let request = try push.request(message, to: subscription(endpoint), now: now)
            #expect(try await WebPush.send(request, timeout: TestApp.pushTimeout) == 201)
        }
        let received = try #require(inbox.received.withLock { $0 }.first)
        #expect(received.headers[HTTPField.Name("Content-Encoding")!] == "aes128gcm")
        #expect(received.headers[HTTPField.Name("TTL")!] == "86400")

        // The VAPID header: a JWT for this push service's origin, verified with the key it names.
        let authorization = try #require(received.headers[.authorization])
        let parts = authorization.dropFirst("vapid ".count).split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        let token = try #require(parts.first { $0.hasPrefix("t=") }?.dropFirst(2))
        let key = try #require(parts.first { $0.hasPrefix("k=") }?.dropFirst(2))
        #expect(String(key) == push.publicKey)
        let pieces = token.split(separator: ".").map(String.init)
        #expect(pieces.count == 3)
        let keyBytes = try #require(Base64URL.decode(String(key)))
        let signatureBytes = try #require(Base64URL.decode(pieces[2]))
        let publicKey = try P256.Signing.PublicKey(x963Representation: keyBytes)
        let signature = try P256.Signing.ECDSASignature(rawRepresentation: signatureBytes)
        #expect(publicKey.isValidSignature(signature, for: Data((pieces[0] + "." + pieces[1]).utf8)))
        let claimsBytes = try #require(Base64URL.decode(pieces[1]))
        let claims = try #require(try JSONSerialization.jsonObject(with: claimsBytes) as? [String: Any])
        #expect((claims["aud"] as? String)?.hasPrefix("http://127.0.0.1:") == true)
        #expect(claims["exp"] as? Int == Int(now.timeIntervalSince1970) + 12 * 3600)

        // The body: only the browser's private key opens it.
        let plaintext = try decrypt(received.body)
        #expect(String(decoding: plaintext, as: UTF8.self).contains("Time to write"))
        #expect(!String(decoding: received.body, as: UTF8.self).contains("Time to write"))
    }

    @Test("bad keys, a plain-http endpoint elsewhere and a message too long are refused before anything is sent")
    func refusals() throws {
        let push = WebPush(key: P256.Signing.PrivateKey())
        let now = Date()
        #expect(throws: WebPush.Problem.badKeys) {
            try push.request(
                Data("hi".utf8),
                to: PushSubscription(endpoint: "https://push.example/1", p256dh: "AAAA", auth: "BBBB"), now: now)
        }
        #expect(throws: WebPush.Problem.badEndpoint) {
            try push.request(Data("hi".utf8), to: subscription("http://push.example/1"), now: now)
        }
        #expect(throws: WebPush.Problem.tooLong) {
            try push.request(Data(count: 5000), to: subscription("https://push.example/1"), now: now)
        }
    }

    @Test("VAPID's contact is the owner's email or the public address, never a made-up local one")
    func subject() throws {
        func claims(_ subject: String?) throws -> [String: Any] {
            let push = WebPush(key: P256.Signing.PrivateKey(), subject: subject)
            let token = push.vapidToken(audience: "https://web.push.apple.com", expires: Date(timeIntervalSince1970: 0))
            let bytes = try #require(Base64URL.decode(String(token.split(separator: ".")[1])))
            return try #require(try JSONSerialization.jsonObject(with: bytes) as? [String: Any])
        }
        let owner = ReminderSettings(pushContact: "mina@example.com")
        #expect(owner.pushSubject(publicURL: "https://box.tailnet.ts.net") == "mailto:mina@example.com")
        #expect(ReminderSettings().pushSubject(publicURL: "https://box.tailnet.ts.net") == "https://box.tailnet.ts.net")
        #expect(ReminderSettings().pushSubject(publicURL: nil) == nil)
        #expect(try claims("https://box.tailnet.ts.net")["sub"] as? String == "https://box.tailnet.ts.net")
        #expect(try claims(nil)["sub"] == nil)

        #expect(
            try ReminderChange(pushContact: "mailto:mina@example.com").applied(to: .none).pushContact
                == "mina@example.com")
        #expect(try ReminderChange(pushContact: " ").applied(to: owner).pushContact == "")
        for refused in ["daybook@localhost", "not an address", "a@b@example.com"] {
            #expect(throws: ReminderChange.Problem.self) { try ReminderChange(pushContact: refused).applied(to: .none) }
            do {
                _ = try ReminderChange(pushContact: refused).applied(to: .none)
            } catch {
                #expect(error.fields == [.pushContact], "\(refused)")
            }
        }
    }
}
