import Foundation

/// Standard base64 without padding, as age writes it; only the canonical encoding of each value is accepted.
enum Base64Unpadded {
    static func encode(_ data: some DataProtocol) -> String {
        var text = Data(data).base64EncodedString()
        while text.hasSuffix("=") { text.removeLast() }
        return text
    }

    static func decode(_ text: some StringProtocol) -> Data? {
        guard !text.contains("="), text.count % 4 != 1 else { return nil }
        let padded = String(text) + String(repeating: "=", count: (4 - text.count % 4) % 4)
        guard let data = Data(base64Encoded: padded), encode(data) == text else { return nil }
        return data
    }
}
