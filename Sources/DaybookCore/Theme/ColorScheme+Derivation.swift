import Foundation

/// How each appearance is derived from the accent a person picked.
///
/// Backgrounds come first and stay within a narrow band of lightness (cream or near-black), so
/// black or white text is always readable on all of them at once; every foreground is then passed
/// through ``ContrastGuard`` with each background it is drawn on.
extension ColorScheme {
    /// Editorial light look: warm cream paper, ink-dark text, the accent with its saturation pulled down.
    static func light(accent: HexColor) -> ColorScheme {
        let seed = accent.hsl
        let canvas = HexColor(red: 0xfa, green: 0xf6, blue: 0xee)
            .mixed(with: seed.with(lightness: 0.94).hexColor, amount: 0.10 * seed.saturation)
        let surface = canvas.mixed(with: .white, amount: 0.55)
        let raised = canvas.mixed(with: .white, amount: 0.85)
        let backgrounds = [canvas, surface, raised]
        let ink = HexColor(red: 0x24, green: 0x20, blue: 0x1b)
            .mixed(with: seed.with(lightness: 0.13).hexColor, amount: 0.25 * seed.saturation)

        // Same hue, a quarter less saturation; lightness kept off the extremes so a white accent
        // still shows as a button on cream. AccentFill then moves lightness only as far as contrast needs.
        let wanted = HSLColor(
            hue: seed.hue, saturation: seed.saturation * 0.75, lightness: min(max(seed.lightness, 0.15), 0.82))
        let fill = AccentFill(wanted: wanted, lightText: .white, darkText: ink)
        let accentSoft = ContrastGuard.adjusted(
            surface.mixed(with: fill.color, amount: 0.14), against: [.black], minimum: 12)
        let text = ContrastGuard.adjusted(ink, against: backgrounds + [accentSoft])
        return ColorScheme(
            canvas: canvas,
            surface: surface,
            raised: raised,
            text: text,
            textMuted: ContrastGuard.adjusted(text.mixed(with: canvas, amount: 0.42), against: backgrounds),
            accent: fill.color,
            onAccent: fill.textColor,
            accentText: ContrastGuard.adjusted(fill.color, against: backgrounds + [accentSoft]),
            accentSoft: accentSoft,
            border: canvas.mixed(with: text, amount: 0.14),
            danger: ContrastGuard.adjusted(
                HSLColor(hue: 4, saturation: 0.68, lightness: 0.42).hexColor, against: backgrounds)
        )
    }

    /// Modern dark look: deep near-black surfaces tinted by the hue, the accent at full saturation.
    static func dark(accent: HexColor) -> ColorScheme {
        let seed = accent.hsl
        let canvas = HexColor(red: 0x14, green: 0x12, blue: 0x0f)
            .mixed(with: seed.with(lightness: 0.075).hexColor, amount: 0.35 * seed.saturation)
        let surface = canvas.mixed(with: .white, amount: 0.045)
        let raised = canvas.mixed(with: .white, amount: 0.085)
        let backgrounds = [canvas, surface, raised]
        let paper = HexColor(red: 0xee, green: 0xe9, blue: 0xe1)
            .mixed(with: seed.with(lightness: 0.92).hexColor, amount: 0.2 * seed.saturation)

        // Saturation back up (a touch above the pick); a black accent becomes a grey that shows on near-black.
        let wanted = HSLColor(
            hue: seed.hue, saturation: min(seed.saturation * 1.1, 1), lightness: min(max(seed.lightness, 0.3), 0.8))
        let fill = AccentFill(wanted: wanted, lightText: .white, darkText: canvas)
        let accentSoft = ContrastGuard.adjusted(
            surface.mixed(with: fill.color, amount: 0.22), against: [.white], minimum: 9)
        let text = ContrastGuard.adjusted(paper, against: backgrounds + [accentSoft])
        return ColorScheme(
            canvas: canvas,
            surface: surface,
            raised: raised,
            text: text,
            textMuted: ContrastGuard.adjusted(text.mixed(with: canvas, amount: 0.36), against: backgrounds),
            accent: fill.color,
            onAccent: fill.textColor,
            accentText: ContrastGuard.adjusted(fill.color, against: backgrounds + [accentSoft]),
            accentSoft: accentSoft,
            border: canvas.mixed(with: paper, amount: 0.16),
            danger: ContrastGuard.adjusted(
                HSLColor(hue: 4, saturation: 0.9, lightness: 0.72).hexColor, against: backgrounds)
        )
    }
}

/// The accent fill and the text colour on it: light or dark text, whichever needs the accent's
/// lightness moved least (white wins a near tie, as on most primary buttons).
struct AccentFill {
    /// How much more lightness change white text may cost before dark text is used instead.
    static let whiteTextAllowance = 0.05

    let color: HexColor
    let textColor: HexColor

    init(wanted: HSLColor, lightText: HexColor, darkText: HexColor) {
        let start = wanted.hexColor
        let underLight = ContrastGuard.adjusted(start, against: [lightText])
        let underDark = ContrastGuard.adjusted(start, against: [darkText])
        let lightMove = abs(underLight.hsl.lightness - start.hsl.lightness)
        let darkMove = abs(underDark.hsl.lightness - start.hsl.lightness)
        if lightMove <= darkMove + Self.whiteTextAllowance {
            (color, textColor) = (underLight, lightText)
        } else {
            (color, textColor) = (underDark, darkText)
        }
    }
}
