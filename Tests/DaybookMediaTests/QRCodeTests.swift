import Testing

@testable import DaybookMedia

@Suite("QR codes of pairing links")
struct QRCodeTests {
    let link = "https://box.tailnet.ts.net/pair#0123456789abcdefghijklmnopqrstuvwxyzABCDEFG"

    @Test("a link encodes as a square with the three finder patterns in its corners")
    func modules() throws {
        let code = try QRCode(link)
        #expect(code.size >= 21 && (code.size - 17) % 4 == 0)
        #expect(code.modules.count == code.size * code.size)
        for (x, y) in [(0, 0), (code.size - 7, 0), (0, code.size - 7)] {
            // A finder pattern: a dark ring, a light ring, a dark 3×3 centre.
            #expect(code.isDark(x, y) && code.isDark(x + 6, y + 6) && !code.isDark(x + 1, y + 1))
            #expect(code.isDark(x + 3, y + 3))
        }
        #expect(!code.isDark(-1, 0) && !code.isDark(code.size, 0))
    }

    @Test("the SVG has the quiet zone in its view box and escapes its label")
    func svg() throws {
        let code = try QRCode(link)
        let side = code.size + 2 * QRCode.quietZone
        let svg = code.svg(label: #"Code "1" <a>"#)
        #expect(
            svg.hasPrefix(#"<svg xmlns="http://www.w3.org/2000/svg" class="qr-code" viewBox="0 0 \#(side) \#(side)""#))
        #expect(svg.contains(#"aria-label="Code &quot;1&quot; &lt;a&gt;""#))
        #expect(svg.contains(#"<path d="M4 4h7v1h-7z"#))
        #expect(!svg.contains("style"))
    }

    @Test("the terminal block is two module rows a line, black on white, quiet zone included")
    func terminal() throws {
        let code = try QRCode(link)
        let lines = code.terminalBlock().split(separator: "\n")
        let side = code.size + 2 * QRCode.quietZone
        #expect(lines.count == (side + 1) / 2)
        #expect(lines.allSatisfy { $0.hasPrefix("\u{1B}[38;5;16m\u{1B}[48;5;231m") && $0.hasSuffix("\u{1B}[0m") })
        // The quiet zone: the first two lines are blank, the third starts the finder patterns.
        #expect(lines[0].contains(String(repeating: " ", count: side)))
        #expect(lines[2].contains("    █▀▀▀▀▀█ "))
    }

    @Test("text no QR code can hold is refused")
    func tooLong() {
        #expect(throws: QRCode.Failure.notEncodable) { try QRCode(String(repeating: "x", count: 5000)) }
        #expect(throws: QRCode.Failure.notEncodable) { try QRCode("") }
    }
}
