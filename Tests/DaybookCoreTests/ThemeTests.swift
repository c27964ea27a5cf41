import Foundation
import Testing

@testable import DaybookCore

@Suite("Hex colours")
struct HexColorTests {
    @Test(
        "accepts #RRGGBB, RRGGBB and #RGB in any case, trimmed",
        arguments: [
            ("#2f6f6a", "#2f6f6a"), ("2F6F6A", "#2f6f6a"), ("  #A0b1C2\n", "#a0b1c2"), ("#fa0", "#ffaa00"),
            ("FA0", "#ffaa00"), ("#000", "#000000"), ("#FFFFFF", "#ffffff"),
        ])
    func acceptsHexForms(input: String, expected: String) {
        #expect(HexColor(hex: input)?.hex == expected)
    }

    @Test(
        "rejects anything else",
        arguments: ["#12345", "zzzzzz", "", "#1234567", "red", "#", "##123456", "0x123456", "+12345", "12 345", "#ggg"])
    func rejectsOtherText(input: String) {
        #expect(HexColor(hex: input) == nil)
    }

    @Test("encodes and decodes as its hex string")
    func codableAsHexString() throws {
        // Given a colour in a settings document
        let color = HexColor(red: 0x2f, green: 0x6f, blue: 0x6a)
        // When it is written and read back
        let json = try JSONEncoder().encode([color])
        // Then the file shows the hex string, and garbage is refused
        #expect(String(decoding: json, as: UTF8.self) == ##"["#2f6f6a"]"##)
        #expect(try JSONDecoder().decode([HexColor].self, from: json) == [color])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([HexColor].self, from: Data(#"["red"]"#.utf8)) }
    }

    @Test("contrast ratio follows WCAG 2.x")
    func contrastKnownValues() {
        #expect(HexColor.black.contrastRatio(with: .white) == 21)
        #expect(HexColor.white.contrastRatio(with: .black) == 21)
        let teal = HexColor(red: 0x2f, green: 0x6f, blue: 0x6a)
        #expect(teal.contrastRatio(with: teal) == 1)
        // #767676 is the lightest grey that passes AA on white; #777777 just fails.
        #expect(HexColor(hex: "#767676")!.contrastRatio(with: .white) >= 4.5)
        #expect(HexColor(hex: "#777777")!.contrastRatio(with: .white) < 4.5)
        #expect(abs(HexColor(hex: "#777777")!.contrastRatio(with: .white) - 4.48) < 0.01)
    }
}

@Suite("Theme palette")
struct ThemePaletteTests {
    /// Every pair of ``ColorScheme/textPairs`` in both schemes that falls short of AA, described for a failure message.
    static func failures(for accents: some Sequence<HexColor>) -> [String] {
        var failures: [String] = []
        for accent in accents {
            let palette = ThemePalette(accent: accent)
            for (name, scheme) in [("light", palette.light), ("dark", palette.dark)] {
                for pair in ColorScheme.textPairs {
                    let ratio = scheme.contrastRatio(of: pair)
                    if ratio < 4.5 {
                        failures.append("\(accent.hex) \(name): \(pair.name) is \(ratio)")
                    }
                }
            }
        }
        return failures
    }

    static let channelSteps = Array(stride(from: 0, through: 255, by: 5))

    @Test("every text pair reaches AA for every accent on a 5-step RGB grid", arguments: channelSteps)
    func sweepGrid(red: Int) {
        // Given every accent with this red channel and green, blue in steps of 5
        let accents = Self.channelSteps.flatMap { green in
            Self.channelSteps.map { blue in HexColor(red: UInt8(red), green: UInt8(green), blue: UInt8(blue)) }
        }
        // When both schemes are derived, Then no text pair falls below 4.5:1
        let failures = Self.failures(for: accents)
        #expect(failures.isEmpty, "\(failures.count) failures, first: \(failures.prefix(10).joined(separator: "; "))")
    }

    @Test("every text pair reaches AA for all greys and the extremes")
    func sweepGreysAndExtremes() {
        let greys = (0...255).map { HexColor(red: UInt8($0), green: UInt8($0), blue: UInt8($0)) }
        let extremes = [
            "#ffff00", "#00ffff", "#ff00ff", "#0000ff", "#ff0000", "#00ff00", "#ffffff", "#000000", "#010101",
            "#fefefe", "#7f7f7f", "#808080", "#767676", "#0000fe", "#ffff01", "#ff8000", "#2f6f6a",
        ].compactMap { HexColor(hex: $0) }
        let failures = Self.failures(for: greys + extremes)
        #expect(failures.isEmpty, "\(failures.count) failures, first: \(failures.prefix(10).joined(separator: "; "))")
    }

    @Test("light canvas is warm cream for a neutral accent", arguments: ["#808080", "#000000", "#ffffff"])
    func lightCanvasIsCream(accent: String) throws {
        let canvas = ThemePalette(accent: try #require(HexColor(hex: accent))).light.canvas
        #expect(canvas.red >= canvas.green && canvas.green >= canvas.blue && canvas.red > canvas.blue)
        #expect(canvas.hsl.lightness > 0.9)
    }

    @Test(
        "dark canvas is near-black whatever the accent",
        arguments: ["#2f6f6a", "#ffffff", "#ffff00", "#00ffff", "#000000"])
    func darkCanvasIsDark(accent: String) throws {
        let palette = ThemePalette(accent: try #require(HexColor(hex: accent)))
        #expect(palette.dark.canvas.relativeLuminance < 0.05)
        #expect(palette.dark.surface.relativeLuminance < 0.05)
    }

    @Test(
        "accent fill keeps the hue of a saturated accent",
        arguments: ["#ff0000", "#0000ff", "#ffff00", "#2f6f6a", "#7b4fa0", "#e11d48"])
    func accentHueIsPreserved(accent: String) throws {
        let picked = try #require(HexColor(hex: accent))
        let palette = ThemePalette(accent: picked)
        for fill in [palette.light.accent, palette.dark.accent] {
            let difference = abs(fill.hsl.hue - picked.hsl.hue)
            #expect(min(difference, 360 - difference) < 3, "\(accent) became \(fill.hex)")
        }
    }

    @Test("light pulls the accent's saturation down, dark keeps it vivid")
    func saturationByScheme() {
        let palette = ThemePalette(accent: HexColor(hex: "#e11d48")!)
        #expect(palette.light.accent.hsl.saturation < palette.dark.accent.hsl.saturation)
        #expect(palette.themeColor == palette.light.accent)
    }

    @Test("css declares every role once in each of the three blocks")
    func cssHasEveryVariableOncePerBlock() throws {
        // Given the default teal accent
        let css = ThemePalette(accent: HexColor(hex: "#2f6f6a")!).css()
        // When the stylesheet is cut into its light, dark and system-dark blocks
        let blocks = try [":root {", #":root[data-appearance="dark"] {"#, #":root[data-appearance="system"] {"#].map {
            opener in
            let start = try #require(css.range(of: opener))
            let end = try #require(css.range(of: "}", range: start.upperBound..<css.endIndex))
            return String(css[start.upperBound..<end.lowerBound])
        }
        // Then each block declares its color-scheme and every variable exactly once
        #expect(css.contains("@media (prefers-color-scheme: dark) {"))
        #expect(blocks[0].contains("color-scheme: light;"))
        #expect(blocks[1].contains("color-scheme: dark;") && blocks[2].contains("color-scheme: dark;"))
        let names = [
            "--canvas", "--surface", "--raised", "--text", "--text-muted", "--accent", "--on-accent", "--accent-text",
            "--accent-soft", "--border", "--danger",
        ]
        #expect(ColorScheme.Role.allCases.map(\.cssVariable) == names)
        for (index, block) in blocks.enumerated() {
            for name in names {
                #expect(block.components(separatedBy: "\(name):").count == 2, "\(name) in block \(index)")
            }
        }
        let palette = ThemePalette(accent: HexColor(hex: "#2f6f6a")!)
        #expect(blocks[0].contains("--accent: \(palette.light.accent.hex);"))
        #expect(blocks[2].contains("--canvas: \(palette.dark.canvas.hex);"))
    }
}
