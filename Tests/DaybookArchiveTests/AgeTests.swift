import Crypto
import Foundation
import Testing

@testable import DaybookArchive

@Suite("age files")
struct AgeTests {
    /// A light work factor keeps the tests quick; the format is the same.
    static let passphrase = AgeRecipient.passphrase("correct horse battery staple", workFactor: 10)

    static func encrypt(_ plain: Data, to recipients: [AgeRecipient]) throws -> Data {
        var encryptor = try AgeEncryptor(recipients: recipients, sink: MemorySink())
        // Written in uneven pieces, as a stream arrives.
        var offset = 0
        while offset < plain.count {
            let piece = min(10_007, plain.count - offset)
            try encryptor.write(plain.subdata(in: offset..<offset + piece))
            offset += piece
        }
        return try encryptor.finish().data
    }

    static func decrypt(_ file: Data, with identities: [AgeIdentity]) throws -> Data {
        var decryptor = try AgeDecryptor(source: ByteSource(data: file), identities: identities)
        var plain = Data()
        while let chunk = try decryptor.next() { plain.append(chunk) }
        return plain
    }

    static func bytes(_ count: Int) -> Data { Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }) }

    @Test(
        "a passphrase file opens with the passphrase, at every length around the chunk size",
        arguments: [0, 1, 65_535, 65_536, 65_537, 3 * 65_536, 200_000])
    func passphraseRoundTrip(length: Int) throws {
        // Given some bytes encrypted with a passphrase
        let plain = Self.bytes(length)
        let file = try Self.encrypt(plain, to: [Self.passphrase])
        // When they are opened with the same passphrase
        // Then they come back whole
        #expect(try Self.decrypt(file, with: [.passphrase("correct horse battery staple")]) == plain)
        #expect(String(decoding: file.prefix(21), as: UTF8.self) == "age-encryption.org/v1")
    }

    @Test("a wrong passphrase, or a key for a passphrase file, is told apart")
    func wrongPassphrase() throws {
        let file = try Self.encrypt(Data("dear diary".utf8), to: [Self.passphrase])
        #expect(throws: Age.Failure.wrongPassphrase) { try Self.decrypt(file, with: [.passphrase("incorrect")]) }
        #expect(throws: Age.Failure.passphraseNeeded) {
            try Self.decrypt(file, with: [.privateKey(AgeIdentity.generate())])
        }
    }

    @Test("a file for two public keys opens with either, and not with a third")
    func publicKeys() throws {
        let first = AgeIdentity.generate()
        let second = AgeIdentity.generate()
        let plain = Self.bytes(150_000)
        let file = try Self.encrypt(plain, to: [.publicKey(first.publicKey), .publicKey(second.publicKey)])
        #expect(try Self.decrypt(file, with: [.privateKey(second)]) == plain)
        #expect(try Self.decrypt(file, with: [.privateKey(first)]) == plain)
        #expect(throws: Age.Failure.noMatchingIdentity) {
            try Self.decrypt(file, with: [.privateKey(AgeIdentity.generate())])
        }
    }

    @Test("a passphrase is not mixed with public keys, and some recipient is needed")
    func recipientRules() {
        #expect(throws: Age.Failure.self) {
            try Self.encrypt(Data(), to: [Self.passphrase, .publicKey(AgeIdentity.generate().publicKey)])
        }
        #expect(throws: Age.Failure.self) { try Self.encrypt(Data(), to: []) }
    }

    @Test("keys read back from their age1… and AGE-SECRET-KEY-1… forms; near misses are refused")
    func keyText() throws {
        let key = AgeIdentity.generate()
        let recipient = key.publicKey.ageRecipient
        #expect(recipient.hasPrefix("age1") && recipient.count == 62)
        guard case .publicKey(let parsed) = try AgeRecipient.parse(recipient) else {
            Issue.record()
            return
        }
        #expect(parsed.rawRepresentation == key.publicKey.rawRepresentation)
        let identities = try AgeIdentity.parseFile("# created: today\n# public key: \(recipient)\n\(key.ageIdentity)\n")
        guard case .privateKey(let back) = identities.first else {
            Issue.record()
            return
        }
        #expect(back.rawRepresentation == key.rawRepresentation)
        // One changed character breaks the checksum; mixed case and other prefixes are not keys.
        let changed = String(recipient.dropLast()) + (recipient.last == "q" ? "p" : "q")
        for text in [changed, recipient.uppercased(), "age1", "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", ""] {
            #expect(throws: Age.Failure.self) { try AgeRecipient.parse(text) }
        }
        #expect(throws: Age.Failure.self) { try AgeIdentity.parseFile("# only a comment\n") }
        #expect(throws: Age.Failure.self) { try AgeIdentity.parseFile(recipient) }
    }

    @Test("a changed byte anywhere, a dropped, repeated or swapped chunk, a cut or an addition is caught")
    func tampering() throws {
        let plain = Self.bytes(3 * 65_536 + 100)
        let file = try Self.encrypt(plain, to: [Self.passphrase])
        let identity = [AgeIdentity.passphrase("correct horse battery staple")]
        let headerEnd = file.firstRange(of: Data("\n---".utf8))!.upperBound
        let payloadStart = file[headerEnd...].firstIndex(of: UInt8(ascii: "\n"))! + 1 + 16
        let sealed = Age.chunkSize + Age.tagSize
        func chunk(_ index: Int) -> Data {
            file.subdata(in: (payloadStart + index * sealed)..<min(payloadStart + (index + 1) * sealed, file.count))
        }
        var damaged: [String: Data] = [:]
        for offset in [
            30, headerEnd + 10, payloadStart - 3, payloadStart + 5, payloadStart + sealed + 7, file.count - 1,
        ] {
            var copy = file
            copy[offset] ^= 0x01
            damaged["byte \(offset)"] = copy
        }
        let head = file.prefix(payloadStart)
        damaged["second chunk dropped"] = head + chunk(0) + chunk(2) + chunk(3)
        damaged["chunks swapped"] = head + chunk(1) + chunk(0) + chunk(2) + chunk(3)
        damaged["chunk repeated"] = head + chunk(0) + chunk(0) + chunk(1) + chunk(2) + chunk(3)
        damaged["last chunk dropped"] = head + chunk(0) + chunk(1) + chunk(2)
        damaged["cut inside a chunk"] = file.prefix(payloadStart + sealed + 1000)
        damaged["bytes added"] = file + Data([0])
        damaged["header only"] = file.prefix(payloadStart)
        damaged["empty"] = Data()
        for (name, copy) in damaged {
            #expect(throws: Age.Failure.self, "\(name)") { try Self.decrypt(copy, with: identity) }
        }
    }

    @Test(
        "what we write opens with Debian's age: with a key file, and with the passphrase",
        .enabled(if: AgeTool.isRequired, "the test command installs age"))
    func ageOpensOurs() throws {
        let folder = try ScratchFolder()
        let plain = Self.bytes(140_000)
        let key = AgeIdentity.generate()
        try Data(("# ours\n" + key.ageIdentity + "\n").utf8).write(to: folder.file("key.txt"))
        try Self.encrypt(plain, to: [.publicKey(key.publicKey)]).write(to: folder.file("keyed.age"))
        let keyed = try AgeTool.run(
            AgeTool.path("age"),
            [
                "-d", "-i", folder.file("key.txt").path, "-o", folder.file("keyed.out").path,
                folder.file("keyed.age").path,
            ])
        #expect(keyed.status == 0, "\(keyed.output)")
        #expect(try Data(contentsOf: folder.file("keyed.out")) == plain)

        try Self.encrypt(plain, to: [Self.passphrase]).write(to: folder.file("locked.age"))
        let locked = try AgeTool.withPassphrase(
            "correct horse battery staple",
            ["-d", "-o", folder.file("locked.out").path, folder.file("locked.age").path])
        #expect(locked.status == 0, "\(locked.output)")
        #expect(try Data(contentsOf: folder.file("locked.out")) == plain)
    }

    @Test(
        "what Debian's age writes opens here: for age-keygen's key, and for a passphrase",
        .enabled(if: AgeTool.isRequired, "the test command installs age"))
    func weOpenAges() throws {
        let folder = try ScratchFolder()
        let plain = Self.bytes(200_000)
        try plain.write(to: folder.file("plain"))
        let keygen = try AgeTool.run(AgeTool.path("age-keygen"), ["-o", folder.file("key.txt").path])
        #expect(keygen.status == 0, "\(keygen.output)")
        let identities = try AgeIdentity.parseFile(String(contentsOf: folder.file("key.txt"), encoding: .utf8))
        guard case .privateKey(let key) = identities.first else {
            Issue.record()
            return
        }
        let encrypted = try AgeTool.run(
            AgeTool.path("age"),
            ["-r", key.publicKey.ageRecipient, "-o", folder.file("keyed.age").path, folder.file("plain").path])
        #expect(encrypted.status == 0, "\(encrypted.output)")
        #expect(try Self.decrypt(Data(contentsOf: folder.file("keyed.age")), with: identities) == plain)

        let locked = try AgeTool.withPassphrase(
            "ünïcödé passphrase", times: 2, ["-p", "-o", folder.file("locked.age").path, folder.file("plain").path])
        #expect(locked.status == 0, "\(locked.output)")
        #expect(
            try Self.decrypt(Data(contentsOf: folder.file("locked.age")), with: [.passphrase("ünïcödé passphrase")])
                == plain)
    }
}
