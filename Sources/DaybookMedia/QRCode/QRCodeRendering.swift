import DaybookCore

extension QRCode {
    /// The code as an SVG image, dark on light with its quiet zone, one unit a module; `label` is its text
    /// alternative (escaped here).
    public func svg(label: String) -> String {
        let side = size + 2 * Self.quietZone
        var path = ""
        for y in 0..<size {
            var x = 0
            while x < size {
                guard isDark(x, y) else {
                    x += 1
                    continue
                }
                let start = x
                while x < size, isDark(x, y) { x += 1 }
                path += "M\(start + Self.quietZone) \(y + Self.quietZone)h\(x - start)v1h-\(x - start)z"
            }
        }
        return """
            <svg xmlns="http://www.w3.org/2000/svg" class="qr-code" viewBox="0 0 \(side) \(side)" \
            role="img" aria-label="\(HTMLText.escaped(label))" shape-rendering="crispEdges">\
            <rect width="\(side)" height="\(side)" fill="#fff"/><path d="\(path)" fill="#000"/></svg>
            """
    }

    /// The code for a terminal, two rows of modules a line in Unicode half blocks, with its quiet zone. It sets
    /// its own colours (black on white), so it reads the same on a dark or a light terminal.
    public func terminalBlock() -> String {
        let range = -Self.quietZone..<(size + Self.quietZone)
        let black = "\u{1B}[38;5;16m\u{1B}[48;5;231m"
        let reset = "\u{1B}[0m"
        var lines: [String] = []
        for y in stride(from: range.lowerBound, to: range.upperBound, by: 2) {
            let cells = range.map { x -> Character in
                switch (isDark(x, y), y + 1 < range.upperBound && isDark(x, y + 1)) {
                case (true, true): "█"
                case (true, false): "▀"
                case (false, true): "▄"
                case (false, false): " "
                }
            }
            lines.append(black + String(cells) + reset)
        }
        return lines.joined(separator: "\n")
    }
}
