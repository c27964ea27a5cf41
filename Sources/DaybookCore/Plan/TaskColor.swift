import Foundation

/// The colour of a planned block: one of the named presets, or any `#rrggbb`.
public enum TaskColor {
    /// The presets offered in the task form, in the order shown.
    public static let presets: [(name: String, color: HexColor)] = [
        ("teal", "#2f6f6a"), ("blue", "#3b5ba5"), ("purple", "#7b4fa0"), ("rose", "#b03a5b"),
        ("orange", "#c2562b"), ("amber", "#a07818"), ("green", "#4d7a2f"), ("slate", "#5b6470"),
    ].compactMap { name, hex in HexColor(hex: hex).map { (name, $0) } }

    /// The colour a task gets when none was chosen.
    public static let defaultName = "teal"

    /// The stored form of `text`: a preset's name in lowercase, or a hex colour as `#rrggbb`; `nil` when it is
    /// neither.
    public static func normalized(_ text: String) -> String? {
        let text = text.trimmingCharacters(in: .whitespaces).lowercased()
        if presets.contains(where: { $0.name == text }) { return text }
        return HexColor(hex: text)?.hex
    }

    /// The colour to paint for a stored value (preset name or hex); `nil` when it is neither.
    public static func color(for value: String) -> HexColor? {
        let text = value.trimmingCharacters(in: .whitespaces).lowercased()
        return presets.first { $0.name == text }?.color ?? HexColor(hex: text)
    }
}
