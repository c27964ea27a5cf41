/// Bech32 (BIP 173), the encoding of age's recipients (`age1…`) and identities (`AGE-SECRET-KEY-1…`).
enum Bech32 {
    private static let alphabet = Array("qpzry9x8gf2tvdw0s3jn54khce6mua7l".utf8)
    private static let generator: [UInt32] = [0x3b6a_57b2, 0x2650_8e6d, 0x1ea1_19fa, 0x3d42_33dd, 0x2a14_62b3]

    /// - Parameter uppercase: write the whole string in capitals (identities), else in small letters.
    static func encode(humanPart: String, data: [UInt8], uppercase: Bool = false) -> String {
        let values = regroup(data, from: 8, to: 5, pad: true) ?? []
        let checksum = self.checksum(humanPart: humanPart.lowercased(), values: values)
        let text =
            humanPart.lowercased() + "1"
            + String(decoding: (values + checksum).map { alphabet[Int($0)] }, as: UTF8.self)
        return uppercase ? text.uppercased() : text
    }

    /// The human-readable part (in small letters) and the bytes, or nil when the string is not valid Bech32.
    static func decode(_ text: String) -> (humanPart: String, data: [UInt8])? {
        guard text == text.lowercased() || text == text.uppercased() else { return nil }
        let lower = Array(text.lowercased().utf8)
        guard let separator = lower.lastIndex(of: UInt8(ascii: "1")), separator > 0, lower.count - separator > 6
        else { return nil }
        guard lower[..<separator].allSatisfy({ (33...126).contains($0) }) else { return nil }
        let humanPart = String(decoding: lower[..<separator], as: UTF8.self)
        var values: [UInt8] = []
        for character in lower[(separator + 1)...] {
            guard let value = alphabet.firstIndex(of: character) else { return nil }
            values.append(UInt8(value))
        }
        guard polymod(expand(humanPart) + values) == 1 else { return nil }
        guard let data = regroup(Array(values.dropLast(6)), from: 5, to: 8, pad: false) else { return nil }
        return (humanPart, data)
    }

    private static func checksum(humanPart: String, values: [UInt8]) -> [UInt8] {
        let mod = polymod(expand(humanPart) + values + [0, 0, 0, 0, 0, 0]) ^ 1
        return (0..<6).map { UInt8((mod >> (5 * (5 - UInt32($0)))) & 31) }
    }

    private static func expand(_ humanPart: String) -> [UInt8] {
        let bytes = Array(humanPart.utf8)
        return bytes.map { $0 >> 5 } + [0] + bytes.map { $0 & 31 }
    }

    private static func polymod(_ values: [UInt8]) -> UInt32 {
        var check: UInt32 = 1
        for value in values {
            let top = check >> 25
            check = (check & 0x1ff_ffff) << 5 ^ UInt32(value)
            for bit in 0..<5 where (top >> bit) & 1 == 1 { check ^= generator[bit] }
        }
        return check
    }

    /// Regroups bits (8 → 5 with padding to write, 5 → 8 without to read; leftover bits must be zero).
    private static func regroup(_ values: [UInt8], from: Int, to: Int, pad: Bool) -> [UInt8]? {
        var accumulator = 0
        var bits = 0
        var result: [UInt8] = []
        let mask = (1 << to) - 1
        for value in values {
            accumulator = (accumulator << from) | Int(value)
            bits += from
            while bits >= to {
                bits -= to
                result.append(UInt8((accumulator >> bits) & mask))
            }
        }
        if pad {
            if bits > 0 { result.append(UInt8((accumulator << (to - bits)) & mask)) }
        } else if bits >= from || (accumulator << (to - bits)) & mask != 0 {
            return nil
        }
        return result
    }
}
