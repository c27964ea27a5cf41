/// Text made safe to place in a URL's path segment or query value.
public enum URLText {
    /// `text` with everything but ASCII letters, digits and `-._~` percent-encoded as UTF-8 bytes, as
    /// Foundation's `addingPercentEncoding(withAllowedCharacters:)` does with `.alphanumerics` and those four
    /// (it encodes every character outside ASCII).
    ///
    /// Written with the standard library alone: the command line encodes a search on every run, and
    /// Foundation's character sets cost more to load than the whole encoding.
    public static func component(_ text: String) -> String {
        var encoded = String()
        encoded.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if isUnreserved(scalar) {
                encoded.unicodeScalars.append(scalar)
                continue
            }
            for byte in String(scalar).utf8 {
                encoded.unicodeScalars.append("%")
                encoded.unicodeScalars.append(hexDigits[Int(byte >> 4)])
                encoded.unicodeScalars.append(hexDigits[Int(byte & 0xF)])
            }
        }
        return encoded
    }

    /// RFC 3986's unreserved characters.
    private static func isUnreserved(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "-", ".", "_", "~": return true
        default: return false
        }
    }

    private static let hexDigits: [Unicode.Scalar] = Array("0123456789ABCDEF".unicodeScalars)
}
