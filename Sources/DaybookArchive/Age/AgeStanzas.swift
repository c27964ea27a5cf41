import Crypto
import Foundation
import _CryptoExtras

/// How each kind of recipient wraps the file key in a stanza, and how an identity unwraps it.
enum AgeStanzas {
    static let scryptLabel = "age-encryption.org/v1/scrypt"
    static let x25519Label = "age-encryption.org/v1/X25519"
    static let zeroNonce = try! ChaChaPoly.Nonce(data: Data(count: 12))

    static func wrap(_ fileKey: SymmetricKey, for recipient: AgeRecipient) throws -> AgeStanza {
        switch recipient {
        case .passphrase(let passphrase, let workFactor):
            let salt = SymmetricKey(size: .bits128).withUnsafeBytes { Data($0) }
            let key = try scryptKey(passphrase, salt: salt, workFactor: workFactor)
            return AgeStanza(
                type: "scrypt", arguments: [Base64Unpadded.encode(salt), String(workFactor)],
                body: try seal(fileKey, with: key))
        case .publicKey(let publicKey):
            let ephemeral = Curve25519.KeyAgreement.PrivateKey()
            let share = ephemeral.publicKey.rawRepresentation
            let shared = try ephemeral.sharedSecretFromKeyAgreement(with: publicKey)
            let key = x25519Key(shared, share: share, recipient: publicKey.rawRepresentation)
            return AgeStanza(
                type: "X25519", arguments: [Base64Unpadded.encode(share)], body: try seal(fileKey, with: key))
        }
    }

    /// The file key from the first stanza an identity opens.
    /// - Throws: why none opened: a passphrase that does not fit, a passphrase needed, no identity matching.
    static func unwrap(_ stanzas: [AgeStanza], with identities: [AgeIdentity]) throws -> SymmetricKey {
        if let scrypt = stanzas.first(where: { $0.type == "scrypt" }) {
            // The format keeps a passphrase file for the passphrase alone.
            guard stanzas.count == 1 else { throw Age.Failure.malformedHeader("a passphrase stanza is not alone") }
            guard scrypt.arguments.count == 2, let salt = Base64Unpadded.decode(scrypt.arguments[0]), salt.count == 16,
                let factor = Int(scrypt.arguments[1]), String(factor) == scrypt.arguments[1], factor > 0,
                scrypt.body.count == 32
            else { throw Age.Failure.malformedHeader("the passphrase stanza") }
            guard factor <= Age.largestWorkFactor else { throw Age.Failure.workFactorTooLarge(factor) }
            let passphrases = identities.compactMap { if case .passphrase(let text) = $0 { text } else { nil } }
            guard !passphrases.isEmpty else { throw Age.Failure.passphraseNeeded }
            for passphrase in passphrases {
                let key = try scryptKey(passphrase, salt: salt, workFactor: factor)
                if let fileKey = open(scrypt.body, with: key) { return fileKey }
            }
            throw Age.Failure.wrongPassphrase
        }
        let keys = identities.compactMap { if case .privateKey(let key) = $0 { key } else { nil } }
        for stanza in stanzas where stanza.type == "X25519" {
            guard stanza.arguments.count == 1, let share = Base64Unpadded.decode(stanza.arguments[0]),
                share.count == 32, stanza.body.count == 32,
                let sharePoint = try? Curve25519.KeyAgreement.PublicKey(rawRepresentation: share)
            else { throw Age.Failure.malformedHeader("an X25519 stanza") }
            for identity in keys {
                guard let shared = try? identity.sharedSecretFromKeyAgreement(with: sharePoint),
                    shared.withUnsafeBytes({ $0.contains { $0 != 0 } })
                else { continue }
                let key = x25519Key(shared, share: share, recipient: identity.publicKey.rawRepresentation)
                if let fileKey = open(stanza.body, with: key) { return fileKey }
            }
        }
        throw Age.Failure.noMatchingIdentity
    }

    private static func scryptKey(_ passphrase: String, salt: Data, workFactor: Int) throws -> SymmetricKey {
        // scrypt needs 128 · r · N bytes; a little more for its other buffers.
        let memory = 128 * 8 * (1 << workFactor) + 4 * 1024 * 1024
        return try KDF.Scrypt.deriveKey(
            from: Data(passphrase.utf8), salt: Data(scryptLabel.utf8) + salt, outputByteCount: 32,
            rounds: 1 << workFactor, blockSize: 8, parallelism: 1, maxMemory: memory)
    }

    private static func x25519Key(_ shared: SharedSecret, share: Data, recipient: Data) -> SymmetricKey {
        shared.hkdfDerivedSymmetricKey(
            using: SHA256.self, salt: share + recipient, sharedInfo: Data(x25519Label.utf8), outputByteCount: 32)
    }

    private static func seal(_ fileKey: SymmetricKey, with key: SymmetricKey) throws -> Data {
        let box = try ChaChaPoly.seal(fileKey.withUnsafeBytes { Data($0) }, using: key, nonce: zeroNonce)
        return box.ciphertext + box.tag
    }

    private static func open(_ body: Data, with key: SymmetricKey) -> SymmetricKey? {
        guard let box = try? ChaChaPoly.SealedBox(nonce: zeroNonce, ciphertext: body.prefix(16), tag: body.suffix(16)),
            let fileKey = try? ChaChaPoly.open(box, using: key), fileKey.count == 16
        else { return nil }
        return SymmetricKey(data: fileKey)
    }
}
