import Foundation

/// The light and dark colour schemes derived from the one accent colour a person picks.
///
/// Both schemes keep the accent's hue. Light pulls its saturation down over warm cream paper;
/// dark keeps it vivid over deep, hue-tinted near-black. Every pair in ``ColorScheme/textPairs``
/// reaches WCAG AA (4.5:1) in both schemes, whatever the accent.
public struct ThemePalette: Sendable, Equatable {
    /// The scheme for light appearance.
    public let light: ColorScheme
    /// The scheme for dark appearance.
    public let dark: ColorScheme

    /// Derives both schemes from an accent colour.
    ///
    /// - Parameter accent: Any colour, including greys, black and white.
    public init(accent: HexColor) {
        light = .light(accent: accent)
        dark = .dark(accent: accent)
    }

    /// The colour for a web manifest's `theme_color` and the browser's `theme-color` meta tag: the light accent fill.
    public var themeColor: HexColor { light.accent }
}
