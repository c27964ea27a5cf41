import Crypto
import Foundation

/// One recipient stanza of the header: `-> TYPE ARGS…` and a base64 body wrapping the file key.
struct AgeStanza: Equatable {
    var type: String
    var arguments: [String]
    var body: Data

    var text: String {
        var lines = ["-> " + ([type] + arguments).joined(separator: " ")]
        let encoded = Array(Base64Unpadded.encode(body))
        // Full lines of 64 columns, then a last shorter line (empty when the body fills its lines exactly).
        var start = 0
        while encoded.count - start >= 64 {
            lines.append(String(encoded[start..<start + 64]))
            start += 64
        }
        lines.append(String(encoded[start...]))
        return lines.joined(separator: "\n") + "\n"
    }
}

/// The header of an age v1 file: its stanzas and the MAC over them.
struct AgeHeader {
    var stanzas: [AgeStanza]
    var mac: Data

    /// The bytes the MAC covers: everything up to and including `---`.
    static func macInput(_ stanzas: [AgeStanza]) -> Data {
        Data((Age.intro + "\n" + stanzas.map(\.text).joined() + "---").utf8)
    }

    static func macKey(fileKey: SymmetricKey) -> SymmetricKey {
        HKDF<SHA256>.deriveKey(
            inputKeyMaterial: fileKey, salt: Data(), info: Data("header".utf8), outputByteCount: 32)
    }

    static func encode(stanzas: [AgeStanza], fileKey: SymmetricKey) -> Data {
        let covered = macInput(stanzas)
        let mac = HMAC<SHA256>.authenticationCode(for: covered, using: macKey(fileKey: fileKey))
        return covered + Data((" " + Base64Unpadded.encode(Data(mac)) + "\n").utf8)
    }

    func verify(fileKey: SymmetricKey) -> Bool {
        HMAC<SHA256>.isValidAuthenticationCode(
            mac, authenticating: Self.macInput(stanzas), using: Self.macKey(fileKey: fileKey))
    }

    /// Reads the header line by line from the start of a file, leaving the source at the payload's nonce.
    static func read(from source: inout ByteSource) throws -> AgeHeader {
        var lineNumber = 0
        func nextLine() throws -> String {
            lineNumber += 1
            guard let line = try source.readLine(limit: Age.largestHeader) else {
                throw lineNumber == 1 ? Age.Failure.notAgeFile : Age.Failure.malformedHeader("it ends early")
            }
            return line
        }
        guard try nextLine() == Age.intro else { throw Age.Failure.notAgeFile }
        var stanzas: [AgeStanza] = []
        var line = try nextLine()
        while line.hasPrefix("-> ") {
            let words = line.dropFirst(3).split(separator: " ", omittingEmptySubsequences: false).map(String.init)
            guard let type = words.first, words.allSatisfy(isArgument) else {
                throw Age.Failure.malformedHeader("line \(lineNumber)")
            }
            var encoded = ""
            while true {
                let bodyLine = try nextLine()
                guard bodyLine.count <= 64 else { throw Age.Failure.malformedHeader("line \(lineNumber)") }
                encoded += bodyLine
                if bodyLine.count < 64 { break }
            }
            guard let body = Base64Unpadded.decode(encoded) else {
                throw Age.Failure.malformedHeader("line \(lineNumber)")
            }
            stanzas.append(AgeStanza(type: type, arguments: Array(words.dropFirst()), body: body))
            line = try nextLine()
        }
        guard line.hasPrefix("--- "), let mac = Base64Unpadded.decode(line.dropFirst(4)), mac.count == 32 else {
            throw Age.Failure.malformedHeader("line \(lineNumber)")
        }
        guard !stanzas.isEmpty else { throw Age.Failure.malformedHeader("it names no recipient") }
        return AgeHeader(stanzas: stanzas, mac: mac)
    }

    /// Arguments are printable ASCII without spaces, at least one character.
    private static func isArgument(_ word: String) -> Bool {
        !word.isEmpty && word.utf8.allSatisfy { (33...126).contains($0) }
    }
}
