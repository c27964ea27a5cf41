import DaybookCore
import DaybookFeatures
import Foundation

/// Draws a widget's content as a self-contained SVG image: no script, no external font or link, every text
/// escaped. Widget apps that show images and e-ink dashboards fetch it; `scheme` colours it (light, dark, or
/// black on white for e-ink).
enum WidgetSVG {
    struct Colors {
        var background: String
        var text: String
        var muted: String
        var accent: String
        var track: String

        init(_ scheme: ColorScheme) {
            background = scheme.surface.hex
            text = scheme.text.hex
            muted = scheme.textMuted.hex
            accent = scheme.accent.hex
            track = scheme.border.hex
        }

        /// Black on white, nothing in between but one grey: e-ink panels show little more.
        static let ink = Colors(
            background: "#ffffff", text: "#000000", muted: "#000000", accent: "#000000", track: "#b0b0b0")

        init(background: String, text: String, muted: String, accent: String, track: String) {
            self.background = background
            self.text = text
            self.muted = muted
            self.accent = accent
            self.track = track
        }
    }

    /// The width and height each widget is drawn at, in CSS pixels (it scales to any size).
    static func size(of content: Widgets.Content) -> (Int, Int) {
        switch content {
        case .small: (170, 170)
        case .medium: (360, 170)
        case .circular: (76, 76)
        case .rectangular: (172, 76)
        case .tracker(let grid): (300, 96 + grid.weeks.count * 34)
        }
    }

    static func render(_ content: Widgets.Content, title: String, colors: Colors, language: String) -> String {
        let (width, height) = size(of: content)
        var svg = SVGWriter()
        svg.raw(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(width) \(height)\" width=\"\(width)\" height=\"\(height)\" role=\"img\" aria-labelledby=\"widget-title\" xml:lang=\"\(language)\" font-family=\"system-ui, 'Noto Sans', 'Noto Sans CJK KR', 'Noto Sans CJK JP', sans-serif\">"
        )
        svg.element("title", ["id": "widget-title"], text: title)
        svg.raw(
            "<rect width=\"\(width)\" height=\"\(height)\" rx=\"16\" fill=\"\(colors.background)\"/>")
        switch content {
        case .small(let small): drawSmall(small, &svg, colors)
        case .medium(let medium): drawMedium(medium, &svg, colors, width: width)
        case .circular(let circular): drawCircular(circular, &svg, colors)
        case .rectangular(let rectangular): drawRectangular(rectangular, &svg, colors, width: width)
        case .tracker(let grid): drawTracker(grid, &svg, colors)
        }
        svg.raw("</svg>")
        return svg.output
    }

    private static func drawSmall(_ small: Widgets.Small, _ svg: inout SVGWriter, _ colors: Colors) {
        svg.text(small.heading, x: 14, y: 26, size: 12, fill: colors.accent, weight: 600, id: "heading")
        if let block = small.block {
            svg.text(
                block.title, x: 14, y: 52, size: 17, fill: colors.text, weight: 650, maxCharacters: 16, id: "block")
            svg.text(block.time, x: 14, y: 72, size: 12, fill: colors.muted)
            svg.text(block.when, x: 14, y: 90, size: 12, fill: colors.muted, maxCharacters: 24)
        } else {
            svg.text(small.emptyText, x: 14, y: 56, size: 13, fill: colors.muted, maxCharacters: 22, id: "block")
        }
        svg.text(small.focusLabel, x: 14, y: 132, size: 11, fill: colors.muted)
        svg.text(small.focus, x: 14, y: 154, size: 20, fill: colors.text, weight: 650, id: "focus")
    }

    private static func drawMedium(_ medium: Widgets.Medium, _ svg: inout SVGWriter, _ colors: Colors, width: Int) {
        svg.text(medium.heading, x: 14, y: 26, size: 12, fill: colors.accent, weight: 600, id: "heading")
        if medium.blocks.isEmpty {
            svg.text(medium.emptyText, x: 14, y: 56, size: 13, fill: colors.muted, maxCharacters: 28)
        }
        for (index, block) in medium.blocks.enumerated() {
            let y = 52 + index * 34
            svg.raw("<rect x=\"14\" y=\"\(y - 14)\" width=\"4\" height=\"26\" rx=\"2\" fill=\"\(colors.accent)\"/>")
            svg.text(
                block.title, x: 26, y: y, size: 14, fill: colors.text, weight: block.isDue ? 650 : 500,
                maxCharacters: 20, className: "block")
            svg.text(block.time, x: 26, y: y + 14, size: 11, fill: colors.muted)
        }
        // The goal ring on the right.
        let cx = width - 62
        drawRing(medium.goal, focus: medium.focus, cx: cx, cy: 92, radius: 40, stroke: 10, &svg, colors)
    }

    private static func drawCircular(_ circular: Widgets.Circular, _ svg: inout SVGWriter, _ colors: Colors) {
        drawRing(circular.goal, focus: circular.focus, cx: 38, cy: 38, radius: 30, stroke: 7, &svg, colors)
    }

    private static func drawRing(
        _ goal: Widgets.Goal?, focus: String, cx: Int, cy: Int, radius: Double, stroke: Int, _ svg: inout SVGWriter,
        _ colors: Colors
    ) {
        let circumference = 2 * Double.pi * radius
        svg.raw(
            "<circle cx=\"\(cx)\" cy=\"\(cy)\" r=\"\(radius)\" fill=\"none\" stroke=\"\(colors.track)\" stroke-width=\"\(stroke)\"/>"
        )
        if let goal, goal.fraction > 0 {
            svg.raw(
                "<circle id=\"ring\" cx=\"\(cx)\" cy=\"\(cy)\" r=\"\(radius)\" fill=\"none\" stroke=\"\(colors.accent)\" stroke-width=\"\(stroke)\" stroke-linecap=\"round\" stroke-dasharray=\""
                    + String(format: "%.2f %.2f", goal.fraction * circumference, circumference)
                    + "\" transform=\"rotate(-90 \(cx) \(cy))\"/>")
        }
        let label = goal?.percent ?? focus
        svg.text(
            label, x: cx, y: cy + Int(radius / 6), size: max(11, Int(radius / 2.4)), fill: colors.text, weight: 650,
            anchor: "middle", id: "ring-label")
    }

    private static func drawRectangular(
        _ rectangular: Widgets.Rectangular, _ svg: inout SVGWriter, _ colors: Colors, width: Int
    ) {
        svg.text(rectangular.timer.stateLabel, x: 12, y: 22, size: 11, fill: colors.accent, weight: 600, id: "state")
        svg.text(
            rectangular.task ?? rectangular.emptyText, x: 12, y: 42, size: 14, fill: colors.text, weight: 600,
            maxCharacters: 20, id: "task")
        svg.text(rectangular.timer.clock, x: 12, y: 64, size: 16, fill: colors.text, weight: 650, id: "clock")
        if rectangular.timer.remainingSeconds != nil {
            let barWidth = Double(width - 86)
            svg.raw(
                "<rect x=\"74\" y=\"56\" width=\"\(Int(barWidth))\" height=\"6\" rx=\"3\" fill=\"\(colors.track)\"/>")
            svg.raw(
                "<rect id=\"progress\" x=\"74\" y=\"56\" width=\""
                    + String(format: "%.1f", barWidth * rectangular.timer.progress)
                    + "\" height=\"6\" rx=\"3\" fill=\"\(colors.accent)\"/>")
        }
    }

    private static func drawTracker(_ grid: Widgets.TrackerGrid, _ svg: inout SVGWriter, _ colors: Colors) {
        // The tracker's own colour, except on e-ink, which shows black.
        var colors = colors
        if colors.accent != Colors.ink.accent, HexColor(hex: grid.color) != nil { colors.accent = grid.color }
        svg.text(grid.name, x: 14, y: 26, size: 15, fill: colors.text, weight: 650, maxCharacters: 22, id: "name")
        svg.text(grid.month, x: 286, y: 26, size: 11, fill: colors.muted, anchor: "end")
        svg.text(
            "\(grid.streak) · \(grid.strength)", x: 14, y: 44, size: 11, fill: colors.muted, maxCharacters: 44,
            id: "streak")
        for (index, weekday) in grid.weekdays.enumerated() {
            svg.text(weekday, x: 14 + index * 40 + 16, y: 68, size: 10, fill: colors.muted, anchor: "middle")
        }
        for (row, week) in grid.weeks.enumerated() {
            for (column, cell) in week.enumerated() {
                let x = 14 + column * 40
                let y = 76 + row * 34
                let fill: String
                let opacity: String
                if cell.isOutside {
                    (fill, opacity) = (colors.track, "0.25")
                } else if cell.isCovered {
                    // Covered by the window's done days: lighter than a done day, and outlined (below).
                    (fill, opacity) = (colors.accent, "0.2")
                } else if cell.level > 0 {
                    (fill, opacity) = (colors.accent, String(format: "%.2f", 0.25 + 0.75 * Double(cell.level) / 100))
                } else {
                    (fill, opacity) = (colors.track, "0.6")
                }
                // Today's outline wins over the covered one: one stroke per cell.
                let covered =
                    cell.isCovered
                    ? " data-covered=\"true\""
                        + (cell.isToday ? "" : " stroke=\"\(colors.accent)\" stroke-dasharray=\"3 2\"")
                    : ""
                svg.raw(
                    "<rect class=\"day\" data-day=\"\(cell.day)\"\(cell.isMet ? " data-met=\"true\"" : "")\(covered) x=\"\(x)\" y=\"\(y)\" width=\"32\" height=\"28\" rx=\"6\" fill=\"\(fill)\" fill-opacity=\"\(opacity)\"\(cell.isToday ? " stroke=\"\(colors.text)\" stroke-width=\"2\"" : "")>"
                )
                svg.element("title", [:], text: cell.label)
                svg.raw("</rect>")
                svg.text(
                    cell.number, x: x + 16, y: y + 18, size: 11,
                    fill: cell.level >= 60 && !cell.isOutside ? colors.background : colors.text, anchor: "middle")
            }
        }
    }
}

/// Builds SVG markup; every text goes through `HTMLText` escaping, which is also right for XML.
struct SVGWriter {
    private(set) var output = ""

    mutating func raw(_ markup: String) {
        output += markup
    }

    mutating func element(_ name: String, _ attributes: [String: String], text: String) {
        output += "<\(name)"
        for (key, value) in attributes.sorted(by: { $0.key < $1.key }) {
            output += " \(key)=\"\(HTMLText.escaped(value))\""
        }
        output += ">"
        HTMLText.append(text, to: &output)
        output += "</\(name)>"
    }

    /// A line of text, cut with an ellipsis past `maxCharacters` so it stays inside the widget.
    mutating func text(
        _ text: String, x: Int, y: Int, size: Int, fill: String, weight: Int = 400, anchor: String = "start",
        maxCharacters: Int? = nil, id: String? = nil, className: String? = nil
    ) {
        var shown = text
        if let maxCharacters, Self.width(of: shown) > maxCharacters {
            // Cut by how wide the characters are: a Hangul syllable or a kanji takes two Latin letters' room.
            var width = 0
            shown =
                String(
                    shown.prefix { character in
                        width += Self.width(of: String(character))
                        return width <= maxCharacters - 1
                    }) + "…"
        }
        var attributes = [
            "x": String(x), "y": String(y), "font-size": String(size), "fill": fill, "font-weight": String(weight),
        ]
        if anchor != "start" { attributes["text-anchor"] = anchor }
        if let id { attributes["id"] = id }
        if let className { attributes["class"] = className }
        element("text", attributes, text: shown)
    }

    /// Columns `text` takes: two for East Asian wide characters, one for the rest.
    static func width(of text: String) -> Int {
        text.unicodeScalars.reduce(0) { total, scalar in
            switch scalar.value {
            case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
                0xFFE0...0xFFE6, 0x20000...0x3FFFD:
                total + 2
            default: total + 1
            }
        }
    }
}
