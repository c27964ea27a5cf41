import Crypto
import DaybookCore
import Foundation
import _CryptoExtras

/// Random secrets from the system generator; SHA-256 digests for storing them.
public struct SystemSecretMaker: SecretMaker {
    public init() {}

    public func newSecret() -> String {
        // 32 bytes in four draws of 64 bits: each draw asks the kernel once.
        var generator = SystemRandomNumberGenerator()
        var bytes = Data(capacity: 32)
        for _ in 0..<4 { withUnsafeBytes(of: generator.next()) { bytes.append(contentsOf: $0) } }
        return Base64URL.encode(bytes)
    }

    public func digest(_ secret: String) -> String {
        SHA256.hash(data: Data(secret.utf8)).map { String(format: "%02x", $0) }.joined()
    }
}

/// scrypt (memory-hard) passphrase hashes, encoded as `scrypt$N$r$p$salt$hash`.
public struct ScryptPassphraseHasher: PassphraseHasher {
    package let rounds: Int
    package let blockSize: Int
    package let parallelism: Int

    /// - Parameter rounds: scrypt's N; 2^15 with r = 8 uses 32 MiB per hash.
    public init(rounds: Int = 1 << 15, blockSize: Int = 8, parallelism: Int = 1) {
        self.rounds = rounds
        self.blockSize = blockSize
        self.parallelism = parallelism
    }

    public func hash(_ passphrase: String) throws -> String {
        var generator = SystemRandomNumberGenerator()
        let salt = Data((0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
        let key = try derive(passphrase, salt: salt, rounds: rounds, blockSize: blockSize, parallelism: parallelism)
        return [
            "scrypt", String(rounds), String(blockSize), String(parallelism), Base64URL.encode(salt),
            Base64URL.encode(key),
        ]
        .joined(separator: "$")
    }

    public func verify(_ passphrase: String, against encoded: String) -> Bool {
        let parts = encoded.split(separator: "$").map(String.init)
        guard parts.count == 6, parts[0] == "scrypt", let n = Int(parts[1]), let r = Int(parts[2]),
            let p = Int(parts[3]), n <= 1 << 20, r <= 32, p <= 16,
            let salt = Base64URL.decode(parts[4]), let expected = Base64URL.decode(parts[5]),
            let actual = try? derive(passphrase, salt: salt, rounds: n, blockSize: r, parallelism: p)
        else { return false }
        // Compare in constant time.
        guard actual.count == expected.count else { return false }
        return zip(actual, expected).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    private func derive(_ passphrase: String, salt: Data, rounds: Int, blockSize: Int, parallelism: Int) throws -> Data
    {
        let key = try KDF.Scrypt.deriveKey(
            from: Data(passphrase.utf8), salt: salt, outputByteCount: 32, rounds: rounds, blockSize: blockSize,
            parallelism: parallelism, maxMemory: 256 * 1024 * 1024)
        return key.withUnsafeBytes { Data($0) }
    }
}

package enum Base64URL {
    /// Base64 with `-` and `_` for `+` and `/`, unpadded (a form token is made for every new visitor: one pass
    /// over the bytes rather than three string replacements).
    package static func encode(_ data: Data) -> String {
        let bytes = data.base64EncodedData().compactMap { byte -> UInt8? in
            switch byte {
            case UInt8(ascii: "+"): UInt8(ascii: "-")
            case UInt8(ascii: "/"): UInt8(ascii: "_")
            case UInt8(ascii: "="): nil
            default: byte
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    package static func decode(_ text: String) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }
}
