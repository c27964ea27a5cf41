import Foundation

/// One range of a `Range: bytes=…` request header, resolved against a body's length.
///
/// Media elements ask for ranges, and Safari plays audio only from a server that answers them with
/// `206 Partial Content`; a loop that restarts is a new range request. Only a single range is served;
/// a header asking for several is answered with the whole body, as the standard allows.
struct ByteRange: Equatable {
    /// First byte, inclusive.
    var lower: Int
    /// Last byte, inclusive.
    var upper: Int

    var count: Int { upper - lower + 1 }

    enum Parsed: Equatable {
        /// No usable range: serve the whole body with 200.
        case whole
        /// Serve these bytes with 206.
        case part(ByteRange)
        /// The range lies beyond the body: 416.
        case unsatisfiable
    }

    /// Reads `header` (the value of `Range`) for a body of `length` bytes.
    static func parse(_ header: String?, length: Int) -> Parsed {
        guard let header, header.hasPrefix("bytes=") else { return .whole }
        let spec = header.dropFirst("bytes=".count).trimmingCharacters(in: .whitespaces)
        guard !spec.contains(","), let dash = spec.firstIndex(of: "-") else { return .whole }
        let first = spec[..<dash].trimmingCharacters(in: .whitespaces)
        let last = spec[spec.index(after: dash)...].trimmingCharacters(in: .whitespaces)
        if first.isEmpty {
            // The last N bytes.
            guard let suffix = Int(last), suffix >= 0 else { return .whole }
            guard suffix > 0, length > 0 else { return .unsatisfiable }
            return .part(ByteRange(lower: max(0, length - suffix), upper: length - 1))
        }
        guard let lower = Int(first), lower >= 0 else { return .whole }
        guard lower < length else { return .unsatisfiable }
        if last.isEmpty { return .part(ByteRange(lower: lower, upper: length - 1)) }
        guard let upper = Int(last), upper >= lower else { return .whole }
        return .part(ByteRange(lower: lower, upper: min(upper, length - 1)))
    }
}
