import Foundation

/// An opaque sRGB colour with 8-bit channels, written as `#rrggbb`.
///
/// Encodes and decodes as its hex string, so settings files and JSON stay readable.
public struct HexColor: Hashable, Sendable {
    /// The red channel, 0–255.
    public let red: UInt8
    /// The green channel, 0–255.
    public let green: UInt8
    /// The blue channel, 0–255.
    public let blue: UInt8

    /// Creates a colour from its three 8-bit channels.
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Parses `#RRGGBB`, `RRGGBB`, `#RGB` or `RGB`, ignoring case and surrounding whitespace.
    ///
    /// - Parameter hex: The text a person typed or a stored setting.
    /// - Returns: `nil` for anything else, such as `#12345`, `red` or an empty string.
    public init?(hex: String) {
        var digits = Substring(hex.trimmingWhiteSpace())
        if digits.first == "#" { digits = digits.dropFirst() }
        var values: [UInt8] = []
        for byte in digits.utf8 {
            guard let value = Self.hexValue(of: byte) else { return nil }
            values.append(value)
        }
        switch values.count {
        case 6:
            self.init(
                red: values[0] << 4 | values[1], green: values[2] << 4 | values[3], blue: values[4] << 4 | values[5])
        case 3:
            self.init(red: values[0] * 17, green: values[1] * 17, blue: values[2] * 17)
        default:
            return nil
        }
    }

    /// The colour as `#rrggbb` in lowercase, the form used in CSS and in storage.
    public var hex: String {
        let digits = Array("0123456789abcdef".utf8)
        var bytes: [UInt8] = [UInt8(ascii: "#")]
        for channel in [red, green, blue] {
            bytes.append(digits[Int(channel >> 4)])
            bytes.append(digits[Int(channel & 0x0f)])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(of byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

extension HexColor: CustomStringConvertible {
    /// The `#rrggbb` form.
    public var description: String { hex }
}

/// Coded as its `#rrggbb` string; decoding accepts what `init?(hex:)` accepts.
extension HexColor: TextCodable {
    public init?(text: String) { self.init(hex: text) }
    public static let textForm = "a hex colour"
}

extension HexColor {
    /// Pure black, `#000000`.
    public static let black = HexColor(red: 0, green: 0, blue: 0)
    /// Pure white, `#ffffff`.
    public static let white = HexColor(red: 255, green: 255, blue: 255)

    /// The WCAG 2.x relative luminance: 0 for black, 1 for white.
    public var relativeLuminance: Double {
        0.2126 * linearSRGB[Int(red)] + 0.7152 * linearSRGB[Int(green)] + 0.0722 * linearSRGB[Int(blue)]
    }

    /// The WCAG 2.x contrast ratio between this colour and another, from 1 (identical) to 21 (black on white).
    ///
    /// The ratio is symmetric, so it does not matter which colour is the text.
    /// - Parameter other: The colour the text or shape sits on (or on top of it).
    public func contrastRatio(with other: HexColor) -> Double {
        let first = relativeLuminance
        let second = other.relativeLuminance
        return (max(first, second) + 0.05) / (min(first, second) + 0.05)
    }
}

/// Each 8-bit sRGB channel value linearised as in WCAG 2.x (a lookup table keeps sweeps cheap).
private let linearSRGB: [Double] = (0...255).map { value in
    let channel = Double(value) / 255
    return channel <= 0.04045 ? channel / 12.92 : pow((channel + 0.055) / 1.055, 2.4)
}
