import Foundation

/// The colours of one appearance (light or dark), one per role a screen element plays.
public struct ColorScheme: Sendable, Equatable {
    /// The page background.
    public let canvas: HexColor
    /// Cards and other panels on the canvas.
    public let surface: HexColor
    /// Navigation bars and input backgrounds.
    public let raised: HexColor
    /// Body text.
    public let text: HexColor
    /// Secondary text: dates, hints, captions.
    public let textMuted: HexColor
    /// The fill of primary buttons and progress.
    public let accent: HexColor
    /// Text and icons on an `accent` fill.
    public let onAccent: HexColor
    /// Accent-tinted text and links on `canvas`, `surface`, `raised` and `accentSoft`.
    public let accentText: HexColor
    /// The tinted background of a selected navigation item or a chip.
    public let accentSoft: HexColor
    /// Decorative lines and dividers (not held to a text contrast ratio).
    public let border: HexColor
    /// Error text on `canvas`, `surface` and `raised`.
    public let danger: HexColor

    /// Creates a scheme from explicit colours; ``ThemePalette`` derives them from an accent.
    public init(
        canvas: HexColor, surface: HexColor, raised: HexColor, text: HexColor, textMuted: HexColor,
        accent: HexColor, onAccent: HexColor, accentText: HexColor, accentSoft: HexColor, border: HexColor,
        danger: HexColor
    ) {
        self.canvas = canvas
        self.surface = surface
        self.raised = raised
        self.text = text
        self.textMuted = textMuted
        self.accent = accent
        self.onAccent = onAccent
        self.accentText = accentText
        self.accentSoft = accentSoft
        self.border = border
        self.danger = danger
    }

    /// The role a colour plays; the raw value is its CSS custom property name without the `--`.
    public enum Role: String, CaseIterable, Sendable {
        case canvas
        case surface
        case raised
        case text
        case textMuted = "text-muted"
        case accent
        case onAccent = "on-accent"
        case accentText = "accent-text"
        case accentSoft = "accent-soft"
        case border
        case danger

        /// The CSS custom property, e.g. `--text-muted`.
        public var cssVariable: String { "--\(rawValue)" }
    }

    /// The colour for a role.
    public subscript(role: Role) -> HexColor {
        switch role {
        case .canvas: canvas
        case .surface: surface
        case .raised: raised
        case .text: text
        case .textMuted: textMuted
        case .accent: accent
        case .onAccent: onAccent
        case .accentText: accentText
        case .accentSoft: accentSoft
        case .border: border
        case .danger: danger
        }
    }

    /// A text colour and the background it is drawn on, which must reach WCAG AA (4.5:1).
    public struct ContrastPair: Sendable, Hashable {
        /// The text colour's role.
        public let foreground: Role
        /// The background's role.
        public let background: Role

        /// Reads as `"text-muted on surface"` in test failures and reports.
        public var name: String { "\(foreground.rawValue) on \(background.rawValue)" }
    }

    /// Every text-on-background combination the screens use; each reaches at least 4.5:1 for any accent.
    public static let textPairs: [ContrastPair] = [
        (Role.text, [Role.canvas, .surface, .raised, .accentSoft]),
        (.textMuted, [.canvas, .surface, .raised]),
        (.accentText, [.canvas, .surface, .raised, .accentSoft]),
        (.onAccent, [.accent]),
        (.danger, [.canvas, .surface, .raised]),
    ].flatMap { foreground, backgrounds in
        backgrounds.map { ContrastPair(foreground: foreground, background: $0) }
    }

    /// The contrast ratio of one pair in this scheme.
    public func contrastRatio(of pair: ContrastPair) -> Double {
        self[pair.foreground].contrastRatio(with: self[pair.background])
    }
}
