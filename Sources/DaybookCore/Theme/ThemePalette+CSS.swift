import Foundation

extension ThemePalette {
    /// A stylesheet of CSS custom properties (`--canvas`, `--text-muted`, …) for both schemes.
    ///
    /// Light applies by default; dark applies when `<html data-appearance="dark">`, or when
    /// `data-appearance="system"` and the device prefers dark.
    public func css() -> String {
        """
        :root {
        \(Self.declarations(light, colorScheme: "light", indent: "  "))
        }

        :root[data-appearance="dark"] {
        \(Self.declarations(dark, colorScheme: "dark", indent: "  "))
        }

        @media (prefers-color-scheme: dark) {
          :root[data-appearance="system"] {
        \(Self.declarations(dark, colorScheme: "dark", indent: "    "))
          }
        }

        """
    }

    private static func declarations(_ scheme: ColorScheme, colorScheme: String, indent: String) -> String {
        var lines = ["color-scheme: \(colorScheme);"]
        lines += ColorScheme.Role.allCases.map { "\($0.cssVariable): \(scheme[$0].hex);" }
        return lines.map { indent + $0 }.joined(separator: "\n")
    }
}
