import Crypto
import Foundation

/// Who a new file is encrypted to: a passphrase (the scrypt recipient, alone) or age public keys (`age1…`).
public enum AgeRecipient: Sendable {
    case passphrase(String, workFactor: Int = Age.defaultWorkFactor)
    case publicKey(Curve25519.KeyAgreement.PublicKey)

    /// Reads an `age1…` recipient.
    /// - Throws: `Age.Failure.badRecipients` naming the string when it is not one.
    public static func parse(_ text: String) throws -> AgeRecipient {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let (humanPart, data) = Bech32.decode(trimmed), humanPart == "age", trimmed == trimmed.lowercased(),
            let key = try? Curve25519.KeyAgreement.PublicKey(rawRepresentation: data)
        else {
            throw Age.Failure.badRecipients("“\(trimmed.prefix(80))” is not an age recipient (age1…).")
        }
        return .publicKey(key)
    }
}

/// What opens a file: a passphrase, or age private keys (`AGE-SECRET-KEY-1…`).
public enum AgeIdentity: Sendable {
    case passphrase(String)
    case privateKey(Curve25519.KeyAgreement.PrivateKey)

    /// A new private key.
    public static func generate() -> Curve25519.KeyAgreement.PrivateKey { .init() }

    /// The identities of an identity file as `age-keygen` writes it: one key a line, `#` comments, blank lines.
    /// - Throws: `Age.Failure.badRecipients` naming the first line that is not a key.
    public static func parseFile(_ text: String) throws -> [AgeIdentity] {
        var identities: [AgeIdentity] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            guard let (humanPart, data) = Bech32.decode(trimmed), humanPart == "age-secret-key-",
                trimmed == trimmed.uppercased(),
                let key = try? Curve25519.KeyAgreement.PrivateKey(rawRepresentation: data)
            else {
                throw Age.Failure.badRecipients("Line \(number + 1) of the identity file is not an age identity.")
            }
            identities.append(.privateKey(key))
        }
        guard !identities.isEmpty else { throw Age.Failure.badRecipients("The identity file holds no identity.") }
        return identities
    }
}

extension Curve25519.KeyAgreement.PublicKey {
    /// The key as an age recipient, `age1…`.
    public var ageRecipient: String { Bech32.encode(humanPart: "age", data: Array(rawRepresentation)) }
}

extension Curve25519.KeyAgreement.PrivateKey {
    /// The key as an age identity, `AGE-SECRET-KEY-1…`.
    public var ageIdentity: String {
        Bech32.encode(humanPart: "AGE-SECRET-KEY-", data: Array(rawRepresentation), uppercase: true)
    }
}
