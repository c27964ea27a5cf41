import Foundation

/// The age v1 file format (C2SP's age specification, `age-encryption.org/v1`): a text header naming who may open
/// the file, then the payload in 64 KiB ChaCha20-Poly1305 chunks. Files written here open with the standard `age`
/// tool, and files `age` writes open here.
public enum Age {
    /// The first line of every age v1 file.
    static let intro = "age-encryption.org/v1"
    /// Plaintext bytes per payload chunk.
    static let chunkSize = 64 * 1024
    /// Poly1305's tag after each chunk.
    static let tagSize = 16
    /// The scrypt work factor (log₂ N) new passphrase files use, as `age` itself does: about a second of work.
    public static let defaultWorkFactor = 18
    /// The largest work factor accepted when opening a file (2²⁰ needs 1 GiB of memory).
    public static let largestWorkFactor = 20
    /// A header longer than this is not one: it is refused before it is read whole.
    static let largestHeader = 64 * 1024

    /// Why a file could not be written or opened. Nothing is decrypted past the first failure.
    public enum Failure: Error, Equatable, Sendable {
        /// The file does not start as an age v1 file.
        case notAgeFile
        /// The header breaks the format (the reason says where).
        case malformedHeader(String)
        /// The file is for a passphrase and none was given.
        case passphraseNeeded
        /// The file is for age recipients and no identity was given (or none of them matches).
        case noMatchingIdentity
        /// The passphrase does not open the file.
        case wrongPassphrase
        /// The file asks for more scrypt work than is accepted.
        case workFactorTooLarge(Int)
        /// The header was changed after it was written.
        case headerChanged
        /// A payload chunk was changed, dropped, reordered or cut off, or bytes follow the end.
        case payloadDamaged
        /// A passphrase cannot be mixed with other recipients (the format allows it alone), or none was given.
        case badRecipients(String)
    }
}

extension Age.Failure: CustomStringConvertible {
    public var description: String {
        switch self {
        case .notAgeFile: "This is not an age-encrypted file."
        case .malformedHeader(let reason): "The file's header is damaged (\(reason))."
        case .passphraseNeeded: "The file is locked with a passphrase; give it to open the file."
        case .noMatchingIdentity: "None of the given identities opens this file."
        case .wrongPassphrase: "The passphrase does not open this file."
        case .workFactorTooLarge(let factor):
            "The file asks for scrypt work factor \(factor); at most \(Age.largestWorkFactor) is accepted."
        case .headerChanged: "The file's header was changed after it was written."
        case .payloadDamaged: "The file is damaged: part of it was changed, cut off or moved."
        case .badRecipients(let reason): reason
        }
    }
}
