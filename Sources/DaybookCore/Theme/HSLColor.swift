import Foundation

/// A colour as hue, saturation and lightness (HSL), the space the palette is derived in.
///
/// Moving `lightness` with hue and saturation fixed changes every RGB channel in the same
/// direction, so luminance (and contrast against a fixed background) changes monotonically.
struct HSLColor: Equatable, Sendable {
    /// Degrees in `0..<360`; 0 for greys.
    var hue: Double
    /// `0...1`; 0 for greys.
    var saturation: Double
    /// `0...1`; 0 is black, 1 is white.
    var lightness: Double

    init(hue: Double, saturation: Double, lightness: Double) {
        let turn = hue.truncatingRemainder(dividingBy: 360)
        self.hue = turn < 0 ? turn + 360 : turn
        self.saturation = min(max(saturation, 0), 1)
        self.lightness = min(max(lightness, 0), 1)
    }

    init(_ color: HexColor) {
        let red = Double(color.red) / 255
        let green = Double(color.green) / 255
        let blue = Double(color.blue) / 255
        let high = max(red, green, blue)
        let low = min(red, green, blue)
        let chroma = high - low
        let lightness = (high + low) / 2
        guard chroma > 0 else {
            self.init(hue: 0, saturation: 0, lightness: lightness)
            return
        }
        let sector: Double
        if high == red {
            sector = ((green - blue) / chroma).truncatingRemainder(dividingBy: 6)
        } else if high == green {
            sector = (blue - red) / chroma + 2
        } else {
            sector = (red - green) / chroma + 4
        }
        let hue = (sector * 60 + 360).truncatingRemainder(dividingBy: 360)
        let saturation = chroma / (1 - abs(2 * lightness - 1))
        self.init(hue: hue, saturation: saturation, lightness: lightness)
    }

    /// The nearest 8-bit colour.
    var hexColor: HexColor {
        let chroma = (1 - abs(2 * lightness - 1)) * saturation
        let sector = hue / 60
        let second = chroma * (1 - abs(sector.truncatingRemainder(dividingBy: 2) - 1))
        let (red, green, blue): (Double, Double, Double) =
            switch sector {
            case ..<1: (chroma, second, 0)
            case ..<2: (second, chroma, 0)
            case ..<3: (0, chroma, second)
            case ..<4: (0, second, chroma)
            case ..<5: (second, 0, chroma)
            default: (chroma, 0, second)
            }
        let offset = lightness - chroma / 2
        return HexColor(red: Self.byte(red + offset), green: Self.byte(green + offset), blue: Self.byte(blue + offset))
    }

    /// The same colour with a different lightness.
    func with(lightness: Double) -> HSLColor {
        HSLColor(hue: hue, saturation: saturation, lightness: lightness)
    }

    private static func byte(_ channel: Double) -> UInt8 {
        UInt8((min(max(channel, 0), 1) * 255).rounded())
    }
}

extension HexColor {
    /// A straight RGB blend: `amount` 0 keeps this colour, 1 gives `other`.
    func mixed(with other: HexColor, amount: Double) -> HexColor {
        let weight = min(max(amount, 0), 1)
        func blend(_ own: UInt8, _ theirs: UInt8) -> UInt8 {
            UInt8((Double(own) * (1 - weight) + Double(theirs) * weight).rounded())
        }
        return HexColor(red: blend(red, other.red), green: blend(green, other.green), blue: blend(blue, other.blue))
    }

    /// The colour in HSL.
    var hsl: HSLColor { HSLColor(self) }
}
