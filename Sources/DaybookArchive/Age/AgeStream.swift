import Crypto
import Foundation

/// Encrypts a stream into an age file: the header, a nonce, then 64 KiB chunks, holding at most two chunks in
/// memory whatever the length.
public struct AgeEncryptor<Sink: ByteSink> {
    private var sink: Sink
    private let payloadKey: SymmetricKey
    private var pending = Data()
    private var counter: UInt64 = 0
    private var finished = false

    /// Writes the header and the payload nonce.
    /// - Parameter recipients: one passphrase, or one or more public keys.
    /// - Throws: `Age.Failure.badRecipients` for none, or a passphrase with others.
    public init(recipients: [AgeRecipient], sink: Sink) throws {
        guard !recipients.isEmpty else { throw Age.Failure.badRecipients("Give a passphrase or a recipient.") }
        if recipients.count > 1, recipients.contains(where: { if case .passphrase = $0 { true } else { false } }) {
            throw Age.Failure.badRecipients("A passphrase cannot be combined with recipients in one file.")
        }
        let fileKey = SymmetricKey(size: .bits128)
        let stanzas = try recipients.map { try AgeStanzas.wrap(fileKey, for: $0) }
        let nonce = SymmetricKey(size: .bits128).withUnsafeBytes { Data($0) }
        payloadKey = AgePayload.key(fileKey: fileKey, nonce: nonce)
        self.sink = sink
        try self.sink.write(AgeHeader.encode(stanzas: stanzas, fileKey: fileKey) + nonce)
    }

    /// Adds plaintext; full chunks are sealed once it is known that more follows.
    public mutating func write(_ data: Data) throws {
        precondition(!finished, "write after finish")
        pending.append(data)
        guard pending.count > Age.chunkSize else { return }
        var start = pending.startIndex
        while pending.endIndex - start > Age.chunkSize {
            try seal(pending[start..<start + Age.chunkSize], last: false)
            start += Age.chunkSize
        }
        // What is left goes into a buffer of its own: a Data whose first bytes are removed keeps them, and the
        // next append grows that storage, so it held every byte ever written (a whole backup in memory).
        pending = Data(pending[start...])
    }

    /// Seals the last chunk and returns the sink.
    public mutating func finish() throws -> Sink {
        precondition(!finished, "finish twice")
        finished = true
        try seal(pending, last: true)
        pending = Data()
        return sink
    }

    private mutating func seal(_ chunk: Data, last: Bool) throws {
        let box = try ChaChaPoly.seal(chunk, using: payloadKey, nonce: AgePayload.nonce(counter, last: last))
        counter += 1
        try sink.write(box.ciphertext + box.tag)
    }
}

/// Decrypts an age file chunk by chunk; every chunk is authenticated before it is returned, and the end of the
/// file must be the chunk sealed as last.
public struct AgeDecryptor {
    private var source: ByteSource
    private let payloadKey: SymmetricKey
    private var counter: UInt64 = 0
    private var done = false

    /// Reads and checks the header with the identities, leaving the payload to `next()`.
    /// - Throws: `Age.Failure` when the file is not age, its header is damaged or changed, or no identity opens it.
    public init(source: ByteSource, identities: [AgeIdentity]) throws {
        var source = source
        let header = try AgeHeader.read(from: &source)
        let fileKey = try AgeStanzas.unwrap(header.stanzas, with: identities)
        guard header.verify(fileKey: fileKey) else { throw Age.Failure.headerChanged }
        let nonce = try source.read(upTo: 16)
        guard nonce.count == 16 else { throw Age.Failure.payloadDamaged }
        payloadKey = AgePayload.key(fileKey: fileKey, nonce: nonce)
        self.source = source
    }

    /// The next chunk of plaintext, or nil after the last one.
    /// - Throws: `Age.Failure.payloadDamaged` for a changed, missing, reordered or cut-off chunk, or trailing bytes.
    public mutating func next() throws -> Data? {
        guard !done else { return nil }
        let sealed = try source.read(upTo: Age.chunkSize + Age.tagSize)
        guard sealed.count > Age.tagSize || (counter == 0 && sealed.count == Age.tagSize) else {
            throw Age.Failure.payloadDamaged
        }
        let last = try sealed.count < Age.chunkSize + Age.tagSize || source.isAtEnd()
        let nonce = AgePayload.nonce(counter, last: last)
        guard
            let box = try? ChaChaPoly.SealedBox(nonce: nonce, ciphertext: sealed.dropLast(16), tag: sealed.suffix(16)),
            let plain = try? ChaChaPoly.open(box, using: payloadKey)
        else { throw Age.Failure.payloadDamaged }
        // Only an empty file has an empty chunk, and nothing may follow the last one.
        if last, plain.isEmpty, counter > 0 { throw Age.Failure.payloadDamaged }
        counter += 1
        done = last
        return plain
    }
}

enum AgePayload {
    static func key(fileKey: SymmetricKey, nonce: Data) -> SymmetricKey {
        HKDF<SHA256>.deriveKey(inputKeyMaterial: fileKey, salt: nonce, info: Data("payload".utf8), outputByteCount: 32)
    }

    /// An 11-byte big-endian counter, then 1 for the last chunk and 0 before it.
    static func nonce(_ counter: UInt64, last: Bool) -> ChaChaPoly.Nonce {
        var bytes = [UInt8](repeating: 0, count: 12)
        for index in 0..<8 { bytes[10 - index] = UInt8((counter >> (8 * UInt64(index))) & 0xff) }
        bytes[11] = last ? 1 : 0
        return try! ChaChaPoly.Nonce(data: bytes)
    }
}
