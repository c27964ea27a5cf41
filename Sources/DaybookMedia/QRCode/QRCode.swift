import CQRencode
import Foundation

/// A QR code as its square of modules (libqrencode, error correction level M).
public struct QRCode: Equatable, Sendable {
    /// Modules on a side, without the quiet zone.
    public let size: Int
    /// Row by row, `true` for a dark module.
    public let modules: [Bool]

    /// Light modules around the code on every side, as the standard asks.
    public static let quietZone = 4

    public enum Failure: Error, Equatable {
        /// The text is too long for a QR code, or libqrencode could not encode it.
        case notEncodable
    }

    /// - Throws: `Failure.notEncodable` for text no QR code can hold.
    public init(_ text: String) throws {
        guard !text.isEmpty, text.utf8.count <= 2000,
            let code = QRcode_encodeString(text, 0, QR_ECLEVEL_M, QR_MODE_8, 1)
        else { throw Failure.notEncodable }
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        size = width
        // Bit 0 of each byte is the module's colour; the other bits say how libqrencode placed it.
        modules = UnsafeBufferPointer(start: code.pointee.data, count: width * width).map { $0 & 1 == 1 }
    }

    /// Whether the module at column `x`, row `y` is dark; outside the code (the quiet zone) it is light.
    public func isDark(_ x: Int, _ y: Int) -> Bool {
        guard (0..<size).contains(x), (0..<size).contains(y) else { return false }
        return modules[y * size + x]
    }
}
