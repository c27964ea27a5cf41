import DaybookCore

/// The theme of the owner's accent and appearance, derived when they change rather than on every page.
final class ThemeCache: Sendable {
    struct Theme: Sendable {
        var links: ThemeLinks
        var stylesheet: String
    }

    private let last = Locked<(key: String, theme: Theme)?>(nil)

    func theme(accent: HexColor, appearance: Appearance) -> Theme {
        let key = accent.hex + "/" + appearance.rawValue
        if let hit = last.withLock({ $0?.key == key ? $0?.theme : nil }) { return hit }
        let palette = ThemePalette(accent: accent)
        let theme = Theme(links: ThemeLinks(palette: palette, appearance: appearance), stylesheet: palette.css())
        last.withLock { $0 = (key, theme) }
        return theme
    }
}
